import type { CommandModule } from 'yargs';
import { UsageError } from '../../shared/errors.js';
import type { CommandContext } from '../io.js';
import { shownPaths } from './edit-options.js';
import { checkDiscoveryPaths, toDiscoverOptions, wantsAllUsers, withDiscoveryOptions } from './discovery-options.js';
import { editOptions, withEditOptions } from './edit-options.js';

export function fixCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'fix [servers..]',
    describe: 'Propose (or with --apply make) the config edits that mend findings with a mechanical remedy',
    builder: (y) =>
      withEditOptions(withDiscoveryOptions(y))
        .positional('servers', { type: 'string', array: true, describe: 'only these server names (default: every entry)' })
        .example('$0 fix', 'print a unified diff per file; change nothing')
        .example('$0 fix github --apply', 'write the edits for github, re-audit, print coverage before -> after'),
    handler: async (argv) => {
      const { runFix } = await import('../../fix/fix.js');
      const { renderOutcome, exitCodeOf } = await import('../../fix/render.js');
      // Edits are made in one home at a time: --all-users would otherwise be silently ignored.
      if (wantsAllUsers(argv)) throw new UsageError('fix edits one home at a time: use --user NAME (or --root DIR), not --all-users');
      const discover = toDiscoverOptions(argv);
      await checkDiscoveryPaths(discover, ctx.io.env.cwd);
      const options = { discover, ...editOptions(argv) };
      const outcome = await runFix(options, ctx.io.env);
      ctx.io.stdout.write(renderOutcome(outcome, options.apply, ...shownPaths(discover.root, ctx.io.env.cwd)));
      ctx.exit(exitCodeOf(outcome, 'fix', options.apply));
    },
  };
}
