import { isAscii } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type PluginBuild } from 'esbuild';
import { InternalError } from '../shared/errors.js';

/**
 * Build step (`npm run bundle`): bundles the CLI into the one CommonJS file dist/src/cli/main.cjs
 * that bin.ts runs through its code cache. Run from the repository root, before the cache is made
 * (build-code-cache.ts). Never run by the CLI itself.
 *
 * The esbuild options are what the command line used to pass; the plugin below is why this is a
 * script: esbuild's `--alias` swaps a package for every importer, and three vendor imports need
 * swapping for one importer only. Each swap keeps what the importer does and drops start-up work
 * a scan never uses (measured on the bench home, `npm run bench`).
 */
const repo = process.cwd();
const outfile = path.join(repo, 'dist/src/cli/main.cjs');
const own = (file: string): string => path.join(repo, 'src/cli', file);

/** True when `importer` is the file `tail` (a path relative to node_modules) of an installed package. */
const isVendorFile = (importer: string, tail: string): boolean =>
  importer.split(path.sep).join('/').endsWith(`/node_modules/${tail}`);

/**
 * Swaps `pkg` for `shim` where the vendor file `importer` imports it, and resolves the shim's own
 * import of `real` (a name of its own, told apart from the importer's) to that same package as
 * the importer's folder resolves it: the shim hands work to the very version the vendor installs.
 */
function swapKeepingReal(b: PluginBuild, swap: { readonly pkg: string; readonly importer: string; readonly shim: string; readonly real: string }): void {
  let importerDir: string | undefined;
  b.onResolve({ filter: new RegExp(`^${swap.pkg}$`) }, (args) => {
    if (!isVendorFile(args.importer, swap.importer)) return undefined;
    importerDir = args.resolveDir;
    return { path: own(swap.shim) };
  });
  b.onResolve({ filter: new RegExp(`^${swap.real}$`) }, async (args) => {
    if (importerDir === undefined) throw new InternalError(`${swap.real} imported by ${args.importer}, not through ${swap.importer}`);
    const real = await b.resolve(swap.pkg, { kind: args.kind, resolveDir: importerDir });
    if (real.errors.length > 0) throw new InternalError(`${swap.importer}'s ${swap.pkg} did not resolve: ${real.errors[0]?.text ?? ''}`);
    return { path: real.path };
  });
}

const vendorShims: Plugin = {
  name: 'mcp-audit-vendor-shims',
  setup(b) {
    // yargs 18.2.0 lib/platform-shims/esm.mjs imports string-width 8.3.0, whose module builds
    // `/^\p{RGI_Emoji}$/v` when it loads: V8 parses that set of emoji sequences then, 11 ms on
    // every run. yargs measures text with it only to lay out help (build/lib/usage.js), which a
    // scan never shows, so it is loaded on first use (lazy-string-width.ts). The same version is
    // loaded: the real import is resolved from yargs' own folder.
    swapKeepingReal(b, { pkg: 'string-width', importer: 'yargs/lib/platform-shims/esm.mjs', shim: 'lazy-string-width.ts', real: 'mcp-audit:yargs-string-width' });
    // The same shim imports node:assert for two checks of its own arguments (strictEqual,
    // notStrictEqual); loading node:assert costs 1.3 ms. yargs-assert.ts makes the same checks.
    b.onResolve({ filter: /^assert$/ }, (args) =>
      isVendorFile(args.importer, 'yargs/lib/platform-shims/esm.mjs') ? { path: own('yargs-assert.ts') } : undefined);
    // fast-glob 3.3.3 out/settings.js takes `os.cpus().length` as its default concurrency when the
    // module loads; os.cpus() reads /proc/cpuinfo and /proc/stat, 4 ms. Node's docs send a count
    // of CPUs to os.availableParallelism() (https://nodejs.org/docs/latest-v20.x/api/os.html#oscpus).
    b.onResolve({ filter: /^os$/ }, (args) =>
      isVendorFile(args.importer, 'fast-glob/out/settings.js') ? { path: own('fast-glob-os.ts') } : undefined);
    // cli-table3 0.6.5 src/utils.js measures each cell line with string-width 4.2.3, which builds
    // two regexps per call; table-string-width.ts counts printable ASCII itself and hands any
    // other text to that same module, resolved from cli-table3's own folder.
    swapKeepingReal(b, { pkg: 'string-width', importer: 'cli-table3/src/utils.js', shim: 'table-string-width.ts', real: 'mcp-audit:table-string-width' });
    // Our own modules' `import path from 'node:path'` (a default import, as they all are) goes
    // through node-path.ts: one interop copy of the module instead of one per importer. Only
    // import statements under src/ (a vendor's require('path') keeps the module as it is).
    const pathShim = own('node-path.ts');
    b.onResolve({ filter: /^node:path$/ }, (args) =>
      args.kind === 'import-statement' && args.importer !== pathShim && args.importer.startsWith(path.join(repo, 'src') + path.sep) ? { path: pathShim } : undefined);
  },
};

const result = await build({
  entryPoints: [own('main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
  mainFields: ['module', 'main'],
  outfile,
  supported: { 'dynamic-import': false, 'regexp-set-notation': true },
  define: { 'import.meta.url': '__importMetaUrl', 'Intl.Segmenter': 'LazySegmenter' },
  // Wrapped as Node wraps a CommonJS module, so code-cache.ts compiles the text as read: as a
  // script (vm, with the build's code cache) the text evaluates to that wrapper; loaded by Node's
  // module loader (which provides `module`, and its compile cache) it calls the wrapper itself.
  banner: { js: "(function (wrapper) { return typeof module === 'object' && module !== null && typeof require === 'function' ? wrapper(exports, require, module, __filename, __dirname) : wrapper; })(function (exports, require, module, __filename, __dirname) {'use strict';const __importMetaUrl=require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: '})' },
  alias: { 'escalade/sync': './src/cli/no-find-up.ts' },
  inject: [own('lazy-segmenter.ts')],
  external: ['userid', '@modelcontextprotocol/sdk', 'zod'],
  plugins: [vendorShims],
  // Whitespace and syntax minified, names kept (stack traces and error names read as in the
  // source): the text bin.ts decodes and V8 holds for lazy compilation is 2.7 MB as written and
  // 1.95 MB so (a scan of the bench home: about 1% less CPU time, a few percent less wall time).
  minifyWhitespace: true,
  minifySyntax: true,
});
if (result.errors.length > 0) throw new InternalError(`esbuild: ${result.errors.length} error(s)`);
// esbuild escapes every other character outside comments (charset: ascii, its default) but copies
// comments as written. They are escaped here too, so the file is ASCII: code-cache.ts decodes an
// ASCII bundle as Latin-1, a copy, 2 ms less than UTF-8 decoding (a bundle that is not ASCII is
// still decoded as UTF-8). `\uXXXX` means the same character wherever esbuild leaves one.
const text = readFileSync(outfile, 'utf8');
const ascii = text.replace(/[^\u0000-\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
writeFileSync(outfile, ascii);
if (!isAscii(readFileSync(outfile))) throw new InternalError('main.cjs is not ASCII after escaping');
