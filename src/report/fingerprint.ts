import { hash } from 'node:crypto';
import { RULES } from '../rules/index.js';
import type { Finding } from '../rules/types.js';
import type { ReportEntry } from './model.js';
import { isInside, relativeInside as relativeToHome, toSlashes } from '../shared/paths.js';
import { wellFormed } from '../shared/text.js';

/**
 * The one fingerprint function (STYLE §5): sha256 hex of the RFC 8785 canonical JSON of
 * `{ ruleId, host, scope, file, server }`, with `file` relative to the home and `/`-separated.
 * No message text goes in, so rewording a message never un-suppresses a finding.
 *
 * `subject` is added only where those five do not tell two findings apart: the upstream of an
 * aggregator row (a Hangar upstream), the project of an entry kept in a file outside its project
 * (~/.claude.json `projects.<dir>.mcpServers`), or the fingerprint an expired suppression was written for.
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

/**
 * RFC 8785 canonical JSON of the subject. Its members are strings or null and its keys a fixed
 * set, so the canonical form is JSON.stringify with the keys in UTF-16 order (RFC 8785 §3.2.2.2
 * serialises strings as ECMAScript's JSON.stringify does; §3.2.3 sorts keys by UTF-16 code
 * units): file < host < ruleId < scope < server < subject. test/report/fingerprint.test.ts holds
 * it equal to the canonicalize package's output.
 */
function canonicalSubject(s: Readonly<Record<string, string | null>>): string {
  const ordered: Record<string, string | null | undefined> = {
    file: s['file'], host: s['host'], ruleId: s['ruleId'], scope: s['scope'], server: s['server'], subject: s['subject'],
  };
  return JSON.stringify(ordered);
}

export function fingerprint(input: FingerprintInput): string {
  // A name with a lone surrogate (`"a\ud800"` in a config) still gets a fingerprint: canonical
  // JSON refuses lone surrogates, so they are spelled out (shared/text.ts wellFormed).
  const text = (v: string | null): string | null => (v === null ? null : wellFormed(v));
  const subject: Record<string, string | null> = {
    ruleId: input.ruleId,
    host: text(input.host),
    scope: text(input.scope),
    file: input.file === null ? null : wellFormed(toSlashes(input.file)),
    server: text(input.server),
  };
  if (input.subject !== undefined) subject['subject'] = wellFormed(input.subject);
  const canonical = canonicalSubject(subject);
  // The one-shot form (Node >= 20.12, package engines >= 20.19): a third of createHash's cost per call.
  return hash('sha256', canonical, 'hex');
}

/** Where a path lies relative to a home: the one path-segment helper (shared/paths.ts). */
export { isInside as isUnderHome, relativeInside as relativeToHome } from '../shared/paths.js';

/** What names an entry in a fingerprint. */
export type EntryIdentity = Pick<ReportEntry, 'host' | 'scope' | 'configPath' | 'name' | 'upstream' | 'project'>;

/** The fingerprint of a finding, given the entry it belongs to (undefined for a file-level one). */
export function fingerprintOf(finding: Finding, entry: EntryIdentity | undefined, home: string): string {
  // An entry's findings are keyed on the config file holding the entry, wherever they point.
  const path = entry !== undefined ? entry.configPath : finding.location?.path;
  return fingerprint({
    ruleId: finding.id,
    host: entry?.host ?? null,
    scope: entry?.scope ?? null,
    file: path === undefined ? null : relativeToHome(path, home),
    server: entry?.name ?? null,
    ...subjectOf(finding, entry, home),
  });
}

const RULE_BY_ID: ReadonlyMap<string, (typeof RULES)[number]> = new Map(RULES.map((r) => [r.id, r]));

/**
 * The project (relative to the home) of an entry kept in a file outside its project
 * (~/.claude.json `projects.<dir>.mcpServers`): such an entry shares host, scope, file and name
 * with a same-named entry of every other project, and only its project tells them apart. An
 * entry in a file of its own project (.mcp.json) is told apart by the file: undefined.
 */
export function projectOutsideFile(entry: Pick<EntryIdentity, 'configPath' | 'project'>, home: string): string | undefined {
  return entry.project === undefined || isInside(entry.configPath, entry.project) ? undefined : relativeToHome(entry.project, home);
}

/** The subject part naming a project (see {@link projectOutsideFile}). */
export function projectPart(project: string): string {
  return `project:${JSON.stringify(project)}`;
}

/** What tells this finding apart from others of its rule on the same entry: upstream + identity placeholders. */
function subjectOf(finding: Finding, entry: EntryIdentity | undefined, home: string): { subject?: string } {
  const rule = RULE_BY_ID.get(finding.id);
  const project = entry === undefined ? undefined : projectOutsideFile(entry, home);
  const parts = [
    // First and JSON-quoted (no raw U+001F inside): two entries of different projects can never
    // spell the same subject, whatever their upstream or identity texts hold.
    ...(project !== undefined ? [projectPart(project)] : []),
    ...(entry?.upstream !== undefined ? [entry.upstream] : []),
    ...(rule?.identity ?? []).map((key) => finding.data[key] ?? ''),
  ];
  return parts.length > 0 ? { subject: parts.join('\u001f') } : {};
}
