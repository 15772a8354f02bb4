/**
 * Probes the graded rows that sit behind a pinning proxy: launches the server the proxy would
 * launch (never the proxy: mcp-audit recomputes the proxy's digest itself), compares what it
 * serves with the pins, and returns the audit with probe findings added (pins-unmatched makes a
 * row unverifiable) plus one probe summary per probed row index. Used by `probe` and `scan --probe`.
 */
import path from 'node:path';
import type { AuditResult } from '../grade/audit.js';
import { regrade } from '../grade/chain.js';
import type { GradedEntry } from '../grade/types.js';
import type { ServerEntry } from '../parse/types.js';
import type { ProbeSummary } from '../report/model.js';
import { pinsUnmatched } from '../rules/pins-unmatched.js';
import { probeDrift } from '../rules/probe-drift.js';
import { probeFailed } from '../rules/probe-failed.js';
import { probeUnpinnedTools } from '../rules/probe-unpinned-tools.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { compareHangar, compareMcpindex, failedSummary, listed, NOT_LAUNCHED } from './compare.js';
import type { CompareContext } from './compare.js';
import type { RunAs } from './run-as.js';
import { runPool } from './pool.js';
import { DEFAULT_JOBS, probe } from './probe.js';
import type { ProbeCapture, ProbeTarget } from './types.js';
import { DEFAULT_LIMITS } from './types.js';

export interface ProbeRowsOptions {
  /** Probes in flight at once (default 4). */
  readonly jobs?: number;
  /** Per server: spawn, initialize and every list page (default 20 s). */
  readonly timeoutMs?: number;
  /** Project-scope rows arrive with a clone: launched only when this is true. */
  readonly probeProject?: boolean;
  /** The host environment (Env.vars) the entry's env is merged onto. Values never printed. */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** The audited account is not the running one: its stdio servers run as it (run-as.ts). */
  readonly runAs?: RunAs;
  /** Only rows with these names (`name`, or `name/upstream` for an aggregator's upstream); all when absent. */
  readonly names?: readonly string[];
  /** Called once per probed row as its probe ends (progress). */
  readonly onResult?: (event: ProbeEvent) => void;
  /** SIGTERM → SIGKILL grace when a server is stopped (default 1 s). */
  readonly graceMs?: number;
  /**
   * Aborted when the operator interrupts (SIGINT/SIGTERM): servers not yet launched are not
   * launched, and rows whose probe ends after the abort are reported as `interrupted`.
   */
  readonly signal?: AbortSignal;
}

export interface ProbeEvent {
  readonly index: number;
  readonly label: string;
  readonly summary: ProbeSummary;
  readonly done: number;
  readonly total: number;
}

export interface ProbedAudit {
  /** The audit with probe findings added to the probed rows and their grades recomputed. */
  readonly result: AuditResult;
  /** Probe summary per row index of `result.rows`; rows not probed have none. */
  readonly probes: ReadonlyMap<number, ProbeSummary>;
  /** Rows that were selected by name (or had pins) but are not launched, and why. */
  readonly skipped: readonly { readonly index: number; readonly label: string; readonly why: string }[];
}

/** `host:name` or `host:name/upstream`, as progress lines and notes show a row. */
export function rowLabel(row: GradedEntry): string {
  return `${row.host}:${row.name}${row.upstream !== undefined ? `/${row.upstream}` : ''}`;
}

const matchesName = (row: GradedEntry, name: string): boolean =>
  row.name === name || (row.upstream !== undefined && `${row.name}/${row.upstream}` === name);

/** Which rows are probed: behind a pinning proxy, enabled, and project-scope only with `probeProject`. */
export function selectRows(result: AuditResult, options: Pick<ProbeRowsOptions, 'names' | 'probeProject'>):
  { readonly selected: readonly number[]; readonly skipped: ProbedAudit['skipped'] } {
  const selected: number[] = [];
  const skipped: { index: number; label: string; why: string }[] = [];
  result.rows.forEach((row, index) => {
    const named = options.names !== undefined && options.names.length > 0;
    if (named && !options.names.some((n) => matchesName(row, n))) return;
    const skip = (why: string): void => { if (named) skipped.push({ index, label: rowLabel(row), why }); };
    if (row.proxy === null || !row.proxy.pins) skip('no pinning proxy in front of it: nothing to compare');
    else if (row.disabled) skip('disabled: the host would not launch it');
    else if (row.scope === 'project' && options.probeProject !== true) skip('project scope: launched only with --probe-project');
    else selected.push(index);
  });
  return { selected, skipped };
}

/** The entry a row was graded from (an aggregator's upstream rows share it). */
export function entryOf(result: AuditResult, row: GradedEntry): ServerEntry | undefined {
  const { path: file, line, column } = row.location;
  return result.discovery.entries.find((e) => e.origin.file === file && e.origin.line === line && e.origin.column === column)
    ?? result.discovery.entries.find((e) => e.configPath === row.configPath && e.name === row.name);
}

type Plan =
  | { readonly kind: 'launch'; readonly target: ProbeTarget; compare(capture: ProbeCapture): ProbeSummary }
  | { readonly kind: 'report'; readonly summary: ProbeSummary };

type TargetOrWhy = { readonly ok: true; readonly target: ProbeTarget } | { readonly ok: false; readonly summary: ProbeSummary };

function targetOf(row: GradedEntry, entry: ServerEntry | undefined): TargetOrWhy {
  const argv = row.probeInputs?.upstreamArgv;
  const program = argv?.[0];
  if (argv !== undefined && program !== undefined && program !== '') {
    let cwd = entry?.cwd;
    if (cwd !== undefined && !path.isAbsolute(cwd)) {
      if (entry?.project === undefined) {
        return { ok: false, summary: failedSummary('cwd-unresolved', `the entry's cwd "${cwd}" is relative and it belongs to no project`) };
      }
      cwd = path.resolve(entry.project, cwd);
    }
    return {
      ok: true,
      target: { kind: 'stdio', program, args: argv.slice(1), env: row.probeInputs?.upstreamEnv ?? entry?.env ?? {}, ...(cwd !== undefined ? { cwd } : {}) },
    };
  }
  const upstreamUrl = row.probeInputs?.upstreamUrl;
  if (upstreamUrl !== undefined) return { ok: true, target: { kind: 'url', url: upstreamUrl, headers: {} } };
  // A remote entry that is itself the server (not an aggregator's upstream, which sits behind the gateway).
  if (entry?.url !== undefined && row.upstream === undefined && row.launch[0] === entry.url) {
    return { ok: true, target: { kind: 'url', url: entry.url, headers: entry.headers } };
  }
  return {
    ok: false,
    summary: failedSummary(NOT_LAUNCHED.noUpstream, `${row.proxy?.id ?? 'the proxy'} launches the server from a command line mcp-audit did not read; nothing was launched`),
  };
}

function planRow(row: GradedEntry, entry: ServerEntry | undefined): Plan {
  const proxy = row.proxy;
  if (proxy === null) return { kind: 'report', summary: failedSummary(NOT_LAUNCHED.noPins, 'no pinning proxy') };
  const ctx: CompareContext = { proxy: proxy.id, mode: proxy.mode, blocking: proxy.blocking };
  const withTarget = (compare: (capture: ProbeCapture) => ProbeSummary): Plan => {
    const t = targetOf(row, entry);
    return t.ok ? { kind: 'launch', target: t.target, compare } : { kind: 'report', summary: t.summary };
  };
  const recipe = row.probeInputs?.recipe;
  if (recipe === undefined) return { kind: 'report', summary: failedSummary(NOT_LAUNCHED.recipe, `mcp-audit does not recompute ${proxy.id}'s digests`) };
  if ('notProven' in recipe) return { kind: 'report', summary: failedSummary(NOT_LAUNCHED.recipe, recipe.notProven) };
  // The proxy module names its hashing recipe (proxies/<id>.ts probeRecipe): the probe implements each kind.
  switch (recipe.kind) {
    case 'mcpindex-definition-hash': {
      const pins = row.probeInputs?.mcpindexPins;
      if (pins === undefined) return { kind: 'report', summary: failedSummary(NOT_LAUNCHED.noPins, 'the pin store was not read (see the findings)') };
      return withTarget((capture) => compareMcpindex(capture, pins, ctx));
    }
    case 'hangar-digest': {
      const pins = row.probeInputs?.hangarPins;
      if (pins === undefined) return { kind: 'report', summary: failedSummary(NOT_LAUNCHED.noPins, 'the Hangar config was not read (see the findings)') };
      return withTarget((capture) => compareHangar(capture, pins, ctx));
    }
  }
}

/**
 * Adds the probe's findings to a row and recomputes its grade. Only pins-unmatched changes the
 * grade (→ unverifiable); drift, unpinned tools and failures are reported (so every report format,
 * SARIF included, carries them) without changing it: grading never depends on the probe.
 */
export function applyProbe(row: GradedEntry, summary: ProbeSummary): GradedEntry {
  if (row.proxy === null) return row;
  const server = row.upstream !== undefined ? `${row.name}/${row.upstream}` : row.name;
  const subject = { server, proxy: row.proxy.id };
  const added: Finding[] = [];
  switch (summary.outcome) {
    case 'pins-unmatched':
      added.push(finding(pinsUnmatched, { ...subject, pinned: String(summary.pinned ?? 0), tools: String(summary.tools ?? 0) }, row.location));
      break;
    case 'drift': {
      const drifted = (summary.drift ?? []).filter((d) => d.change !== 'added');
      const holds = drifted.some((d) => d.decision === 'hold');
      added.push(finding(probeDrift, {
        ...subject, count: String(drifted.length), tools: listed(drifted.map((d) => d.tool)),
        decision: holds ? 'the proxy holds them' : 'the proxy auto-accepts them',
      }, row.location));
      break;
    }
    case 'probe-failed':
      added.push(finding(probeFailed, { ...subject, reason: summary.failure?.reason ?? summary.detail }, row.location));
      break;
    default:
      break;
  }
  const unpinned = summary.unpinned ?? [];
  if (unpinned.length > 0) {
    added.push(finding(probeUnpinnedTools, { ...subject, count: String(unpinned.length), tools: listed(unpinned) }, row.location));
  }
  if (added.length === 0) return row;
  const findings = [...row.findings, ...added];
  return { ...row, findings, grade: regrade(row, findings) };
}

/** Probe the selected rows, at most `jobs` at a time, and fold the outcomes into the audit. */
export async function probeRows(result: AuditResult, options: ProbeRowsOptions): Promise<ProbedAudit> {
  const { selected, skipped } = selectRows(result, options);
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    graceMs: options.graceMs ?? DEFAULT_LIMITS.graceMs,
    hostEnv: options.hostEnv,
    ...(options.runAs !== undefined ? { runAs: options.runAs } : {}),
  };
  let done = 0;
  const summaries = await runPool(selected, options.jobs ?? DEFAULT_JOBS, async (index) => {
    const row = result.rows[index];
    if (row === undefined) throw new Error(`row ${index} vanished`);
    const interrupted = (): ProbeSummary => failedSummary('interrupted', 'the probe was interrupted before it could finish');
    // A function, not a narrowed property read: the signal can flip while a probe is awaited.
    const aborted = (): boolean => options.signal?.aborted === true;
    const plan = planRow(row, entryOf(result, row));
    let summary: ProbeSummary;
    if (aborted()) summary = interrupted();
    else if (plan.kind === 'report') summary = plan.summary;
    else {
      const capture = await probe(plan.target, limits);
      summary = aborted() ? interrupted() : plan.compare(capture);
    }
    done += 1;
    options.onResult?.({ index, label: rowLabel(row), summary, done, total: selected.length });
    return summary;
  });
  const probes = new Map<number, ProbeSummary>();
  selected.forEach((index, i) => {
    const summary = summaries[i];
    if (summary !== undefined) probes.set(index, summary);
  });
  const rows = result.rows.map((row, i) => {
    const summary = probes.get(i);
    return summary === undefined ? row : applyProbe(row, summary);
  });
  return { result: { ...result, rows }, probes, skipped };
}
