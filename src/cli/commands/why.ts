import type { CommandModule } from 'yargs';
import { UsageError } from '../../shared/errors.js';
import { discoveryWords } from '../../shared/command-line.js';
import type { CommandContext } from '../io.js';
import { VERSION } from '../version.js';
import { listingWidth } from '../../report/layout.js';
import { toDiscoverOptions, withDiscoveryOptions } from './discovery-options.js';

/** `mcp-audit why SERVER`: one server's evidence chain. Exit 0 enforcing, 1 otherwise, 2 no such server. */
export function whyCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'why <server>',
    describe: "Print one server's evidence chain: each claim proven (with what was checked) or not (with why)",
    builder: (y) =>
      withDiscoveryOptions(y)
        .positional('server', { type: 'string', describe: 'the server name (an aggregator upstream: name/upstream)' })
        .option('format', { choices: ['text', 'json'], default: 'text', describe: 'output format' })
        .example('$0 why filesystem', 'why the filesystem entry is (or is not) enforcing')
        .example('$0 why hangar/github --root ~/dotfiles --format json', "one Hangar upstream's chain, as JSON"),
    handler: async (argv) => {
      const server = argv.server;
      if (typeof server !== 'string' || server === '') throw new UsageError('name a server');
      if (argv['all-users'] === true) throw new UsageError('why explains one account\'s server; name the account with --user');
      const format = argv.format === 'json' ? 'json' : 'text';
      const { audit } = await import('../../grade/audit.js');
      const { buildReport } = await import('../../report/build.js');
      const why = await import('../../report/why.js');
      const options = toDiscoverOptions(argv);
      const report = buildReport(await audit(options, ctx.io.env), { version: VERSION });
      const rows = why.rowsNamed(report, server);
      if (rows.length === 0) {
        // `why help` names a server (help is a first word: `help why`); when there is none, say where help is.
        const help = server === 'help' ? "; this command's options: 'mcp-audit help why'" : '';
        throw new UsageError(`no server named ${JSON.stringify(server)} (${['mcp-audit', 'scan', '--list', ...discoveryWords(options)].join(' ')} shows every entry${help})`);
      }
      ctx.io.stdout.write(format === 'json' ? why.renderWhyJson(report, server, rows) : why.renderWhyText(report, server, rows, listingWidth(ctx.io.stdout.isTTY, ctx.io.stdout.columns)));
      ctx.exit(why.whyExitCode(rows));
    },
  };
}
