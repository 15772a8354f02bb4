/**
 * Bundled in place of `string-width` for yargs' Node platform shim only (build-bundle.ts). The
 * real module, the same string-width 8.3.0 yargs installs, is loaded on the first call: its module
 * builds `/^\p{RGI_Emoji}$/v` when it loads, 11 ms of V8 parsing on every run, and yargs measures
 * text only to lay out help (yargs 18.2.0 build/lib/usage.js `shim.stringWidth`). It is
 * `require`d so that esbuild wraps it to run on demand; tsc never sees this file imported.
 */
interface Options { readonly ambiguousIsNarrow?: boolean; readonly countAnsiEscapeCodes?: boolean }
type StringWidth = (text: string, options?: Options) => number;

let real: StringWidth | undefined;

function load(): StringWidth {
  const loaded: unknown = require('mcp-audit:yargs-string-width');
  const width: unknown = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'default') : undefined;
  if (typeof width !== 'function') throw new TypeError("yargs' string-width exports no function");
  return (text, options) => {
    const n: unknown = Reflect.apply(width, undefined, [text, options]);
    return typeof n === 'number' ? n : 0;
  };
}

export default function stringWidth(text: string, options?: Options): number {
  real ??= load();
  return real(text, options);
}
