/**
 * Launch lines can carry secrets as arguments (`--api-key=…`, `--token X`, `Authorization: Bearer …`,
 * credentials in URLs). Reports show the command line, so those values are masked before any
 * reporter sees them. Env values and header values never enter the report at all.
 */
import { isAssignment, maskAssignments } from '../grade/redact-assignments.js';
import { maskTokenShapes, redactUrl } from '../shared/secrets.js';

const SECRET_NAME = /(token|secret|passw(or)?d|api[-_]?key|apikey|auth|bearer|credential|private[-_]?key|session|cookie)/i;
export const REDACTED = '<redacted>';


const HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)\s*:/i;
/** Wrapper flags whose value is one argument of the wrapped server (mcpindex's documented wiring). */
const PASS_THROUGH = /^(--upstream-arg=|--upstream-command=)(.*)$/s;

interface RedactState { maskNext: boolean }

/** One word of an argv, judged on its own and on the flag before it. */
function redactWord(arg: string, state: RedactState): string {
  if (state.maskNext) {
    state.maskNext = false;
    return REDACTED;
  }
  const flag = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*)(=)(.*)$/s.exec(arg);
  if (flag !== null && (SECRET_NAME.test(flag[1] ?? '') || HEADER.test(flag[3] ?? '') || /^bearer\s/i.test(flag[3] ?? ''))) {
    const value = flag[3] ?? '';
    return HEADER.test(value) ? `${flag[1] ?? ''}=${value.split(':')[0] ?? ''}: ${REDACTED}` : `${flag[1] ?? ''}=${REDACTED}`;
  }
  if (/^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(arg) && SECRET_NAME.test(arg)) {
    state.maskNext = true;
    return arg;
  }
  if (HEADER.test(arg)) return `${arg.split(':')[0] ?? ''}: ${REDACTED}`;
  if (/^bearer\s+\S/i.test(arg)) return `Bearer ${REDACTED}`;
  // `NAME=value` (an env assignment as an argument, or words inside a shell line): mask the value.
  if (isAssignment(arg) || /\s/.test(arg)) {
    const masked = maskAssignments(arg, REDACTED);
    if (masked !== arg) return maskTokenShapes(masked, REDACTED);
  }
  // Well-known token shapes anywhere (GitHub, Slack, OpenAI/Anthropic-style keys, AWS ids, bearer).
  return maskTokenShapes(redactUrl(arg), REDACTED);
}

/**
 * Masks secret-looking values in an argv; keeps flag names. A pass-through flag's value
 * (`--upstream-arg=--api-key`, `--upstream-arg=s3cret`) is redacted as the argument it carries,
 * with the same "the next one is a secret" state.
 */
export function redactArgv(argv: readonly string[]): string[] {
  const state: RedactState = { maskNext: false };
  return argv.map((arg) => {
    const wrapped = PASS_THROUGH.exec(arg);
    return wrapped !== null ? `${wrapped[1] ?? ''}${redactWord(wrapped[2] ?? '', state)}` : redactWord(arg, state);
  });
}

/** The original text `redacted` hid: what lies between the literal pieces around each REDACTED mark. */
function hiddenParts(original: string, redacted: string): string[] {
  if (original === redacted || !redacted.includes(REDACTED)) return [];
  const pieces = redacted.split(REDACTED);
  const first = pieces[0] ?? '';
  const hidden: string[] = [];
  let pos = original.startsWith(first) ? first.length : (original.search(/[=:]/) + 1);
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    const last = i === pieces.length - 1;
    const at = piece === '' ? (last ? original.length : pos) : (last ? original.lastIndexOf(piece) : original.indexOf(piece, pos));
    const end = at < pos ? original.length : at;
    hidden.push(original.slice(pos, end).trim());
    pos = end + piece.length;
  }
  return hidden.filter((part) => part !== '');
}

/**
 * The values `redactArgv` masks in `argv` (`--password X`, `--api-key=X`, header and bearer values,
 * `NAME=value` secrets, token shapes), so text other than the argv (a server's stderr) can be
 * masked for them too.
 */
export function argvSecrets(argv: readonly string[]): string[] {
  const redacted = redactArgv(argv);
  return argv.flatMap((arg, i) => hiddenParts(arg, redacted[i] ?? arg));
}
