import type { CommandModule } from 'yargs';
import type { Discovery, DiscoverOptions } from '../../discover/discover.js';
import type { ServerEntry } from '../../parse/types.js';
import type { Finding } from '../../rules/types.js';
import { redactArgv } from '../../report/redact.js';
import { UsageError } from '../../shared/errors.js';
import { displayPath } from '../../report/format.js';
import type { CommandContext, ExitCode } from '../io.js';
import { toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { emitReport, toReportOptions, withReportOptions } from './report-options.js';
import { probeAllUsers, probeAudit, withProbeOptions } from './probe.js';
import { VERSION } from '../version.js';

/** cli-table3 borders without a rule between rows. */
export const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export { displayPath } from '../../report/format.js';

/** One entry for output: keys of env and headers only, never their values; secret-looking args and URL credentials masked. */
export function entryJson(e: ServerEntry): Record<string, unknown> {
  return {
    host: e.host,
    scope: e.scope,
    configPath: e.configPath,
    name: e.name,
    disabled: e.disabled,
    ...(e.disabledBy !== undefined ? { disabledBy: e.disabledBy } : {}),
    ...(e.disabledOnlyFor !== undefined ? { disabledOnlyFor: e.disabledOnlyFor } : {}),
    transport: e.transport,
    location: { path: e.origin.file, pointer: e.origin.pointer, line: e.origin.line, column: e.origin.column },
    ...(e.project !== undefined ? { project: e.project } : {}),
    ...(e.realPath !== undefined ? { realPath: e.realPath } : {}),
    ...(e.command !== undefined ? { command: redactArgv([e.command])[0] ?? '' } : {}),
    args: redactArgv(e.args),
    ...(e.url !== undefined ? { url: redactArgv([e.url])[0] ?? '' } : {}),
    envKeys: Object.keys(e.env),
    headerKeys: Object.keys(e.headers),
  };
}

function findingJson(f: Finding): Record<string, unknown> {
  return { id: f.id, severity: f.severity, grade: f.grade, message: f.message, ...(f.location !== undefined ? { location: f.location } : {}) };
}

export function discoveryJson(d: Discovery): Record<string, unknown> {
  return {
    schemaVersion: '1',
    platform: d.platform,
    trustedHome: { path: d.home.path, source: d.home.source, user: d.home.user },
    homeEnvMismatch: d.homeEnvMismatch,
    projectScan: d.projectScan,
    countIsFloor: d.countIsFloor,
    projectRoots: d.projectRoots,
    entries: d.entries.map(entryJson),
    findings: d.findings.map(findingJson),
    locations: { checked: d.locations.length, found: d.locations.filter((l) => l.status === 'found').length, errors: d.locations.filter((l) => l.status === 'error').length },
  };
}

async function renderTable(d: Discovery): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const home = d.home.path;
  const table = new Table({ head: ['Host', 'Scope', 'Server', 'Transport', 'Enabled', 'Location'], style: { head: [], border: [] }, chars: COMPACT });
  for (const e of d.entries) {
    table.push([e.host, e.scope, e.name, e.transport, e.disabled ? 'no' : 'yes', `${displayPath(e.origin.file, home)}:${e.origin.line}:${e.origin.column}`]);
  }
  const lines = [`Home: ${home} (${d.home.source}, user ${d.home.user}); platform ${d.platform}`];
  if (d.homeEnvMismatch) lines.push('Note: $HOME differs from the trusted home; the trusted home was audited.');
  lines.push(d.entries.length > 0 ? table.toString() : 'No MCP server entries found.');
  for (const f of d.findings) {
    const where = f.location !== undefined ? `${displayPath(f.location.path, home)}:${f.location.line}:${f.location.column}: ` : '';
    lines.push(`${where}${f.severity} ${f.id}: ${f.message}`);
  }
  const files = new Set(d.entries.map((e) => e.configPath)).size;
  lines.push(`${d.entries.length} entries in ${files} files; ${d.locations.length} locations checked; ${d.findings.length} findings.`);
  if (d.countIsFloor) lines.push('Project scan was off (--no-project-scan): the entry count is a floor.');
  return `${lines.join('\n')}\n`;
}

/** `scan --all-users`: every account audited under its own home, one report (grade/all-users.ts, report/all-users.ts). */
async function scanAllUsers(options: DiscoverOptions, argv: Readonly<Record<string, unknown>>, ctx: CommandContext): Promise<ExitCode> {
  const reportOptions = toReportOptions(argv, ctx);
  const { auditAllUsers } = await import('../../grade/all-users.js');
  const { buildAllUsersReport } = await import('../../report/all-users.js');
  const { resolveHome } = await import('../../discover/home.js');
  const operator = (await resolveHome({}, ctx.io.env)).home;
  const run = await auditAllUsers(options, ctx.io.env);
  const probed = argv.probe === true ? await probeAllUsers(run, argv, ctx, reportOptions.format) : undefined;
  const report = buildAllUsersReport(probed?.run ?? run, {
    version: VERSION, platform: ctx.io.env.platform, operator, projectScan: options.projectScan ?? true,
    ...(reportOptions.timestamp ? { generatedAt: ctx.io.env.now().toISOString() } : {}),
    ...(probed !== undefined ? { probed: true, probesByAccount: probed.probes, partial: probed.partial } : {}),
  });
  return (await emitReport(report, reportOptions, ctx)).code;
}

export function scanCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'scan',
    describe: 'Find every MCP server entry the hosts would launch and grade it: enforcing, unverifiable or unprotected',
    builder: (y) =>
      withProbeOptions(withReportOptions(withDiscoveryOptions(y)))
        .option('probe', { type: 'boolean', default: false, describe: 'also launch the servers behind pinning proxies (time-boxed) and check their pins' })
        .option('list', { type: 'boolean', default: false, describe: 'only list the entries discovery found (no grading); table or json' })
        .example('$0 scan', 'audit the current user (home from the password database)')
        .example('$0 scan --root ~/dotfiles --format sarif -o mcp-audit.sarif', 'audit a dotfiles repo as a home, SARIF for code scanning')
        .example('$0 scan --format json --fail-under 80', 'JSON report; exit 1 when under 80% of entries are enforcing')
        .example('$0 scan --probe --jobs 8 --timeout 10', 'confirm the pins against what the servers really serve')
        .example('$0 scan --list --format json', 'what discovery found, ungraded')
        .example('sudo $0 scan --all-users --format ndjson', 'every account of this machine, one JSON record per entry (MDM, SIEM)'),
    handler: async (argv) => {
      const options = toDiscoverOptions(argv);
      if (wantsAllUsers(argv)) {
        if (argv.list === true) throw new UsageError('--list lists one account; with --all-users use hosts --all-users');
        ctx.exit(await scanAllUsers(options, argv, ctx));
        return;
      }
      if (argv.list === true) {
        const format = argv.format;
        if (format !== 'table' && format !== 'json') throw new UsageError('--list prints table or json');
        const { discover } = await import('../../discover/discover.js');
        const d = await discover(options, ctx.io.env);
        ctx.io.stdout.write(format === 'json' ? `${JSON.stringify(discoveryJson(d), null, 2)}\n` : await renderTable(d));
        ctx.exit(0);
        return;
      }
      const reportOptions = toReportOptions(argv, ctx);
      const { audit } = await import('../../grade/audit.js');
      const { buildReport } = await import('../../report/build.js');
      const audited = await audit(options, ctx.io.env);
      const probed = argv.probe === true ? await probeAudit(audited, argv, ctx, reportOptions.format, []) : undefined;
      const report = buildReport(probed?.result ?? audited, {
        version: VERSION, ...(reportOptions.timestamp ? { generatedAt: ctx.io.env.now().toISOString() } : {}),
        ...(probed !== undefined ? { probed: true, probes: probed.probes, partial: probed.partial } : {}),
      });
      const { code } = await emitReport(report, reportOptions, ctx);
      ctx.exit(code);
    },
  };
}
