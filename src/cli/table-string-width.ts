/**
 * Bundled in place of `string-width` for cli-table3 only (build-bundle.ts). cli-table3 0.6.5
 * measures every line of every cell with string-width 4.2.3 as it lays a table out and again as
 * it draws it (src/utils.js strlen, truncate, pad), and that version strips ANSI codes with a
 * regexp it builds anew on each call (strip-ansi 6 → ansi-regex 5) and rewrites emoji with a
 * second one (emoji-regex 8): most of the 300 us of CPU a table row cost. A text of printable
 * ASCII only (U+0020-U+007E, what nearly every cell holds) has neither, nor a control, combining
 * or full-width character, so string-width counts one column per character (its index.js) and
 * the length is its width (test/cli/table-string-width.test.ts holds the two equal). Any other
 * text goes to the real module, cli-table3's own, resolved from its folder. CommonJS, because
 * cli-table3 `require`s it and calls what it gets; tsc never sees this file imported.
 */
const realWidth: unknown = require('mcp-audit:table-string-width');

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

function tableStringWidth(text: unknown): number {
  if (typeof text === 'string' && PRINTABLE_ASCII.test(text)) return text.length;
  if (typeof realWidth !== 'function') throw new TypeError("cli-table3's string-width exports no function");
  const n: unknown = Reflect.apply(realWidth, undefined, [text]);
  return typeof n === 'number' ? n : 0;
}

module.exports = tableStringWidth;
