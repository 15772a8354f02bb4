import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { RULES } from '../rules/index.js';
import type { Finding } from '../rules/types.js';
import type { ReportEntry } from './model.js';

/**
 * The one fingerprint function (STYLE §5): sha256 hex of the RFC 8785 canonical JSON of
 * `{ ruleId, host, scope, file, server }`, with `file` relative to the home and `/`-separated.
 * No message text goes in, so rewording a message never un-suppresses a finding.
 *
 * `subject` is added only where those five do not tell two findings apart: the upstream of an
 * aggregator row (a Hangar upstream), or the fingerprint an expired suppression was written for.
 * Otherwise the object has exactly the five keys. `host`, `scope` and `server` are null for a
 * finding not tied to an entry.
 */
export interface FingerprintInput {
  readonly ruleId: string;
  readonly host: string | null;
  readonly scope: string | null;
  /** Path relative to the home, `/`-separated (see {@link relativeToHome}); null when none. */
  readonly file: string | null;
  readonly server: string | null;
  readonly subject?: string;
}

export function fingerprint(input: FingerprintInput): string {
  const subject: Record<string, string | null> = {
    ruleId: input.ruleId,
    host: input.host,
    scope: input.scope,
    file: input.file === null ? null : toSlashes(input.file),
    server: input.server,
  };
  if (input.subject !== undefined) subject['subject'] = input.subject;
  const text = canonicalize(subject);
  if (text === undefined) throw new TypeError('fingerprint subject is not serialisable');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function toSlashes(path: string): string {
  return path.replace(/\\/g, '/');
}

/** Strips trailing slashes, keeping a lone root ("/" or "C:/"). */
function trimSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || /^[A-Za-z]:$/.test(trimmed) ? `${trimmed}/` : trimmed;
}

/**
 * `path` relative to `home` with `/` separators when it lies under the home; otherwise the
 * absolute path, `/`-separated. Pure string work (no fs, no platform): the same inputs give the
 * same answer on every OS. Windows drive letters compare case-insensitively.
 */
export function relativeToHome(path: string, home: string): string {
  const p = toSlashes(path);
  const h = trimSlash(toSlashes(home));
  const prefix = h.endsWith('/') ? h : `${h}/`;
  const drive = /^[A-Za-z]:\//.test(prefix);
  const head = p.slice(0, prefix.length);
  if (drive ? head.toLowerCase() === prefix.toLowerCase() : head === prefix) return p.slice(prefix.length);
  return p;
}

/** True when `path` lies under `home` (the same test {@link relativeToHome} applies). */
export function isUnderHome(path: string, home: string): boolean {
  return relativeToHome(path, home) !== toSlashes(path);
}

/** The fingerprint of a finding, given the entry it belongs to (undefined for a file-level one). */
export function fingerprintOf(finding: Finding, entry: ReportEntry | undefined, home: string): string {
  // An entry's findings are keyed on the config file holding the entry, wherever they point.
  const path = entry !== undefined ? entry.configPath : finding.location?.path;
  return fingerprint({
    ruleId: finding.id,
    host: entry?.host ?? null,
    scope: entry?.scope ?? null,
    file: path === undefined ? null : relativeToHome(path, home),
    server: entry?.name ?? null,
    ...subjectOf(finding, entry),
  });
}

/** What tells this finding apart from others of its rule on the same entry: upstream + identity placeholders. */
function subjectOf(finding: Finding, entry: ReportEntry | undefined): { subject?: string } {
  const rule = RULES.find((r) => r.id === finding.id);
  const parts = [
    ...(entry?.upstream !== undefined ? [entry.upstream] : []),
    ...(rule?.identity ?? []).map((key) => finding.data[key] ?? ''),
  ];
  return parts.length > 0 ? { subject: parts.join('\u001f') } : {};
}
