import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheFileBytes, compileBundle } from './code-cache.js';
import { InternalError } from '../shared/errors.js';

/**
 * Build step (`npm run bundle`, after esbuild): makes dist/src/cli/main.cjs.cache. It compiles the
 * bundle, runs the commands a user runs most (scan in each common format, on the fixture home, with
 * every output discarded) so the functions they need are compiled, and writes the V8 code cache.
 * Run from the repository root: `node dist/build-code-cache.mjs [BUNDLE]`. Never run by the CLI itself.
 */
const repo = process.cwd();
// `node dist/build-code-cache.mjs [BUNDLE]`: the bundle to make a cache for (default the build's),
// for the Node running it (npm run bench makes one per Node line in a folder of its own).
const bundle = path.resolve(process.argv[2] ?? path.join(repo, 'dist/src/cli/main.cjs'));
const home = path.join(repo, 'fixtures/homes/linux');
const TRAINING: readonly (readonly string[])[] = [
  ['scan', '--root', home, '--format', 'json'],
  ['scan', '--root', home],
  ['scan', '--root', home, '--format', 'sarif'],
  ['scan', '--list', '--root', home, '--format', 'json'],
  ['--version'],
];

const compiled = compileBundle(bundle, path.join(repo, 'dist/no-cache'));
const exported = compiled.evaluate();
const run: unknown = typeof exported === 'object' && exported !== null ? Reflect.get(exported, 'run') : undefined;
const processEnv: unknown = typeof exported === 'object' && exported !== null ? Reflect.get(exported, 'processEnv') : undefined;
if (typeof run !== 'function' || typeof processEnv !== 'function') throw new InternalError(`${bundle} exports no run() and processEnv()`);
const discard = { write: (): boolean => true, isTTY: false, columns: undefined };
for (const argv of TRAINING) {
  const env: unknown = Reflect.apply(processEnv, undefined, []);
  const io = { stdout: discard, stderr: discard, env, stdinIsTTY: false, readStdin: (): Promise<string> => Promise.resolve('') };
  // A training run that throws leaves a colder cache, not a broken build: the cache is still valid.
  try {
    // 0 or 1 (policy met or not) is a run that did its work; 2 is a run that stopped early.
    const code: unknown = await Reflect.apply(run, undefined, [argv, io]);
    if (code !== 0 && code !== 1) process.stderr.write(`code cache: training run ${argv.join(' ')} exited ${String(code)}\n`);
  } catch (e: unknown) {
    process.stderr.write(`code cache: training run ${argv.join(' ')} failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
const cache = `${bundle}.cache`;
const bytes = cacheFileBytes(compiled);
writeFileSync(cache, bytes);
// Silent on success: `npm run build` and `prepare` (pre-commit, npm pack) print nothing more than before.
