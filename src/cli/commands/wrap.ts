import type { CommandModule } from 'yargs';
import { WIRINGS } from '../../proxies/wirings.js';
import { UsageError } from '../../shared/errors.js';
import type { CommandContext } from '../io.js';
import { shownPaths } from './edit-options.js';
import { checkDiscoveryPaths, toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { editOptions, withEditOptions } from './edit-options.js';

export function wrapCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'wrap <servers..>',
    describe: "Rewrite plain stdio entries into a pinning proxy's documented wiring (preview; --apply writes)",
    builder: (y) =>
      withEditOptions(withDiscoveryOptions(y))
        .positional('servers', { type: 'string', array: true, describe: 'the server names to wrap' })
        .option('with', { type: 'string', demandOption: true, requiresArg: true, choices: WIRINGS.filter((w) => w.wrap !== undefined).map((w) => w.proxy), describe: 'the proxy to put in front' })
        .option('store', { type: 'string', requiresArg: true, describe: 'the pin store to name, for a proxy without a default one (mcptrust: the lock file)' })
        .example('$0 wrap filesystem --with mcpindex-gate', 'show the wiring as a diff')
        .example('$0 wrap filesystem --with mcpindex-gate --apply', 'write it; `unwrap filesystem --apply` restores the entry byte for byte'),
    handler: async (argv) => {
      const proxy = argv.with;
      if (typeof proxy !== 'string') throw new UsageError('--with needs a proxy');
      const store = argv.store;
      if (store !== undefined && (typeof store !== 'string' || store === '')) throw new UsageError('--store needs a path');
      const { runWrap } = await import('../../fix/wrap.js');
      const { renderOutcome, exitCodeOf } = await import('../../fix/render.js');
      // Edits are made in one home at a time: --all-users would otherwise be silently ignored.
      if (wantsAllUsers(argv)) throw new UsageError('wrap edits one home at a time: use --user NAME (or --root DIR), not --all-users');
      const discover = toDiscoverOptions(argv);
      await checkDiscoveryPaths(discover, ctx.io.env.cwd);
      const options = { discover, ...editOptions(argv), proxy, ...(typeof store === 'string' ? { store } : {}) };
      const outcome = await runWrap(options, ctx.io.env);
      ctx.io.stdout.write(renderOutcome(outcome, options.apply, ...shownPaths(discover.root, ctx.io.env.cwd)));
      ctx.exit(exitCodeOf(outcome, 'wrap', options.apply));
    },
  };
}
