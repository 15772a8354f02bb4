import type { CommandModule } from 'yargs';
import type { CommandContext } from '../io.js';

/** Placeholder until the canonical module lands (issue 2). */
export function canonicalCommand(ctx: CommandContext): CommandModule<object, { file: string; hash: boolean }> {
  return {
    command: 'canonical [file]',
    describe: 'Print the canonical form (mcpindex contract mode) of a JSON document',
    builder: (y) =>
      y.positional('file', { type: 'string', default: '-', describe: 'JSON file, or - for stdin' })
        .option('hash', { type: 'boolean', default: false, describe: 'print the sha256: digest line instead' })
        .example('echo \'[1125899906842623.125]\' | $0 canonical -', 'prints ["1.12589990684262312e+15"]') as never,
    handler: async () => {
      ctx.io.stderr.write('not implemented yet\n');
      ctx.exit(2);
    },
  };
}
