/**
 * Launch lines can carry secrets as arguments (`--api-key=…`, `--token X`, `Authorization: Bearer …`,
 * credentials in URLs). Reports show the command line, so those values are masked before any
 * reporter sees them. Env values and header values never enter the report at all.
 */
import { isAssignment, maskAssignments } from '../grade/redact-assignments.js';

const SECRET_NAME = /(token|secret|passw(or)?d|api[-_]?key|apikey|auth|bearer|credential|private[-_]?key|session|cookie)/i;
export const REDACTED = '<redacted>';

function redactUrl(arg: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return arg;
  try {
    const u = new URL(arg);
    let changed = false;
    if (u.username !== '' || u.password !== '') {
      u.username = 'redacted';
      u.password = '';
      changed = true;
    }
    for (const key of [...u.searchParams.keys()]) {
      if (SECRET_NAME.test(key) || /^(key|sig|signature|code)$/i.test(key)) {
        u.searchParams.set(key, 'redacted');
        changed = true;
      }
    }
    return changed ? u.toString() : arg;
  } catch {
    return arg;
  }
}

/** Masks secret-looking values in an argv; keeps flag names. */
export function redactArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  let maskNext = false;
  for (const arg of argv) {
    if (maskNext) {
      out.push(REDACTED);
      maskNext = false;
      continue;
    }
    const flag = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*)(=)(.*)$/s.exec(arg);
    if (flag !== null && SECRET_NAME.test(flag[1] ?? '')) {
      out.push(`${flag[1] ?? ''}=${REDACTED}`);
      continue;
    }
    if (/^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(arg) && SECRET_NAME.test(arg)) {
      out.push(arg);
      maskNext = true;
      continue;
    }
    if (/^(authorization|x-api-key|api-key)\s*:/i.test(arg) || /^bearer\s+\S/i.test(arg)) {
      out.push(`${arg.split(':')[0] ?? ''}: ${REDACTED}`);
      continue;
    }
    // Well-known token shapes anywhere (GitHub, Slack, OpenAI/Anthropic-style keys, AWS ids).
    if (/\b(gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16})\b/.test(arg)) {
      out.push(REDACTED);
      continue;
    }
    // `NAME=value` (an env assignment as an argument, or words inside a shell line): mask the value.
    if (isAssignment(arg) || /\s/.test(arg)) {
      const masked = maskAssignments(arg, REDACTED);
      if (masked !== arg) { out.push(masked); continue; }
    }
    out.push(redactUrl(arg));
  }
  return out;
}
