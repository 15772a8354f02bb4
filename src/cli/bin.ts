#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileBundle } from './code-cache.js';
import { InternalError } from '../shared/errors.js';

/**
 * The installed entry point: runs the one-file bundle main.cjs through its build-time code cache
 * (code-cache.ts). Without a bundle (the tsc output alone, in development) it imports main.js.
 */
const bundle = fileURLToPath(new URL('./main.cjs', import.meta.url));
const exported: unknown = existsSync(bundle) ? compileBundle(bundle).evaluate() : await import(['.', 'main.js'].join('/'));
const main: unknown = typeof exported === 'object' && exported !== null ? Reflect.get(exported, 'main') : undefined;
if (typeof main !== 'function') throw new InternalError('the CLI bundle exports no main()');
await Reflect.apply(main, undefined, []);
