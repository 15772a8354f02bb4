import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { InternalError } from '../shared/errors.js';

/**
 * The CLI bundle (one CommonJS file, dist/src/cli/main.cjs) compiled with a V8 code cache made at
 * build time (main.cjs.cache next to it). Node 20 has no module.enableCompileCache; vm.Script's
 * `cachedData` is the documented way (https://nodejs.org/docs/latest-v20.x/api/vm.html#new-vmscriptcode-options).
 * Nothing is written at run time: the cache is produced by the build (build-code-cache.ts) only.
 *
 * V8 checks a cache against its own version and flags and the source's length, not its content,
 * so the cache file starts with the SHA-256 of the exact bundle it was made from: a cache for
 * other bytes is not used (the bundle is then compiled from source, as without a cache).
 */
const HASH_BYTES = 32;

export type CacheState = 'used' | 'rejected' | 'stale' | 'absent';

export interface CompiledBundle {
  readonly script: vm.Script;
  readonly source: Buffer;
  readonly cache: CacheState;
  /** Runs the bundle's top level once and returns its module.exports. */
  evaluate(): unknown;
}

const sha256 = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest();

function readCache(cachePath: string, source: Buffer): { data?: Buffer; state: CacheState } {
  let file: Buffer;
  try {
    file = readFileSync(cachePath);
  } catch {
    return { state: 'absent' };
  }
  if (file.length <= HASH_BYTES || !file.subarray(0, HASH_BYTES).equals(sha256(source))) return { state: 'stale' };
  return { data: file.subarray(HASH_BYTES), state: 'used' };
}

/**
 * V8 flags the bundle runs under, set before it is compiled, by the CLI and by the build that
 * makes the cache alike: V8 refuses a cache made under other flag values, so the two must match.
 * Only flags V8 reads as it runs belong here (the heap's sizes are fixed when Node starts it).
 *
 * `--semi-space-growth-factor` (V8's flag-definitions.h: "factor by which to grow the new space",
 * default 2; https://nodejs.org/docs/latest-v20.x/api/v8.html#v8setflagsfromstringflags): a scan
 * keeps most of what it allocates until its report is written, so every young-generation
 * collection copies a growing live set while the young generation doubles from 1 MB. Growing it
 * eightfold instead, up to the same maximum, took the bench home's scan from 12 collections and
 * 14 ms of pauses to 5 and 7 ms, 6 ms less wall time. The price is at the other end: the
 * 100,000-project scan takes 0.1 s more (4.1 -> 4.2 s) and 60 MB more memory.
 *
 * `--no-turbo-inlining` and `--interrupt-budget=270336` (V8's flag-definitions.h: "enable inlining
 * in TurboFan", default on; "interrupt budget which should be used for the profiler counter",
 * default 67584, `node --v8-options`): a scan's code turns hot in a burst, and TurboFan then
 * compiles it, inlined, on its thread while the run continues interpreted. Optimising a function
 * after four times the bytecode executed, and without inlining, compiles less and smaller code
 * (`npm run bench`, against the growth factor alone): CPU at 1k / 10k / 50k servers 263 -> 204,
 * 1,063 -> 812, 2,648 -> 2,545 ms; wall 191 -> 177, 689 -> 601 ms, 50k alike; 10k TOML tables and
 * 5k YAML extensions 0.91 -> 0.78 and 0.84 -> 0.78 s; the bench home 144 -> 136 ms.
 *
 * `--no-incremental-marking` (flag-definitions.h: "use incremental marking", default on): V8 marks
 * the old generation in steps between the program's own work, and on helper threads alongside it,
 * from well before the old generation reaches its limit (at 10 of an 18 MB limit here, per
 * `--trace-incremental-marking`), so that an interactive program never pauses long. A scan is a
 * batch that runs once and exits: it wants the least work, not short pauses, and without the flag
 * V8 marks the old generation once, whole, at its limit. Measured as the scale bench measures
 * (test/bench/scale.ts), medians of 3-5 runs alternating with a build of the three flags above
 * alone: net CPU per server at 1k / 2k / 5k servers
 * 97 -> 83, 88 -> 74, 73 -> 68 us, the same from 10k on; 50,000 servers 1.85 -> 1.87 s and
 * 100,000 projects 4.06 -> 3.97 s (CPU 5.0 -> 4.9 s) wall.
 */
export const V8_FLAGS: readonly string[] = ['--semi-space-growth-factor=8', '--no-turbo-inlining', '--interrupt-budget=270336', '--no-incremental-marking'];

/** Compiles the bundle at `bundlePath` (with its cache when it matches); throws if the bundle cannot be read. */
export function compileBundle(bundlePath: string, cachePath: string = `${bundlePath}.cache`): CompiledBundle {
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
  const source = readFileSync(bundlePath);
  const cached = readCache(cachePath, source);
  // The bundle is built wrapped as Node wraps a CommonJS module (build-bundle.ts: banner, footer),
  // so its text is compiled as read, without a wrapped copy. It is built ASCII: Latin-1 decoding
  // is then the same text, and a copy (1 ms for 2 MB, UTF-8 decoding 3 ms).
  const code = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
  const script = new vm.Script(code, { filename: bundlePath, ...(cached.data !== undefined ? { cachedData: cached.data } : {}) });
  const cache: CacheState = cached.data !== undefined && script.cachedDataRejected === true ? 'rejected' : cached.state;
  return {
    script, source, cache,
    evaluate: (): unknown => {
      const wrapper: unknown = script.runInThisContext();
      if (typeof wrapper !== 'function') throw new InternalError(`${bundlePath}: the bundle did not compile to a function`);
      const mod = { exports: {} };
      Reflect.apply(wrapper, undefined, [mod.exports, createRequire(bundlePath), mod, bundlePath, path.dirname(bundlePath)]);
      return mod.exports;
    },
  };
}

/** The bytes of a cache file for `compiled`, after whatever it ran (functions compiled by then are included). */
export function cacheFileBytes(compiled: CompiledBundle): Buffer {
  return Buffer.concat([sha256(compiled.source), compiled.script.createCachedData()]);
}
