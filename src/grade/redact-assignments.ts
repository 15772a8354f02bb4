/**
 * `NAME=value` words in a command line are environment assignments (`API_KEY=sk-… npx srv`,
 * `set TOKEN=…&& node s.js`): their values never leave mcp-audit. Only the value is masked, so the
 * line still shows which variables it sets.
 */
const ASSIGNMENT = /(^|[\s;&|(:])([A-Za-z_][A-Za-z0-9_]*)=((?:"(?:[^"\\]|\\.)*"?|'[^']*'?|[^\s;&|)"'])+)/g;

/** Masks the value of every `NAME=value` word in a shell-like text with `mask`. */
export function maskAssignments(text: string, mask: string): string {
  return text.replace(ASSIGNMENT, (_m, pre: string, name: string) => `${pre}${name}=${mask}`);
}

/** True when an argument is exactly one `NAME=value` assignment (NAME an environment-style name). */
export function isAssignment(arg: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg);
}
