#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { enableNodeCompileCache, loadBundle } from './code-cache.js';
import { InternalError } from '../shared/errors.js';

/**
 * The installed entry point: runs the one-file bundle main.cjs through its build-time code cache
 * or Node's compile cache (code-cache.ts). Without a bundle (the tsc output alone, in development) it imports main.js.
 * The package runs it as dist/src/cli/bin.cjs, bundled as CommonJS (package.json `bundle`): an
 * ES module entry costs Node its ES module loader, a dozen modules of its own compiled on every
 * run, 2 ms of a bench-home scan.
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

/** Resolves once everything written to `stream` so far has been handed to the system (or it is gone). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableLength === 0) resolve();
    else stream.write('', () => { resolve(); });
  });
}

/**
 * Ends the process once the run is over, with the exit code main() set. Left to itself, Node
 * ends a run by first waiting for every task V8 has queued on its worker threads (NodePlatform's
 * DrainTasks, when the event loop empties), and a scan ends with the optimising compiler's queue
 * full of functions that became hot too late to matter: on the bench home 20 ms of CPU and 4 ms
 * of wall time spent compiling code that will never run. process.exit() drops that queue.
 *
 * It is called only when nothing but the standard streams is left (a child process, socket,
 * timer or file request still active: Node ends the run itself, as before), and only after
 * standard output and error are flushed: writes to a pipe are asynchronous on POSIX and
 * process.exit() would cut them short (https://nodejs.org/docs/latest-v20.x/api/process.html#a-note-on-process-io).
 */
async function exitWhenDone(): Promise<void> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  // The flushing write's own request is listed until the loop turns once more.
  await new Promise<void>((resolve) => { setImmediate(resolve); });
  const left = process.getActiveResourcesInfo().filter((r) => r !== 'PipeWrap' && r !== 'TTYWrap');
  if (left.length === 0) process.exit();
}

const gone = workingFolderGone();
if (gone !== undefined) {
  process.stderr.write(`mcp-audit: the current folder cannot be read (${gone}: deleted?); run from an existing folder\n`);
  process.exit(2);
}
// Node's own compile cache, where this Node has one (code-cache.ts), for whatever the module loader compiles.
enableNodeCompileCache();
/** Runs main() from the bundle (from the tsc output when there is none), then ends the process. */
async function start(): Promise<void> {
  const bundle = fileURLToPath(new URL('./main.cjs', import.meta.url));
  const exported: unknown = existsSync(bundle) ? loadBundle(bundle).exports : await import(['.', 'main.js'].join('/'));
  const main: unknown = typeof exported === 'object' && exported !== null ? Reflect.get(exported, 'main') : undefined;
  if (typeof main !== 'function') throw new InternalError('the CLI bundle exports no main()');
  await Reflect.apply(main, undefined, []);
  await exitWhenDone();
}

// A rejection ends the run as an uncaught error does (Node prints it, exit 1): main() itself
// turns every failure of a command into a message and exit 2, so this is a bug's path only.
void start();
