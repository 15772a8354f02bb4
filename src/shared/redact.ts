/**
 * The one redaction module (STYLE §9): one list of secret-looking names, one list of token
 * shapes, one mask. Launch lines can carry secrets as arguments (`--api-key=…`, `-pSECRET`,
 * `--header "X-Auth-Token: …"`, `user:pass@db:5432`, credentials and tokens in URLs); reports,
 * stderr and probe details show those lines, so the values are masked before anything stores
 * them. Env values and header values never enter a report at all (only their keys).
 *
 * The probe's stream logic (probe/redact.ts: a server's stderr tail, JSON-escaped forms of known
 * values) builds on the same mask and token shapes.
 */

export const REDACTED = '<redacted>';

/** Names (flags, query keys, assignment names) whose value is a secret. */
export const SECRET_NAME = /(token|secret|passw(or)?d|passwd|pwd|(^|[-_.])pass$|api[-_]?key|apikey|(^|[-_.])key$|auth|bearer|credential|private[-_]?key|session|cookie|signature|(^|[-_.])sig$|dsn|connection[-_]?string)/i;

/**
 * Well-known credential shapes, matched anywhere (no leading word boundary: a token glued to a
 * word character, `tokenghp_…`, is still a token). Sources: GitHub token prefixes (ghp_, gho_,
 * ghu_, ghs_, ghr_, github_pat_; docs.github.com "About authentication to GitHub"), Slack (xox?-),
 * Stripe (sk_live_, sk_test_, rk_live_; docs.stripe.com/keys), GitLab (glpat-; docs.gitlab.com
 * "Personal access tokens"), npm (npm_; docs.npmjs.com "About access tokens"), Hugging Face (hf_),
 * OpenAI/Anthropic-style (sk-…), AWS access key ids (AKIA/ASIA + 16), JWTs (three base64url parts),
 * and Bearer/Basic credentials.
 */
export const TOKEN_SHAPES: readonly RegExp[] = [
  /gh[pousr]_[A-Za-z0-9]{20,}/g,
  /github_pat_[A-Za-z0-9_]{20,}/g,
  /xox[abeprs]-[A-Za-z0-9-]{10,}/g,
  /[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g,
  /glpat-[A-Za-z0-9_-]{16,}/g,
  /npm_[A-Za-z0-9]{20,}/g,
  /hf_[A-Za-z0-9]{20,}/g,
  /sk-[A-Za-z0-9_-]{16,}/g,
  /(?:AKIA|ASIA)[0-9A-Z]{16}/g,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /\b(?:[Bb]earer|[Bb]asic)\s+[A-Za-z0-9._~+/=-]{6,}/g,
];

/**
 * The literal each shape in TOKEN_SHAPES starts with: text holding none of them matches no shape,
 * so it is returned without running the eleven replacements (most texts in a report).
 */
const TOKEN_PREFIX = /gh[pousr]_|github_pat_|xox[abeprs]-|[sr]k_(?:live|test)_|glpat-|npm_|hf_|sk-|AKIA|ASIA|eyJ|[Bb]earer|[Bb]asic/;

/** `text` with every well-known token shape replaced by the mask. */
export function maskTokenShapes(text: string): string {
  if (!TOKEN_PREFIX.test(text)) return text;
  return TOKEN_SHAPES.reduce((acc, shape) => acc.replace(shape, REDACTED), text);
}

/** A path segment that looks like a credential rather than a name: long, mixing letters and digits. */
const TOKEN_SEGMENT = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_~.+=-]{20,}$/;

/**
 * A word that looks generated rather than written: 16 or more characters of a token alphabet
 * (base64url, hex, base62) with no dot, holding a digit or a capital letter. Webhook URLs carry
 * their credential as a bare path segment (Slack `hooks.slack.com/services/T…/B…/<24 characters>`,
 * https://api.slack.com/messaging/webhooks; Discord `api/webhooks/<id>/<token>`), and a word
 * of only lower-case letters (`modelcontextprotocol`) is a name, not such a token.
 */
const GENERATED = /^(?=[^.]*[0-9A-Z])[A-Za-z0-9_~+=-]{16,}$/;

/** A path segment that is a credential: generated-looking, or named by the segment before it (`/token/…`). */
const secretSegment = (segment: string, before: string | undefined): boolean =>
  TOKEN_SEGMENT.test(segment) || GENERATED.test(segment) || (segment !== '' && before !== undefined && /^[A-Za-z_-]+$/.test(before) && SECRET_NAME.test(before));

/**
 * A URL with its userinfo password, every query value (under any name), the fragment, and
 * token-like path segments masked. Built by string work, not `URL.toString()`, so nothing else in
 * the URL changes. Text that is not a URL comes back as given.
 */
export function redactUrl(text: string): string {
  // The pattern below needs `://` after the scheme: without it, text is not a URL.
  if (!text.includes('://')) return text;
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is.exec(text);
  if (m === null) return text;
  const [, scheme = '', authority = '', pathPart = '', query, fragment] = m;
  const at = authority.lastIndexOf('@');
  const host = at === -1 ? authority : authority.slice(at + 1);
  const user = at === -1 ? '' : authority.slice(0, at);
  const userinfo = at === -1 ? '' : user.includes(':') ? `${user.slice(0, user.indexOf(':'))}:${REDACTED}@` : `${REDACTED}@`;
  const parts = pathPart.split('/');
  const segments = parts.map((s, i) => (secretSegment(s, parts[i - 1]) ? REDACTED : maskTokenShapes(s))).join('/');
  const q = query === undefined ? '' : `?${query.slice(1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq === -1 ? (pair === '' ? '' : `${pair.length > 16 ? REDACTED : pair}`) : `${pair.slice(0, eq)}=${REDACTED}`;
  }).join('&')}`;
  const f = fragment === undefined || fragment === '#' ? fragment ?? '' : `#${REDACTED}`;
  return `${scheme}${userinfo}${host}${segments}${q}${f}`;
}

/** URLs anywhere inside a longer text (a shell line, a message). */
function redactUrlsIn(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi, (url) => redactUrl(url));
}

/** `user:pass@host…` with no scheme (a DSN or a connection string as an argument). */
const BARE_DSN = /^([^\s:/@=]+):([^\s@/]+)@([^\s@]+)$/;

/**
 * `NAME=value` words in a command line are environment assignments (`API_KEY=sk-… npx srv`,
 * `set TOKEN=…&& node s.js`): their values never leave mcp-audit. Only the value is masked, so the
 * line still shows which variables it sets.
 */
const ASSIGNMENT = /(^|[\s;&|(:])([A-Za-z_][A-Za-z0-9_]*)=((?:"(?:[^"\\]|\\.)*"?|'[^']*'?|[^\s;&|)"'])+)/g;

/** Masks the value of every `NAME=value` word in a shell-like text. */
export function maskAssignments(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(ASSIGNMENT, (_m, pre: string, name: string) => `${pre}${name}=${REDACTED}`);
}

/** True when an argument is exactly one `NAME=value` assignment (NAME an environment-style name). */
export function isAssignment(arg: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg);
}

/** `Name: value` (an HTTP header as one argument): the name stays, the value goes. */
const HEADER_ARG = /^([A-Za-z][A-Za-z0-9_-]+)\s*:(?!\/\/)\s*(\S[\s\S]*)$/;
const KNOWN_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$/i;
const HEADER_FLAG = /^(?:--header|--headers|-H)$/;
/** Short flags whose attached value is a secret: `-pSECRET` (mysql, mariadb), `-uUSER:PASS` (curl). */
const SECRET_SHORT = /^-([pPkKtT])(.+)$/s;
/** A single-dash word that is a whole secret flag name (`-token`, `-password`, `-api-key`), not `-p` + value. */
const SINGLE_DASH_NAME = /^-(token|tokens|password|passwd|pass|key|apikey|api-key|api_key|secret|private-key|pat|tls-key)$/;

/** A header value: `Name: <redacted>`, or the whole value masked when it has no name. */
function maskHeader(value: string): string {
  const h = /^([^:]+):/.exec(value);
  return h !== null ? `${(h[1] ?? '').trim()}: ${REDACTED}` : REDACTED;
}

/** True when a header word carries no credential yet (`Authorization:`, `Authorization: Bearer`): the next word is it. */
function headerContinues(value: string): boolean {
  const colon = value.indexOf(':');
  const rest = (colon === -1 ? '' : value.slice(colon + 1)).trim();
  return colon !== -1 && /^(?:bearer|basic|token|digest)?$/i.test(rest);
}

interface RedactState { maskNext: 'value' | 'header' | undefined }

/** Wrapper flags whose value is one argument of the wrapped server (mcpindex's documented wiring). */
const PASS_THROUGH = /^(--upstream-arg=|--upstream-command=)(.*)$/s;

/** One word of an argv, judged on its own and on the flag before it. */
function redactWord(arg: string, state: RedactState): string {
  if (state.maskNext !== undefined) {
    const kind = state.maskNext;
    state.maskNext = undefined;
    if (kind === 'value') return REDACTED;
    // `-H "X-Auth-Token: abc"` split into words: the name ends the word, the value is the next one.
    if (headerContinues(arg)) state.maskNext = 'value';
    return maskHeader(arg);
  }
  // A header name alone (`X-Auth-Token:` then the value as the next word).
  if (/^["']?[A-Za-z][A-Za-z0-9_-]+:$/.test(arg)) {
    state.maskNext = 'value';
    return arg;
  }
  if (HEADER_FLAG.test(arg)) {
    state.maskNext = 'header';
    return arg;
  }
  const flag = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*)=([\s\S]*)$/.exec(arg);
  if (flag !== null) {
    const [, name = '', value = ''] = flag;
    if (HEADER_FLAG.test(name)) {
      if (headerContinues(value)) state.maskNext = 'value';
      return `${name}=${maskHeader(value)}`;
    }
    if (SECRET_NAME.test(name.replace(/^-+/, ''))) return `${name}=${REDACTED}`;
    if (HEADER_ARG.test(value) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `${name}=${maskHeader(value)}`;
    return `${name}=${redactValue(value)}`;
  }
  // `-pSECRET` is a short flag with its value attached, unless the whole word is a flag name
  // (`-token X`, Go-style single-dash flags).
  const short = SECRET_SHORT.exec(arg);
  if (short !== null && !/^-[A-Za-z]$/.test(arg) && !SINGLE_DASH_NAME.test(arg)) return `-${short[1] ?? ''}${REDACTED}`;
  // Any other short option with a generated-looking value attached (`-J<token>`): a program's own
  // options are not known here, and `-Xmx512m`, `-Wno-unused` or `-I/usr/include` are not tokens.
  const attached = /^-([A-Za-z])(.+)$/s.exec(arg);
  if (attached !== null && GENERATED.test(attached[2] ?? '')) return `-${attached[1] ?? ''}${REDACTED}`;
  if (/^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(arg) && SECRET_NAME.test(arg.replace(/^-+/, ''))) {
    state.maskNext = 'value';
    return arg;
  }
  const attachedHeader = /^-H(\S[\s\S]*)$/.exec(arg);
  if (attachedHeader !== null) return `-H${maskHeader(attachedHeader[1] ?? '')}`;
  return redactValue(arg);
}

/**
 * A value standing on its own: a header line, a DSN, a URL, assignments, token shapes. A value with
 * spaces (an opaque shell line, `sh -c "…"`) is redacted word by word as an argv, so `--api-key X`
 * inside it is masked as it would be as separate arguments.
 */
function redactValue(arg: string): string {
  if (/\s/.test(arg) && !HEADER_ARG.test(arg)) return redactLine(arg);
  const header = HEADER_ARG.exec(arg);
  if (header !== null && (KNOWN_HEADER.test(header[1] ?? '') || /\s/.test(arg)) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
    return `${header[1] ?? ''}: ${REDACTED}`;
  }
  const dsn = BARE_DSN.exec(arg);
  if (dsn !== null) return `${dsn[1] ?? ''}:${REDACTED}@${dsn[3] ?? ''}`;
  let out = redactUrlsIn(arg);
  if (isAssignment(out) || /\s/.test(out)) out = maskAssignments(out);
  return maskTokenShapes(out);
}

/** A spaced text, word by word (whitespace kept as it was); assignments and token shapes over the whole. */
function redactLine(text: string): string {
  const parts = text.split(/(\s+)/);
  const words = parts.filter((_p, i) => i % 2 === 0);
  const redacted = redactArgv(words);
  const joined = parts.map((part, i) => (i % 2 === 0 ? redacted[i / 2] ?? part : part)).join('');
  return maskTokenShapes(maskAssignments(joined));
}

/**
 * Masks secret-looking values in an argv; keeps flag names. A pass-through flag's value
 * (`--upstream-arg=--api-key`, `--upstream-arg=s3cret`) is redacted as the argument it carries,
 * with the same "the next one is a secret" state.
 */
export function redactArgv(argv: readonly string[]): string[] {
  const state: RedactState = { maskNext: undefined };
  return argv.map((arg) => {
    const wrapped = PASS_THROUGH.exec(arg);
    return wrapped !== null ? `${wrapped[1] ?? ''}${redactWord(wrapped[2] ?? '', state)}` : redactWord(arg, state);
  });
}

/** Free text that may quote a launch line (a finding's message, a probe detail): URLs, assignments, token shapes. */
export function redactText(text: string): string {
  return maskTokenShapes(maskAssignments(redactUrlsIn(text)));
}

/** The original text `redacted` hid: what lies between the literal pieces around each mask. */
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
 * The values `redactArgv` masks in `argv`, so text other than the argv (a server's stderr) can be
 * masked for them too.
 */
export function argvSecrets(argv: readonly string[]): string[] {
  const redacted = redactArgv(argv);
  return argv.flatMap((arg, i) => hiddenParts(arg, redacted[i] ?? arg));
}
