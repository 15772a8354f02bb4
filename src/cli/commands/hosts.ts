import type { CommandModule } from 'yargs';
import type { LocationCheck } from '../../discover/discover.js';
import { UsageError } from '../../shared/errors.js';
import type { CommandContext } from '../io.js';
import type { DiscoverOptions } from '../../discover/discover.js';
import { toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { COMPACT, displayPath } from './scan.js';

/** `mcp-audit hosts`: every location checked, found / absent / error, per host and scope. */
export function hostsCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'hosts',
    describe: 'List every host config location checked: found, absent or error',
    builder: (y) => withDiscoveryOptions(y)
      .option('format', { choices: ['table', 'json'], default: 'table', describe: 'output format' })
      .option('found', { type: 'boolean', default: false, describe: 'list only locations that exist (found or error)' })
      .example('$0 hosts --found', 'the host config files that exist on this machine')
      .example('sudo $0 hosts --all-users --found', "every account's host config files, each under its own home")
      .example('$0 hosts --root ~/dotfiles --platform darwin --format json', "every location of a macOS layout, checked under a directory"),
    handler: async (argv) => {
      const format = argv.format;
      if (format !== 'table' && format !== 'json') throw new UsageError('--format must be table or json');
      if (wantsAllUsers(argv)) {
        ctx.io.stdout.write(await hostsAllUsers(toDiscoverOptions(argv), format, argv.found === true, ctx));
        ctx.exit(0);
        return;
      }
      const { discover } = await import('../../discover/discover.js');
      const d = await discover(toDiscoverOptions(argv), ctx.io.env);
      const rows = argv.found === true ? d.locations.filter((l) => l.status !== 'absent') : d.locations;
      if (format === 'json') {
        ctx.io.stdout.write(`${JSON.stringify({
          schemaVersion: '1', platform: d.platform,
          trustedHome: { path: d.home.path, source: d.home.source, user: d.home.user },
          homeEnvMismatch: d.homeEnvMismatch, projectScan: d.projectScan, countIsFloor: d.countIsFloor,
          projectRoots: d.projectRoots, locations: rows,
        }, null, 2)}\n`);
      } else {
        const { default: Table } = await import('cli-table3');
        const table = new Table({ head: ['Host', 'Scope', 'Status', 'Servers', 'Path'], style: { head: [], border: [] }, chars: COMPACT });
        for (const l of rows) {
          const status = l.status === 'error' ? `error (${l.ruleId ?? '?'})` : l.status === 'found' && !l.serversKey ? 'found, no servers key' : l.status;
          const link = l.realPath !== undefined ? ` -> ${displayPath(l.realPath, d.home.path)}` : '';
          table.push([l.host, l.scope, status, l.status === 'found' ? String(l.entries) : '', `${displayPath(l.path, d.home.path)}${link}`]);
        }
        const found = d.locations.filter((l) => l.status === 'found').length;
        const errors = d.locations.filter((l) => l.status === 'error').length;
        ctx.io.stdout.write(`Home: ${d.home.path} (${d.home.source}); platform ${d.platform}\n${table.toString()}\n`
          + `${d.locations.length} locations checked: ${found} found, ${errors} errors, ${d.locations.length - found - errors} absent.\n`
          + (d.countIsFloor ? 'Project scan was off (--no-project-scan): the entry count is a floor.\n' : ''));
      }
      ctx.exit(0);
    },
  };
}

/** `hosts --all-users`: per account (name, uid, home, how found, status), its locations. */
async function hostsAllUsers(options: DiscoverOptions, format: 'table' | 'json', found: boolean, ctx: CommandContext): Promise<string> {
  const { discoverAllUsers } = await import('../../grade/all-users.js');
  const run = await discoverAllUsers(options, ctx.io.env);
  const shown = (d: { locations: readonly LocationCheck[] }): readonly LocationCheck[] => (found ? d.locations.filter((l) => l.status !== 'absent') : d.locations);
  if (format === 'json') {
    return `${JSON.stringify({
      schemaVersion: '1', platform: ctx.io.env.platform, listedBy: run.listedBy, rule: run.rule, systemAccounts: run.systemAccounts, excluded: run.excluded,
      accounts: run.accounts.map((a) => ({
        name: a.account.name, uid: a.account.uid ?? null, ...(a.account.sid !== undefined ? { sid: a.account.sid } : {}), home: a.account.home,
        foundBy: a.account.source, status: a.status, ...(a.reason !== undefined ? { reason: a.reason } : {}),
        findings: a.findings.map((f) => ({ id: f.id, severity: f.severity, message: f.message })),
        ...(a.result !== undefined ? { projectScan: a.result.projectScan, countIsFloor: a.result.countIsFloor, locations: shown(a.result) } : {}),
      })),
    }, null, 2)}\n`;
  }
  const { default: Table } = await import('cli-table3');
  const lines = [`Accounts listed by ${run.listedBy}, human ones by ${run.rule}; ${run.systemAccounts} system accounts not audited.`];
  for (const x of run.excluded) lines.push(`Not audited: ${x.name}: ${x.reason}`);
  for (const a of run.accounts) {
    const uid = a.account.uid !== undefined ? `uid ${a.account.uid}` : a.account.sid ?? '';
    lines.push('', `Account ${a.account.name} (${uid}), home ${a.account.home} (${a.account.source}): ${a.status}${a.reason !== undefined ? ` — ${a.reason}` : ''}`);
    for (const f of a.findings) lines.push(`${f.severity} ${f.id}: ${f.message}`);
    if (a.result === undefined) continue;
    const table = new Table({ head: ['Host', 'Scope', 'Status', 'Servers', 'Path'], style: { head: [], border: [] }, chars: COMPACT });
    for (const l of shown(a.result)) {
      table.push([l.host, l.scope, l.status === 'error' ? `error (${l.ruleId ?? '?'})` : l.status, l.status === 'found' ? String(l.entries) : '', displayPath(l.path, a.account.home)]);
    }
    lines.push(table.length > 0 ? table.toString() : 'No host config locations to list.');
  }
  return `${lines.join('\n')}\n`;
}
