import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { InternalError } from '../shared/errors.js';

/**
 * How the CLI bundle (one CommonJS file, dist/src/cli/main.cjs) is compiled on each start.
 *
 * - Node's own compile cache, where Node has one (`module.enableCompileCache()`, Node 22.1 and
 *   later: https://nodejs.org/docs/latest-v22.x/api/module.html#moduleenablecompilecachecachedir).
 *   It is enabled on every start; Node keeps it in its own folder (NODE_COMPILE_CACHE, else
 *   os.tmpdir()/node-compile-cache), and NODE_DISABLE_COMPILE_CACHE=1 turns it off, as for any
 *   Node program. A folder that cannot be written is Node's silent "failed" status, not a message.
 * - The build-time code cache (main.cjs.cache next to the bundle), used through vm.Script's
 *   `cachedData` (https://nodejs.org/docs/latest-v20.x/api/vm.html#new-vmscriptcode-options) only
 *   where it was made by this very V8 on this architecture: the build runs the commands a user runs
 *   most before it writes the cache (build-code-cache.ts), so the functions a scan needs are in it,
 *   which Node's cache (made as a file is compiled, before it runs) lacks. Nothing is written by it
 *   at run time.
 *
 * Elsewhere the bundle is loaded as a CommonJS module, so that Node's cache covers it where it
 * exists (and, on Node 20 without a matching cache, it is compiled from source, as any module is).
 * No V8 flag is set: internal flags differ between V8 versions, and a flag a newer Node lacks is an
 * error line on every run (`unrecognized flag`).
 *
 * V8 checks a cache against its own version and flags and the source's length, not its content,
 * so the cache file starts with the SHA-256 of the exact bundle it was made from and of the V8
 * version and architecture that made it: a cache for other bytes or another V8 is not handed to V8.
 */
const HASH_BYTES = 32;
const HEADER_BYTES = 2 * HASH_BYTES;

/** used: V8 took the cache; rejected: V8 refused it; stale: made for other bytes; other-node: made by another V8; absent: no cache file. */
export type CacheState = 'used' | 'rejected' | 'stale' | 'other-node' | 'absent';

/** How the bundle was compiled: with the build's code cache, through Node's module loader (and its compile cache), or from source by vm. */
export type LoadedBy = 'code-cache' | 'module-loader' | 'source';

export interface LoadedBundle {
  /** The bundle's module.exports. */
  readonly exports: unknown;
  readonly cache: CacheState;
  readonly by: LoadedBy;
}

const sha256 = (bytes: Buffer | string): Buffer => createHash('sha256').update(bytes).digest();

/** The V8 build a code cache belongs to (V8 refuses a cache from any other). */
const runtimeHash = (): Buffer => sha256(`${process.versions.v8} ${process.arch}`);

function readCacheFile(cachePath: string): Buffer | undefined {
  try {
    return readFileSync(cachePath);
  } catch {
    return undefined;
  }
}

/** Node's compile cache, where this Node has it; its status is Node's to report (a debug log), never ours. */
export function enableNodeCompileCache(): void {
  const enable: unknown = Reflect.get(nodeModule, 'enableCompileCache');
  if (typeof enable === 'function') Reflect.apply(enable, nodeModule, []);
}

export const hasNodeCompileCache = (): boolean => typeof Reflect.get(nodeModule, 'enableCompileCache') === 'function';

/**
 * Compiles the bundle at `bundlePath` with the build's code cache and runs its top level, or loads
 * it as a CommonJS module when that cache is not this V8's (or absent). Throws if it cannot be read.
 */
export function loadBundle(bundlePath: string, cachePath = `${bundlePath}.cache`): LoadedBundle {
  const file = readCacheFile(cachePath);
  // Another V8's cache is refused before the bundle is read or hashed.
  const checked = file === undefined ? { state: 'absent' as const } : file.length > HEADER_BYTES && file.subarray(HASH_BYTES, HEADER_BYTES).equals(runtimeHash())
    ? checkCache(file, readFileSync(bundlePath)) : { state: 'other-node' as const };
  if (checked.state !== 'used') return { exports: createRequire(bundlePath)(bundlePath), cache: checked.state, by: 'module-loader' };
  const compiled = compile(bundlePath, checked.source, checked);
  return { exports: compiled.evaluate(), cache: compiled.cache, by: compiled.cache === 'used' ? 'code-cache' : 'source' };
}

export interface CompiledBundle {
  readonly script: vm.Script;
  readonly source: Buffer;
  readonly cache: CacheState;
  /** Runs the bundle's top level once and returns its module.exports. */
  evaluate(): unknown;
}

type Checked = { readonly state: 'used'; readonly data: Buffer; readonly source: Buffer } | { readonly state: Exclude<CacheState, 'used' | 'rejected'>; readonly source?: Buffer };

function checkCache(file: Buffer | undefined, source: Buffer): Checked {
  if (file === undefined) return { state: 'absent', source };
  if (file.length <= HEADER_BYTES || !file.subarray(0, HASH_BYTES).equals(sha256(source))) return { state: 'stale', source };
  if (!file.subarray(HASH_BYTES, HEADER_BYTES).equals(runtimeHash())) return { state: 'other-node', source };
  return { state: 'used', data: file.subarray(HEADER_BYTES), source };
}

function compile(bundlePath: string, source: Buffer, checked: Checked): CompiledBundle {
  const data = checked.state === 'used' ? checked.data : undefined;
  // The bundle is built ASCII (build-bundle.ts): Latin-1 decoding is then the same text, and a copy
  // (1 ms for 2 MB, UTF-8 decoding 3 ms).
  const code = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
  const script = new vm.Script(code, { filename: bundlePath, ...(data !== undefined ? { cachedData: data } : {}) });
  const cache: CacheState = data !== undefined && script.cachedDataRejected === true ? 'rejected' : checked.state;
  return {
    script, source, cache,
    evaluate: (): unknown => {
      // Compiled as a script, the bundle's text evaluates to its CommonJS wrapper (build-bundle.ts banner).
      const wrapper: unknown = script.runInThisContext();
      if (typeof wrapper !== 'function') throw new InternalError(`${bundlePath}: the bundle did not compile to a function`);
      const mod = { exports: {} };
      Reflect.apply(wrapper, undefined, [mod.exports, createRequire(bundlePath), mod, bundlePath, path.dirname(bundlePath)]);
      return mod.exports;
    },
  };
}

/** Compiles the bundle with vm (with its cache when it is this V8's and matches); for the build and tests. */
export function compileBundle(bundlePath: string, cachePath = `${bundlePath}.cache`): CompiledBundle {
  const source = readFileSync(bundlePath);
  return compile(bundlePath, source, checkCache(readCacheFile(cachePath), source));
}

/** The bytes of a cache file for `compiled`, after whatever it ran (functions compiled by then are included). */
export function cacheFileBytes(compiled: CompiledBundle): Buffer {
  return Buffer.concat([sha256(compiled.source), runtimeHash(), compiled.script.createCachedData()]);
}
