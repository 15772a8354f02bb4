/**
 * `mcp-audit fix`: audit, then for every finding with a mechanical remedy (remedies.ts) compute
 * the entry edit; preview as diffs, or with --apply write, re-audit and compare coverage.
 */
import type { DiscoverOptions } from '../discover/discover.js';
import { audit, type AuditResult } from '../grade/audit.js';
import { coverageOf, type Coverage } from '../grade/coverage.js';
import { recognize } from '../grade/grade.js';
import type { GradedEntry } from '../grade/types.js';
import { unwrap } from '../launch/unwrap.js';
import type { ServerEntry } from '../parse/types.js';
import { DEFAULT_WRAP_PROXY, wiringOf } from '../proxies/wirings.js';
import type { ArgvChange } from '../proxies/wiring-types.js';
import type { Env } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import { argvOps, entryFields, envPath } from './entry-fields.js';
import { remedyFor } from './remedies.js';
import { suppressedFindings } from './suppressed.js';
import { FileSet, planFiles, scopeRefusal, tidy, writeFiles, type EntryPlan, type LoadedFile, type PlannedFile, type Refusal, type SessionOptions, type Swept, type Written } from './session.js';
import type { EntryOp } from './types.js';
import { append } from '../shared/lists.js';
import { seamFrom } from './seam.js';
import { discoveryWords, shellWord } from '../shared/command-line.js';

export interface FixOptions extends SessionOptions {
  readonly discover: DiscoverOptions;
  /** Only these server names (all when empty). */
  readonly servers: readonly string[];
  readonly apply: boolean;
}

/** A finding no edit mends, with the reason. */
export interface Remaining {
  readonly server: string;
  readonly file: string;
  readonly ruleId: string;
  readonly why: string;
}

export interface EditOutcome {
  readonly home: string;
  readonly entries: readonly ServerEntry[];
  readonly files: readonly PlannedFile[];
  readonly refusals: readonly Refusal[];
  readonly remaining: readonly Remaining[];
  readonly written?: readonly Written[];
  /** Temporary files of runs that died, removed while writing. */
  readonly swept?: readonly Swept[];
  /** After --apply: files the re-audit would still edit (a refused write, or a finding an edit revealed). */
  readonly pendingAfter?: number;
  readonly before: Coverage;
  readonly after?: Coverage;
}

/**
 * The discovered entry a graded row comes from, by file, name, position and host: an index built
 * once (a search of every entry per row was quadratic: 40,000 entries took 5.5 s).
 * The first entry of a key is kept, as the search found it.
 */
function entryIndex(audited: AuditResult): (row: GradedEntry) => ServerEntry | undefined {
  const at = (configPath: string, name: string, line: number, column: number, host: string): string =>
    JSON.stringify([configPath, name, line, column, host]);
  const index = new Map<string, ServerEntry>();
  for (const e of audited.discovery.entries) {
    const k = at(e.configPath, e.name, e.origin.line, e.origin.column, e.host);
    if (!index.has(k)) index.set(k, e);
  }
  return (row) => index.get(at(row.configPath, row.name, row.location.line, row.location.column, row.host));
}

const key = (e: ServerEntry): string => `${e.configPath}\u0000${e.origin.pointer}`;

interface Pending { entry: ServerEntry; argv: ArgvChange[]; env: string[]; what: string[]; rules: string[] }

/** The plan for every entry with a remedied finding, and what stays unmended. */
async function plan(audited: AuditResult, options: FixOptions, files: FileSet, suppressed: ReadonlySet<string>): Promise<{ plans: EntryPlan[]; loaded: Map<string, LoadedFile>; remaining: Remaining[]; refusals: Refusal[] }> {
  const pending = new Map<string, Pending>();
  const remaining: Remaining[] = [];
  const refusals: Refusal[] = [];
  const home = audited.discovery.home.path;
  const platform = audited.discovery.platform;
  for (const f of audited.discovery.findings) {
    if (f.grade === 'none' || options.servers.length > 0) continue;
    remaining.push({ server: '(file)', file: f.location?.path ?? '', ruleId: f.id, why: 'a problem of the file itself: mend it by hand' });
  }
  const entryOfRow = entryIndex(audited);
  const named = new Set(options.servers);
  audited.rows.forEach((row, i) => {
    if (row.disabled || (named.size > 0 && !named.has(row.name))) return;
    const entry = entryOfRow(row);
    row.findings.forEach((f, j) => {
      const remedy = remedyFor(f.id);
      // A finding that sets no grade is left alone unless it has a remedy (launcher-vulnerable).
      if ((f.grade === 'none' && remedy === undefined) || suppressed.has(`${i}:${j}`)) return;
      const stay = (why: string): void => { remaining.push({ server: row.upstream === undefined ? row.name : `${row.name}/${row.upstream}`, file: row.configPath, ruleId: f.id, why }); };
      if (remedy === undefined || entry === undefined) { stay(f.id === 'no-pinning-proxy' ? `put a pinning proxy in front of it: ${['mcp-audit', 'wrap', shellWord(row.name), '--with', DEFAULT_WRAP_PROXY, ...discoveryWords(options.discover)].join(' ')}` : 'no mechanical edit mends it'); return; }
      const chain = unwrap(entry);
      const rec = recognize(chain, entry)?.rec;
      const argv = [entry.command ?? '', ...entry.args];
      const change = remedy.remedy({ entry, finding: f, chain, rec, wiring: rec === undefined ? undefined : wiringOf(rec.proxy), argv, home, platform });
      if (change.kind === 'none') { stay(change.why); return; }
      const p = pending.get(key(entry)) ?? { entry, argv: [], env: [], what: [], rules: [] };
      if (change.argv !== undefined) p.argv.push(change.argv);
      append(p.env, (change.dropEnv ?? []));
      if (!p.what.includes(change.what)) p.what.push(change.what);
      if (!p.rules.includes(f.id)) p.rules.push(f.id);
      pending.set(key(entry), p);
    });
  });
  const plans: EntryPlan[] = [];
  const loaded = new Map<string, LoadedFile>();
  for (const p of pending.values()) {
    const refuse = (reason: string): void => { refusals.push({ server: p.entry.name, file: p.entry.configPath, reason }); };
    const scope = scopeRefusal(p.entry, options);
    if (scope !== undefined) { refuse(scope); continue; }
    const file = await files.load(p.entry);
    if (typeof file === 'string') { refuse(file); continue; }
    loaded.set(file.file, file);
    const fields = entryFields(p.entry, file.value);
    if (typeof fields === 'string') { refuse(fields); continue; }
    const merged: ArgvChange = { remove: p.argv.flatMap((c) => c.remove), replace: p.argv.flatMap((c) => c.replace ?? []), insert: p.argv.flatMap((c) => c.insert ?? []) };
    const ops: EntryOp[] = [];
    const fromArgv = argvOps(fields, merged);
    if (typeof fromArgv === 'string') { refuse(fromArgv); continue; }
    append(ops, fromArgv);
    let ok = true;
    for (const name of new Set(p.env)) {
      const at = envPath(p.entry, name, file.value, platform === 'win32');
      const rel = at?.slice(fields.entryPath.length);
      if (at === undefined || rel === undefined || !fields.entryPath.every((s, i) => at[i] === s)) { refuse(`cannot place ${name} in the file`); ok = false; break; }
      ops.push({ kind: 'delete', path: rel });
    }
    if (ok) plans.push({ entry: p.entry, ops, what: p.what, rules: p.rules, entryPath: fields.entryPath });
  }
  return { plans, loaded, remaining, refusals };
}

export async function runFix(given: FixOptions, env: Env): Promise<EditOutcome> {
  const seam = given.seam ?? seamFrom(env.vars);
  const options: FixOptions = seam === undefined ? given : { ...given, seam };
  // The edits are computed on the bytes this audit reads (FileSet shares its read cache).
  const fileSet = new FileSet();
  const audited = await audit({ ...options.discover, cache: fileSet.cache }, env);
  await options.seam?.('audited', audited.discovery.home.path);
  for (const name of options.servers) {
    if (!audited.discovery.entries.some((e) => e.name === name)) throw new UsageError(`no server entry named ${JSON.stringify(name)} was found`);
  }
  const before = coverageOf(audited.rows);
  const planned = await plan(audited, options, fileSet, await suppressedFindings(audited, env.now()));
  const { files, refusals } = planFiles(planned.plans, planned.loaded);
  const base = {
    home: audited.discovery.home.path, entries: audited.discovery.entries, files,
    refusals: [...planned.refusals, ...refusals], remaining: planned.remaining, before,
  };
  if (!options.apply) return base;
  const w = await writeFiles(files, options);
  const tidied = await tidy(audited.discovery.entries, options, audited.discovery.locations);
  if (files.length === 0) return { ...base, ...(tidied.length > 0 ? { swept: tidied } : {}) };
  const reread = new FileSet();
  const again = await audit({ ...options.discover, cache: reread.cache }, env);
  const next = await plan(again, { ...options, apply: false }, reread, await suppressedFindings(again, env.now()));
  const still = planFiles(next.plans, next.loaded);
  return {
    ...base, refusals: [...base.refusals, ...w.refusals], written: w.written, swept: [...w.swept, ...tidied], after: coverageOf(again.rows),
    remaining: next.remaining, pendingAfter: still.files.length,
  };
}
