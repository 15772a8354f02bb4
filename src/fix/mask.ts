/**
 * Masks what a diff of a config file must never show: env and header values of every entry in
 * the file, secret-looking arguments (the one redaction module's argv rules), the value of any
 * line whose key looks like a credential, and what redactText masks in any text (URL credentials
 * and query values, NAME=value words, token shapes).
 */
import type { ServerEntry } from '../parse/types.js';
import { REDACTED, SECRET_NAME, argvSecrets, redactText } from '../shared/redact.js';

/** A `key: value` / `"key": value` / `key = value` line, its key apart (judged by the one SECRET_NAME list). */
const KEY_LINE = /^(\s*[-+ ]?\s*["']?)([A-Za-z0-9_.-]+)(["']?\s*[:=]\s*)(.+?)(,?\s*)$/;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A line masker for one file's entries (built once, applied to every diff line). */
export function diffMasker(entries: readonly ServerEntry[]): (line: string) => string {
  const long = new Set<string>();
  const short: { key: string; value: string }[] = [];
  for (const e of entries) {
    const pairs: [string, string | null][] = [...Object.entries(e.env), ...Object.entries(e.headers)];
    for (const [k, v] of pairs) {
      if (v === null || v === '') continue;
      if (v.length >= 4) long.add(v);
      else short.push({ key: k, value: v });
      // JSON / TOML write the value escaped: mask that spelling too.
      const quoted = JSON.stringify(v).slice(1, -1);
      if (quoted !== v && quoted.length >= 4) long.add(quoted);
    }
    for (const s of argvSecrets([e.command ?? '', ...e.args])) if (s.length >= 4) long.add(s);
  }
  const byLength = [...long].sort((a, b) => b.length - a.length);
  const shortRes = short.map(({ key, value }) => new RegExp(`(${escapeRe(key)}["']?\\s*[:=]\\s*["']?)${escapeRe(value)}(?=["']?\\s*([,}\\]#]|//|$))`));
  return (line) => {
    let out = line;
    for (const s of byLength) out = out.split(s).join(REDACTED);
    for (const re of shortRes) out = out.replace(re, `$1${REDACTED}`);
    const kv = KEY_LINE.exec(out);
    if (kv !== null && SECRET_NAME.test(kv[2] ?? '') && !(kv[4] ?? '').includes(REDACTED)) {
      const value = kv[4] ?? '';
      const q = value[0];
      const quoted = (q === '"' || q === "'") && value.length > 1 && value.endsWith(q);
      out = `${kv[1] ?? ''}${kv[2] ?? ''}${kv[3] ?? ''}${quoted ? `${q}${REDACTED}${q}` : REDACTED}${kv[5] ?? ''}`;
    }
    // URLs (credentials, query values), NAME=value words and token shapes, as everywhere else.
    return redactText(out);
  };
}

/** A unified diff with every line (headers excepted) passed through the masker. */
export function maskDiff(diff: string, mask: (line: string) => string): string {
  return diff.split('\n').map((l) => (l.startsWith('--- ') || l.startsWith('+++ ') || l.startsWith('@@') ? l : mask(l))).join('\n');
}
