import type { ServerEntry } from '../parse/types.js';
import { configUnexpectedShape } from '../rules/config-unexpected-shape.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';

/**
 * An entry whose `command`, `args`, `env` or `headers` is not the type the host expects: what the
 * host launches is not known (one host drops a string `args`, another splits it), so the finding
 * goes on the entry itself, located at the field, and the entry cannot be enforcing.
 */
export function shapeFindings(entry: ServerEntry): Finding[] {
  return (entry.shapeProblems ?? []).map((p) => finding(configUnexpectedShape, {
    host: entry.host, scope: entry.scope, path: entry.configPath, pointer: p.pointer, expected: p.expected, actual: p.actual,
  }, { path: p.origin.file, line: p.origin.line, column: p.origin.column }));
}
