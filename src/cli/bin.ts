#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileBundle } from './code-cache.js';
import { InternalError } from '../shared/errors.js';

/**
 * The installed entry point: runs the one-file bundle main.cjs through its build-time code cache
 * (code-cache.ts). Without a bundle (the tsc output alone, in development) it imports main.js.
 */
/**
 * Started in a folder deleted under the shell, process.cwd() throws (ENOENT uv_cwd), and yargs
 * calls it while loading (its platform shim: `mainFilename || process.cwd()`). Paths on the
 * command line are resolved against the working folder, so no command can run: one line, exit 2.
 */
function workingFolderGone(): string | undefined {
  try {
    process.cwd();
    return undefined;
  } catch (e: unknown) {
    const code: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, 'code') : undefined;
    return typeof code === 'string' ? code : 'unreadable';
  }
}

const gone = workingFolderGone();
if (gone !== undefined) {
  process.stderr.write(`mcp-audit: the current folder cannot be read (${gone}: deleted?); run from an existing folder\n`);
  process.exit(2);
}
const bundle = fileURLToPath(new URL('./main.cjs', import.meta.url));
const exported: unknown = existsSync(bundle) ? compileBundle(bundle).evaluate() : await import(['.', 'main.js'].join('/'));
const main: unknown = typeof exported === 'object' && exported !== null ? Reflect.get(exported, 'main') : undefined;
if (typeof main !== 'function') throw new InternalError('the CLI bundle exports no main()');
await Reflect.apply(main, undefined, []);
