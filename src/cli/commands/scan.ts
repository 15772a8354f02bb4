import type { CommandModule } from 'yargs';
import type { DiscoverOptions } from '../../discover/discover.js';
import { renderListJson } from '../../report/discovery-json.js';
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { repoRoot } from '../paths.js';
import { escapeText } from '../../shared/text.js';
import { listingWidth } from '../../report/layout.js';
import { renderListTable } from '../../report/list-table.js';
import { writePieces } from '../../shared/output-file.js';
import type { CommandContext, ExitCode } from '../io.js';
import { checkDiscoveryPaths, toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { emitReport, toReportOptions, withReportOptions } from './report-options.js';
import { probeAllUsers, probeAudit, probeNumbers, withProbeOptions } from './probe.js';
import { VERSION } from '../version.js';


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
      // Every option is checked before anything is read, whether or not this run uses it.
      const options = toDiscoverOptions(argv);
      const reportOptions = toReportOptions(argv, ctx);
      probeNumbers(argv);
      if (wantsAllUsers(argv)) {
        if (argv.list === true) throw new UsageError('--list lists one account; with --all-users use hosts --all-users');
        ctx.exit(await scanAllUsers(options, argv, ctx));
        return;
      }
      await checkDiscoveryPaths(options, ctx.io.env.cwd);
      if (argv.list === true) {
        const format = argv.format;
        if (format !== 'table' && format !== 'json') throw new UsageError('--list prints table or json');
        const { discover } = await import('../../discover/discover.js');
        const { detectLayout } = await import('../../grade/layouts.js');
        const layout = options.root !== undefined && options.platform === undefined ? detectLayout(path.resolve(ctx.io.env.cwd, options.root), ctx.io.env.platform) : undefined;
        if (layout?.note !== undefined) ctx.io.stderr.write(`mcp-audit: --root ${escapeText(options.root ?? '')}: ${layout.note}\n`);
        const d = await discover(layout !== undefined ? { ...options, platform: layout.platform } : options, ctx.io.env);
        // `-o FILE` writes the listing where a report would go, with the same file-safety rules.
        const output = typeof argv.output === 'string' && argv.output !== '' && argv.output !== '-' ? argv.output : undefined;
        const text = format === 'json' ? renderListJson(d) : renderListTable(d, listingWidth(output === undefined && ctx.io.stdout.isTTY === true, ctx.io.stdout.columns));
        if (output !== undefined) await writePieces(path.resolve(ctx.io.env.cwd, output), output, [text]);
        else ctx.io.stdout.write(text);
        ctx.exit(0);
        return;
      }
      const { audit } = await import('../../grade/audit.js');
      const { auditRoot } = await import('../../grade/layouts.js');
      const { buildReport } = await import('../../report/build.js');
      // `--root` without --platform: the tree is read in the layout its folders show (a macOS
      // dotfiles repository on a Linux runner), and stderr says so.
      const root = options.root;
      let audited;
      if (root !== undefined) {
        const r = await auditRoot({ ...options, root }, ctx.io.env);
        if (r.layout.note !== undefined) ctx.io.stderr.write(`mcp-audit: --root ${escapeText(root)}: ${r.layout.note}\n`);
        audited = r.result;
      } else {
        audited = await audit(options, ctx.io.env);
      }
      const probed = argv.probe === true ? await probeAudit(audited, argv, ctx, reportOptions.format, []) : undefined;
      const report = buildReport(probed?.result ?? audited, {
        version: VERSION, ...(reportOptions.timestamp ? { generatedAt: ctx.io.env.now().toISOString() } : {}),
        ...(probed !== undefined ? { probed: true, probes: probed.probes, partial: probed.partial } : {}),
      });
      // `--root` inside a git checkout (a dotfiles repository): SARIF locations relative to %SRCROOT%.
      const checkout = options.root !== undefined ? await repoRoot(path.resolve(ctx.io.env.cwd, options.root)) : undefined;
      const { code } = await emitReport(report, { ...reportOptions, ...(checkout !== undefined ? { repoRoot: checkout } : {}) }, ctx);
      ctx.exit(code);
    },
  };
}
