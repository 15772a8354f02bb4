import type { Argv, CommandModule } from 'yargs';
import type { AccountAudit, AllUsersAudit } from '../../grade/all-users.js';
import type { AuditResult } from '../../grade/audit.js';
import type { ProbeIdentity } from '../../probe/run-as.js';
import type { ProbeEvent } from '../../probe/run.js';
import { DEFAULT_JOBS, DEFAULT_LIMITS } from '../../probe/types.js';
import type { ProbeSummary } from '../../report/model.js';
import { UsageError } from '../../shared/errors.js';
import { escapeText } from '../../shared/text.js';
import type { CommandContext } from '../io.js';
import { decimalOption } from '../strict-args.js';
import { VERSION } from '../version.js';
import { checkDiscoveryPaths, toDiscoverOptions, withDiscoveryOptions } from './discovery-options.js';
import { emitReport, toReportOptions, withReportOptions } from './report-options.js';

const DEFAULT_TIMEOUT_S = DEFAULT_LIMITS.timeoutMs / 1000;

/** --jobs and --timeout, strictly decimal and positive (validated by every command that takes them, probing or not). */
export function probeNumbers(argv: Readonly<Record<string, unknown>>): { jobs: number; timeoutMs: number } {
  const jobs = decimalOption(argv.jobs ?? String(DEFAULT_JOBS), '--jobs', { min: 1, max: 1024, integer: true }) ?? DEFAULT_JOBS;
  const timeout = decimalOption(argv.timeout ?? String(DEFAULT_TIMEOUT_S), '--timeout', { min: 0, max: 86_400, integer: false, minExclusive: true }) ?? DEFAULT_TIMEOUT_S;
  return { jobs, timeoutMs: Math.round(timeout * 1000) };
}

function names(argv: Readonly<Record<string, unknown>>): string[] {
  const raw = argv.name;
  const list: unknown[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((n) => {
    if ((typeof n !== 'string' && typeof n !== 'number') || String(n) === '') throw new UsageError('NAME must be a server name');
    return String(n);
  });
}

const seconds = (ms: number | undefined): string => (ms === undefined ? '' : ` (${(ms / 1000).toFixed(1)} s)`);

/** One stderr line per finished server. */
export function progressLine(event: ProbeEvent): string {
  const s: ProbeSummary = event.summary;
  return `[${event.done}/${event.total}] ${escapeText(event.label)}: ${s.outcome}${seconds(s.elapsedMs)} — ${escapeText(s.detail)}\n`;
}

/**
 * Progress for `probe` and `scan --probe`: a line per server for a person watching a table on a
 * terminal; machine formats (and pipes) stay quiet unless a probe fails.
 */
export function probeProgress(ctx: CommandContext, format: string): (event: ProbeEvent) => void {
  const interactive = ctx.io.stderr.isTTY === true && format === 'table';
  return (event) => {
    if (interactive) ctx.io.stderr.write(progressLine(event));
    else if (event.summary.outcome === 'probe-failed') ctx.io.stderr.write(`mcp-audit: probe ${escapeText(event.label)}: ${escapeText(event.summary.detail)}\n`);
  };
}

/** --jobs, --timeout and --probe-project, shared by `probe` and `scan --probe`. */
export function withProbeOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('jobs', { type: 'string', requiresArg: true, describe: `servers probed at once (default: ${DEFAULT_JOBS})` })
    .option('timeout', { type: 'string', requiresArg: true, describe: `seconds per server: spawn, initialize and every list page (default: ${DEFAULT_TIMEOUT_S})` })
    .option('probe-project', { type: 'boolean', default: false, describe: 'also launch project-scope entries (they arrive with a clone)' });
}

/**
 * Probes the audit's pinned rows per the options; returns the report inputs. SIGINT/SIGTERM while
 * probing stop it (every server it started is killed), and the report is still written, marked
 * `partial` (exit 2), with the rows that did not finish reported as `interrupted`.
 */
export async function probeAudit(result: AuditResult, argv: Readonly<Record<string, unknown>>, ctx: CommandContext,
  format: string, wanted: readonly string[]): Promise<{ result: AuditResult; probes: ReadonlyMap<number, ProbeSummary>; partial: boolean }> {
  const identity = await identityFor(result, ctx);
  if (identity.kind === 'refused') throw new UsageError(`--probe: not probing ${result.discovery.home.user}'s servers: ${identity.why}`);
  return probeAs(result, identity, argv, ctx, format, wanted);
}

/**
 * Whose identity the audited account's servers run under (probe/run-as.ts). `--root DIR` names
 * no account: its servers run as the operator, who chose the directory.
 */
async function identityFor(result: AuditResult, ctx: CommandContext): Promise<ProbeIdentity> {
  const home = result.discovery.home;
  if (home.source === 'root-flag') return { kind: 'self' };
  const { probeIdentity } = await import('../../probe/run-as.js');
  const needsGroup = home.uid !== undefined && home.uid !== ctx.io.env.uid && ctx.io.env.uid === 0;
  const { primaryGroup } = await import('../../discover/accounts.js');
  const gid = needsGroup ? await primaryGroup(home.user, ctx.io.env.run) : undefined;
  return probeIdentity({ user: home.user, uid: home.uid, home: home.path, gid }, ctx.io.env.uid, ctx.io.env.platform);
}

/**
 * `scan --all-users --probe`: each account's servers probed as that account; an account whose
 * servers cannot be run as it is not probed (a stderr line each, and the report is partial).
 */
export async function probeAllUsers(run: AllUsersAudit, argv: Readonly<Record<string, unknown>>, ctx: CommandContext, format: string):
  Promise<{ run: AllUsersAudit; probes: ReadonlyMap<string, ReadonlyMap<number, ProbeSummary>>; partial: boolean }> {
  const probes = new Map<string, ReadonlyMap<number, ProbeSummary>>();
  let partial = false;
  const accounts: AccountAudit[] = [];
  for (const a of run.accounts) {
    if (a.result === undefined) {
      accounts.push(a);
      continue;
    }
    const identity = await identityFor(a.result, ctx);
    if (identity.kind === 'refused') {
      ctx.io.stderr.write(`mcp-audit: not probed: account ${escapeText(a.account.name)}: ${escapeText(identity.why)}\n`);
      partial = true;
      accounts.push(a);
      continue;
    }
    const probed = await probeAs(a.result, identity, argv, ctx, format, []);
    probes.set(a.account.name, probed.probes);
    partial ||= probed.partial;
    accounts.push({ ...a, result: probed.result });
  }
  return { run: { ...run, accounts }, probes, partial };
}

async function probeAs(result: AuditResult, identity: Exclude<ProbeIdentity, { kind: 'refused' }>, argv: Readonly<Record<string, unknown>>,
  ctx: CommandContext, format: string, wanted: readonly string[]): Promise<{ result: AuditResult; probes: ReadonlyMap<number, ProbeSummary>; partial: boolean }> {
  const { jobs, timeoutMs } = probeNumbers(argv);
  const { probeRows } = await import('../../probe/run.js');
  const controller = new AbortController();
  const interrupt = (): void => {
    if (!controller.signal.aborted) ctx.io.stderr.write('mcp-audit: interrupted: stopping the probes; the report will be partial\n');
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    const probed = await probeRows(result, {
      jobs, timeoutMs, probeProject: argv['probe-project'] === true, hostEnv: ctx.io.env.vars,
      ...(identity.kind === 'account' ? { runAs: identity.runAs } : {}),
      ...(wanted.length > 0 ? { names: wanted } : {}),
      onResult: probeProgress(ctx, format), signal: controller.signal,
    });
    for (const s of probed.skipped) ctx.io.stderr.write(`mcp-audit: not probed: ${escapeText(s.label)}: ${escapeText(s.why)}\n`);
    return { result: probed.result, probes: probed.probes, partial: controller.signal.aborted };
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

export function probeCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'probe [name..]',
    describe: 'Audit, then launch the servers behind pinning proxies and check the pins against what they really serve',
    builder: (y) =>
      withProbeOptions(withReportOptions(withDiscoveryOptions(y)))
        .positional('name', { type: 'string', array: true, describe: 'entry names to probe (default: every entry behind a pinning proxy)' })
        .example('$0 probe', 'probe every pinned entry of the current user')
        .example('$0 probe filesystem --format json', 'probe one entry, JSON report with entries[].probe'),
    handler: async (argv) => {
      if (argv['all-users'] === true) throw new UsageError('probe audits one account; use scan --all-users --probe');
      const options = toDiscoverOptions(argv);
      const reportOptions = toReportOptions(argv, ctx);
      const wanted = names(argv);
      probeNumbers(argv);
      await checkDiscoveryPaths(options, ctx.io.env.cwd);
      const { audit } = await import('../../grade/audit.js');
      const { buildReport } = await import('../../report/build.js');
      const result = await audit(options, ctx.io.env);
      const missing = wanted.filter((n) => !result.rows.some((r) => r.name === n || `${r.name}/${r.upstream ?? ''}` === n));
      if (missing.length > 0) throw new UsageError(`no entry named ${missing.map((n) => `"${n}"`).join(', ')} was found`);
      const probed = await probeAudit(result, argv, ctx, reportOptions.format, wanted);
      const report = buildReport(probed.result, {
        version: VERSION, probed: true, probes: probed.probes, partial: probed.partial,
        ...(reportOptions.timestamp ? { generatedAt: ctx.io.env.now().toISOString() } : {}),
      });
      const { code } = await emitReport(report, reportOptions, ctx);
      ctx.exit(code);
    },
  };
}
