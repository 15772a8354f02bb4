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
 * aggregator row (a Hangar upstream), the project key of an entry kept in a file that holds one
 * server map per project (~/.claude.json; see {@link entrySubject}), or the fingerprint an expired
 * suppression was written for.
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
function canonicalSubject(s: FingerprintInput): string {
  // A name with a lone surrogate (`"a\ud800"` in a config) still gets a fingerprint: canonical
  // JSON refuses lone surrogates, so they are spelled out (shared/text.ts wellFormed).
  const ordered: Record<string, string | null | undefined> = {
    file: s.file === null ? null : wellFormed(toSlashes(s.file)),
    host: s.host === null ? null : wellFormed(s.host),
    ruleId: s.ruleId,
    scope: s.scope === null ? null : wellFormed(s.scope),
    server: s.server === null ? null : wellFormed(s.server),
    subject: s.subject === undefined ? undefined : wellFormed(s.subject),
  };
  return JSON.stringify(ordered);
}

export function fingerprint(input: FingerprintInput): string {
  // The one-shot form (Node >= 20.12, package engines >= 20.19): a third of createHash's cost per call.
  return hash('sha256', canonicalSubject(input), 'hex');
}

/** Where a path lies relative to a home: the one path-segment helper (shared/paths.ts). */
export { isInside as isUnderHome, relativeInside as relativeToHome } from '../shared/paths.js';

/** What names an entry in a fingerprint. */
export type EntryIdentity = Pick<ReportEntry, 'host' | 'scope' | 'configPath' | 'name' | 'upstream' | 'project'>;

/** The fingerprint of a finding, given the entry it belongs to (undefined for a file-level one). */
export function fingerprintOf(finding: Finding, entry: EntryIdentity | undefined, home: string): string {
  // An entry's findings are keyed on the config file holding the entry, wherever they point.
  const path = entry !== undefined ? entry.configPath : finding.location?.path;
  const subject = subjectOf(finding, entry, home);
  const file = path === undefined ? null : fileOf(path, home);
  const host = entry?.host ?? null;
  const scope = entry?.scope ?? null;
  const server = entry?.name ?? null;
  return fingerprint(subject === undefined ? { ruleId: finding.id, host, scope, file, server } : { ruleId: finding.id, host, scope, file, server, subject });
}

/** The last file placed (a large report's entries mostly share one config file). */
let lastFile: { readonly path: string; readonly home: string; readonly file: string } | undefined;
function fileOf(path: string, home: string): string {
  if (lastFile?.path !== path || lastFile.home !== home) lastFile = { path, home, file: relativeToHome(path, home) };
  return lastFile.file;
}

const RULE_BY_ID: ReadonlyMap<string, (typeof RULES)[number]> = new Map(RULES.map((r) => [r.id, r]));

/**
 * Where a project key lies, in a form that does not depend on where the home is: relative to the
 * home when inside it (`["home", "work/p"]`, the home itself `["home", ""]`), else as written
 * (`["abs", "/p"]`). Tagged, so `<home>//p` (relative `/p`) is not the outside folder `/p`.
 */
function projectPlace(project: string, home: string): readonly [string, string] {
  // The common case without string work: a POSIX key under the home, spelled as the home is.
  if (!project.includes('\\') && !home.includes('\\') && !home.endsWith('/') && project.startsWith(`${home}/`) && !project.endsWith('/')) {
    return ['home', project.slice(home.length + 1)];
  }
  const p = toSlashes(project).replace(/\/+$/, '');
  const h = toSlashes(home).replace(/\/+$/, '');
  if (p === h) return ['home', ''];
  return isInside(project, home) ? ['home', relativeToHome(project, home)] : ['abs', toSlashes(project)];
}

/**
 * The subject of an entry (its findings add their rule's identity values), or undefined when the
 * five parts alone tell it apart. An entry kept under a project key of a shared file
 * (~/.claude.json `projects.<key>.mcpServers`, the row's `project`) shares host, scope, file and
 * name with the same-named entry of every other project: its subject is then JSON, its project
 * first, so no upstream, identity text or folder name can spell another entry's subject. Without
 * a project the parts are joined by U+001F, as since 1.0 (those fingerprints stay as they were).
 */
export function entrySubject(entry: Pick<EntryIdentity, 'project' | 'upstream'>, home: string, identity: readonly string[] = []): string | undefined {
  if (entry.project !== undefined) {
    return JSON.stringify(['project', ...projectPlace(entry.project, home), entry.upstream ?? null, ...identity]);
  }
  const parts = [...(entry.upstream !== undefined ? [entry.upstream] : []), ...identity];
  return parts.length > 0 ? parts.join('\u001f') : undefined;
}

/** What tells this finding apart from others of its rule on the same entry: project, upstream, identity placeholders. */
function subjectOf(finding: Finding, entry: EntryIdentity | undefined, home: string): string | undefined {
  const rule = RULE_BY_ID.get(finding.id);
  const identity = rule?.identity === undefined || rule.identity.length === 0 ? NO_IDENTITY : rule.identity.map((key) => finding.data[key] ?? '');
  return entrySubject(entry ?? NO_ENTRY, home, identity);
}
const NO_IDENTITY: readonly string[] = [];
const NO_ENTRY: Pick<EntryIdentity, 'project' | 'upstream'> = {};
