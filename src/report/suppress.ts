import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq } from 'yaml';
import { gateYaml } from './gate-text.js';
import type { HomeSource } from '../shared/env.js';
import type { Node } from 'yaml';
import { finding } from '../rules/types.js';
import { suppressionExpired } from '../rules/suppression-expired.js';
import { UsageError } from '../shared/errors.js';
import { fingerprint, relativeToHome } from './fingerprint.js';
import type { AuditReport, ReportFinding } from './model.js';
import { sortFindings } from './sort.js';
import { extend } from '../shared/extend.js';

/**
 * Suppressions (STYLE §8): `.mcp-audit-ignore.yaml` or `.json`, matched on fingerprint, each with
 * a required `reason` and an optional `expires` (YYYY-MM-DD, active through that whole UTC day).
 * The file is either a list of entries or `{ suppressions: [ … ] }`:
 *
 *     - fingerprint: 3f1c…e9a0          # 64 hex digits, from the JSON/SARIF report
 *       reason: lab machine, store relocated on purpose
 *       expires: 2026-06-30
 *
 * An invalid file (unknown key, missing reason, bad date, duplicate fingerprint) stops the run
 * with a UsageError naming file:line:column. JSON is read by the same YAML 1.2 parser.
 */
export const IGNORE_FILE_NAMES: readonly string[] = ['.mcp-audit-ignore.yaml', '.mcp-audit-ignore.yml', '.mcp-audit-ignore.json'];

export interface Suppression {
  readonly fingerprint: string;
  readonly reason: string;
  readonly expires?: string;
  /** Position of the entry in the ignore file (1-based). */
  readonly line: number;
  readonly column: number;
}

export interface IgnoreFile {
  readonly path: string;
  readonly suppressions: readonly Suppression[];
}

/** The longest existing prefix resolved as the kernel does, the rest appended (for containment tests). */
function realish(p: string): string {
  const abs = path.resolve(p);
  const rest: string[] = [];
  for (let dir = abs; ; dir = path.dirname(dir)) {
    try {
      return path.join(realpathSync.native(dir), ...rest.reverse());
    } catch {
      if (dir === path.dirname(dir)) return abs;
      rest.push(path.basename(dir));
    }
  }
}

export function within(child: string, parent: string): boolean {
  const rel = path.relative(realish(parent), realish(child));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Which ignore files may suppress findings of this audit. Nothing inside the audited tree can
 * suppress or downgrade its own findings: with `--root` (a fixture home, a dotfiles repository
 * given to `check`) the tree is what is being audited, so there is no default file and an
 * explicit `--ignore-file` must lie outside it. The password-database home (or `--user`'s) is
 * the user's own: its `~/.mcp-audit-ignore.yaml` is the default.
 */
export function ignoreCandidates(explicit: string | undefined, home: string, source: HomeSource, cwd: string): string[] {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    if (source === 'root-flag' && within(file, home)) {
      throw new UsageError(`--ignore-file ${explicit} lies inside the audited tree ${home}: a tree cannot suppress its own findings`);
    }
    return [file];
  }
  return source === 'root-flag' ? [] : IGNORE_FILE_NAMES.map((n) => path.join(home, n));
}

const KEYS: ReadonlySet<string> = new Set(['fingerprint', 'reason', 'expires']);
const FINGERPRINT = /^[0-9a-f]{64}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A suppression is active through the whole of its `expires` day (UTC); without one, forever. */
export function isExpired(s: Pick<Suppression, 'expires'>, now: Date): boolean {
  if (s.expires === undefined) return false;
  const [y, m, d] = s.expires.split('-').map(Number);
  return now.getTime() >= Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1);
}

/** Parses and validates an ignore file's text. Throws UsageError for anything invalid. */
export function parseIgnoreFile(text: string, path: string): IgnoreFile {
  const { doc, counter } = gateYaml(text, path, { uniqueKeys: true, what: 'ignore file' });
  const at = (node: Node | null | undefined): string => {
    const pos = counter.linePos(node?.range?.[0] ?? 0);
    return `${path}:${pos.line}:${pos.col}`;
  };
  let list: unknown = doc.contents;
  if (list === null) return { path, suppressions: [] };
  if (isMap(list)) {
    const keys = list.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '?'));
    if (keys.length !== 1 || keys[0] !== 'suppressions') {
      throw new UsageError(`${at(list)}: an ignore file is a list of suppressions or { suppressions: [...] }`);
    }
    list = list.get('suppressions', true);
  }
  if (!isSeq(list)) throw new UsageError(`${path}: an ignore file is a list of suppressions or { suppressions: [...] }`);
  const seen = new Set<string>();
  const suppressions = list.items.map((item, i): Suppression => {
    const where = `${at(isMap(item) || isScalar(item) || isSeq(item) ? item : null)}: suppression ${i + 1}`;
    if (!isMap(item)) throw new UsageError(`${where} is not a mapping with fingerprint, reason and expires`);
    const fields: Record<string, unknown> = {};
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!KEYS.has(key)) throw new UsageError(`${where}: unknown key "${key}" (allowed: fingerprint, reason, expires)`);
      fields[key] = isScalar(pair.value) ? pair.value.value : pair.value;
    }
    const fp = fields['fingerprint'];
    if (typeof fp !== 'string' || !FINGERPRINT.test(fp.toLowerCase())) {
      throw new UsageError(`${where}: "fingerprint" must be the 64 hex digits from a report`);
    }
    const reason = fields['reason'];
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new UsageError(`${where}: "reason" is required (why is this finding accepted?)`);
    }
    const expires = fields['expires'];
    if (expires !== undefined && (typeof expires !== 'string' || !isIsoDate(expires))) {
      throw new UsageError(`${where}: "expires" must be a date written YYYY-MM-DD`);
    }
    const key = fp.toLowerCase();
    if (seen.has(key)) throw new UsageError(`${where}: fingerprint ${key} is listed twice`);
    seen.add(key);
    const pos = counter.linePos(item.range?.[0] ?? 0);
    return { fingerprint: key, reason: reason.trim(), ...(expires !== undefined ? { expires } : {}), line: pos.line, column: pos.col };
  });
  return { path, suppressions };
}

function expiredFinding(s: Suppression, ignorePath: string, home: string): ReportFinding {
  const expires = s.expires ?? '';
  const base = finding(
    suppressionExpired,
    { fingerprint: `${s.fingerprint.slice(0, 12)}…`, path: ignorePath, expires, reason: s.reason },
    { path: ignorePath, line: s.line, column: s.column },
  );
  return {
    ...base,
    fingerprint: fingerprint({
      ruleId: suppressionExpired.id, host: null, scope: null, file: relativeToHome(ignorePath, home), server: null,
      subject: s.fingerprint,
    }),
  };
}

/**
 * Marks every finding whose fingerprint has an active suppression as `suppressed` and adds one
 * `suppression-expired` finding per expired entry (which no longer suppresses). Grades and
 * coverage are left as they are: a suppression hides a finding from the policy, not from the
 * coverage figure.
 */
export function applySuppressions(report: AuditReport, ignore: IgnoreFile, now: Date,
  home: string = report.trustedHome.path): AuditReport {
  const active = new Map<string, Suppression>();
  const expired: Suppression[] = [];
  for (const s of ignore.suppressions) {
    if (isExpired(s, now)) expired.push(s);
    else active.set(s.fingerprint, s);
  }
  const mark = (f: ReportFinding): ReportFinding => {
    const s = active.get(f.fingerprint);
    if (s === undefined) return f;
    return extend(f, { suppressed: { reason: s.reason, ...(s.expires !== undefined ? { expires: s.expires } : {}) } });
  };
  return {
    ...report,
    entries: report.entries.map((e) => extend(e, { findings: e.findings.map(mark) })),
    findings: sortFindings([...report.findings.map(mark), ...expired.map((s) => expiredFinding(s, ignore.path, home))]),
  };
}

/**
 * The suppressions file: `explicit` (--ignore-file), else the first default name in the audited
 * home (ignoreCandidates: never inside a --root tree). Never from the working directory: a cloned
 * repository must not be able to suppress its own findings. An explicit file that cannot be read
 * is a usage error; a default one that is absent is no file.
 */
/**
 * How an ignore file was read: the caller's hardened reader (regular files only, opened
 * non-blocking, strict UTF-8), so a FIFO cannot hang the run and a file that is not UTF-8 is
 * refused rather than read with replacement characters.
 */
export type IgnoreRead = { readonly kind: 'absent' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'refused'; readonly why: string };

export async function loadIgnoreFile(explicit: string | undefined, home: AuditReport['trustedHome'], cwd: string,
  read: (file: string, label: string) => Promise<IgnoreRead>): Promise<IgnoreFile | undefined> {
  for (const file of ignoreCandidates(explicit, home.path, home.source, cwd)) {
    const label = explicit !== undefined ? `--ignore-file ${explicit}` : file;
    const got = await read(file, label);
    // A default file that is absent is skipped; one that is there but cannot be read safely stops
    // the run, as a named one does.
    if (got.kind === 'absent' && explicit === undefined) continue;
    if (got.kind !== 'text') throw new UsageError(got.kind === 'refused' ? got.why : `${label}: cannot read it (no such file)`);
    return parseIgnoreFile(got.text, file);
  }
  return undefined;
}
