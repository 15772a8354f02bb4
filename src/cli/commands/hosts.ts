import type { CommandModule } from 'yargs';
import type { LocationCheck } from '../../discover/discover.js';
import { UsageError } from '../../shared/errors.js';
import { escapeText } from '../../shared/text.js';
import type { CommandContext } from '../io.js';
import type { DiscoverOptions } from '../../discover/discover.js';
import { checkDiscoveryPaths, toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { displayPath, floorSentences } from '../../report/format.js';
import { renderHostsAllUsersJson, renderHostsJson } from '../../report/discovery-json.js';
import { listingWidth, renderTable, wrapText } from '../../report/layout.js';
import type { Column } from '../../report/layout.js';

const HOSTS_COLUMNS: readonly Column[] = [{ header: 'Host' }, { header: 'Scope', min: 7 }, { header: 'Status' }, { header: 'Servers', min: 7 }, { header: 'Path', min: 20 }];

/** `mcp-audit hosts`: every location checked, found / absent / error, per host and scope. */
export function hostsCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'hosts',
    describe: 'List every host config location checked: found, absent or error',
    builder: (y) => withDiscoveryOptions(y)
      .option('format', { type: 'string', requiresArg: true, choices: ['table', 'json'], default: 'table', describe: 'output format' })
      .option('found', { type: 'boolean', default: false, describe: 'list only locations that exist (found or error)' })
      .example('$0 hosts --found', 'the host config files that exist on this machine')
      .example('sudo $0 hosts --all-users --found', "every account's host config files, each under its own home")
      .example('$0 hosts --root ~/dotfiles --platform darwin --format json', "every location of a macOS layout, checked under a directory"),
    handler: async (argv) => {
      const format = argv.format;
      if (format !== 'table' && format !== 'json') throw new UsageError('--format must be table or json');
      const options = toDiscoverOptions(argv);
      if (wantsAllUsers(argv)) {
        ctx.io.stdout.write(await hostsAllUsers(options, format, argv.found === true, ctx));
        ctx.exit(0);
        return;
      }
      await checkDiscoveryPaths(options, ctx.io.env.cwd);
      const { discover } = await import('../../discover/discover.js');
      const d = await discover(options, ctx.io.env);
      const rows = argv.found === true ? d.locations.filter((l) => l.status !== 'absent') : d.locations;
      if (format === 'json') {
        ctx.io.stdout.write(renderHostsJson(d, rows));
      } else {
        const width = listingWidth(ctx.io.stdout.isTTY, ctx.io.stdout.columns);
        const table = renderTable(HOSTS_COLUMNS, rows.map((l) => {
          const status = l.status === 'error' ? `error (${l.ruleId ?? '?'})` : l.status === 'found' && !l.serversKey ? 'found, no servers key' : l.status;
          const link = l.realPath !== undefined ? ` -> ${displayPath(l.realPath, d.home.path)}` : '';
          return [l.host, l.scope, status, l.status === 'found' ? String(l.entries) : '', `${displayPath(l.path, d.home.path)}${link}`].map(escapeText);
        }), width, { compact: true });
        const found = d.locations.filter((l) => l.status === 'found').length;
        const errors = d.locations.filter((l) => l.status === 'error').length;
        ctx.io.stdout.write(`${wrapText(escapeText(`Home: ${d.home.path} (${d.home.source}); platform ${d.platform}`), width, '').join('\n')}\n${table}\n`
          + `${d.locations.length} locations checked: ${found} found, ${errors} errors, ${d.locations.length - found - errors} absent.\n`
          + floorSentences(d.floorCauses).map((l, i) => `${wrapText(escapeText(i === 0 ? l : `- ${l}`), width, i === 0 ? '' : '  ').join('\n')}\n`).join(''));
      }
      ctx.exit(0);
    },
  };
}

/**
 * `hosts --all-users`: per account (name, uid, home, how found, status, findings) and, for an
 * audited one, `hosts`: exactly the `hosts --format json` document of that account
 * (schemas/hosts.schema.json).
 */
async function hostsAllUsers(options: DiscoverOptions, format: 'table' | 'json', found: boolean, ctx: CommandContext): Promise<string> {
  const { discoverAllUsers } = await import('../../grade/all-users.js');
  const run = await discoverAllUsers(options, ctx.io.env);
  const shown = (d: { locations: readonly LocationCheck[] }): readonly LocationCheck[] => (found ? d.locations.filter((l) => l.status !== 'absent') : d.locations);
  if (format === 'json') return renderHostsAllUsersJson(run, ctx.io.env.platform, shown);
  const width = listingWidth(ctx.io.stdout.isTTY, ctx.io.stdout.columns);
  const say = (text: string): string => wrapText(escapeText(text), width, '').join('\n');
  const lines = [say(`Accounts listed by ${run.listedBy}, human ones by ${run.rule}; ${run.systemAccounts} system accounts not audited.`)];
  for (const x of run.excluded) lines.push(say(`Not audited: ${x.name}: ${x.reason}`));
  for (const a of run.accounts) {
    const uid = a.account.uid !== undefined ? `uid ${a.account.uid}` : a.account.sid ?? '';
    lines.push('', say(`Account ${a.account.name} (${uid}), home ${a.account.home} (${a.account.source}): ${a.status}${a.reason !== undefined ? ` — ${a.reason}` : ''}`));
    for (const f of a.findings) lines.push(say(`${f.severity} ${f.id}: ${f.message}`));
    if (a.result === undefined) continue;
    const rows = shown(a.result).map((l) => [l.host, l.scope, l.status === 'error' ? `error (${l.ruleId ?? '?'})` : l.status,
      l.status === 'found' ? String(l.entries) : '', displayPath(l.path, a.account.home)].map(escapeText));
    lines.push(rows.length > 0 ? renderTable(HOSTS_COLUMNS, rows, width, { compact: true }) : 'No host config locations to list.');
  }
  return `${lines.join('\n')}\n`;
}
