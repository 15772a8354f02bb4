/**
 * Well-known credential shapes (GitHub, Slack, OpenAI/Anthropic-style keys, AWS access key ids,
 * JWTs, bearer tokens). Used to mask text mcp-audit did not write itself — a server's stderr, a
 * launch line — where the exact secret values are not known in advance.
 */
export const TOKEN_SHAPES = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})\b|\b[Bb]earer\s+[A-Za-z0-9._~+/=-]{8,}/g;

/** `text` with every well-known token shape replaced by `mask` (default `***`). */
export function maskTokenShapes(text: string, mask = '***'): string {
  return text.replace(TOKEN_SHAPES, mask);
}

const SECRET_PARAM = /(token|secret|passw(or)?d|api[-_]?key|apikey|auth|bearer|credential|private[-_]?key|session|cookie)/i;

/** A URL with its userinfo and secret-looking query values replaced by `redacted`; other text as given. */
export function redactUrl(arg: string): string {
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
      if (SECRET_PARAM.test(key) || /^(key|sig|signature|code)$/i.test(key)) {
        u.searchParams.set(key, 'redacted');
        changed = true;
      }
    }
    return changed ? u.toString() : arg;
  } catch {
    return arg;
  }
}
