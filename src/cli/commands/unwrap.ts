import type { CommandModule } from 'yargs';
import { UsageError } from '../../shared/errors.js';
import type { CommandContext } from '../io.js';
import { shownPaths } from './edit-options.js';
import { checkDiscoveryPaths, toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { editOptions, withEditOptions } from './edit-options.js';

export function unwrapCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'unwrap <servers..>',
    describe: 'Restore entries a pinning proxy wraps to the command they wrap (preview; --apply writes)',
    builder: (y) =>
      withEditOptions(withDiscoveryOptions(y))
        .positional('servers', { type: 'string', array: true, describe: 'the server names to unwrap' })
        .example('$0 unwrap filesystem --apply', 'restore the entry mcpindex-gate wraps (from its _mcpindexWired marker)'),
    handler: async (argv) => {
      const { runUnwrap } = await import('../../fix/wrap.js');
      const { renderOutcome, exitCodeOf } = await import('../../fix/render.js');
      // Edits are made in one home at a time: --all-users would otherwise be silently ignored.
      if (wantsAllUsers(argv)) throw new UsageError('unwrap edits one home at a time: use --user NAME (or --root DIR), not --all-users');
      const discover = toDiscoverOptions(argv);
      await checkDiscoveryPaths(discover, ctx.io.env.cwd);
      const options = { discover, ...editOptions(argv) };
      const outcome = await runUnwrap(options, ctx.io.env);
      ctx.io.stdout.write(renderOutcome(outcome, options.apply, ...shownPaths(discover.root, ctx.io.env.cwd)));
      ctx.exit(exitCodeOf(outcome, 'wrap', options.apply));
    },
  };
}
