import JSON5 from 'json5';
import { fail, ok, type Result } from '../shared/result.js';
import { MAX_DEPTH, type ParseProblem, type ParsedDocument } from './document.js';
import { parseJsonc } from './jsonc.js';

/**
 * JSON5, as a host that reads its config with the json5 package (OpenClaw: openclaw/openclaw
 * src/config/io.ts parseConfigJson5, JSON.parse first, then JSON5.parse). Text that is also
 * JSONC goes through parseJsonc, with positions and duplicate keys. Text only JSON5 accepts
 * (unquoted keys, single quotes, hex numbers, `+1`, `Infinity`) is read by the json5 package
 * itself — its parser is a state machine with an explicit stack, not a recursion, and it defines
 * every key as an own property, the last of a duplicated key winning as in the host — and then
 * checked for depth by an explicit walk (the JSONC scanner's bracket count is not JSON5's: it counts
 * the brackets inside a single-quoted string). The json5 package keeps no positions: every pointer of
 * such a file locates to its first line.
 */
export function parseJson5(text: string): Result<ParsedDocument, ParseProblem> {
  const asJsonc = parseJsonc(text, { strict: false });
  if (asJsonc.ok) return asJsonc;
  let value: unknown;
  try {
    value = JSON5.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e: unknown) {
    if (!(e instanceof SyntaxError)) throw e;
    if (asJsonc.problem.kind === 'too-deep') return asJsonc;
    // Its messages quote the offending character: only the position is repeated.
    const at = e as SyntaxError & { lineNumber?: unknown; columnNumber?: unknown };
    const line = typeof at.lineNumber === 'number' ? at.lineNumber : 1;
    const column = typeof at.columnNumber === 'number' ? at.columnNumber : 1;
    return fail({ kind: 'syntax', message: 'invalid JSON5', line, column });
  }
  if (depthOver(value, MAX_DEPTH)) return fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, line: 1, column: 1 });
  let work = 0;
  return ok({
    value,
    duplicates: [],
    locate: () => { work++; return { line: 1, column: 1 }; },
    locateWork: () => work,
  });
}

/** Whether objects and arrays nest deeper than `max`, by an explicit stack (linear in the value). */
function depthOver(root: unknown, max: number): boolean {
  const stack: { readonly v: unknown; readonly d: number }[] = [{ v: root, d: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.v === null || typeof top.v !== 'object') continue;
    if (top.d + 1 > max) return true;
    for (const child of Object.values(top.v)) if (child !== null && typeof child === 'object') stack.push({ v: child, d: top.d + 1 });
  }
  return false;
}
