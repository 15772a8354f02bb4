import type { Argv, CommandModule } from 'yargs';
import { canonicalHash } from '../../canonical/canonical.js';
import type { CommandContext } from '../io.js';
import { problemAt, readJsonInput } from './json-input.js';

interface CanonicalArgs {
  readonly file: string;
  readonly hash: boolean;
  readonly mode: string;
}

/** `mcp-audit canonical [FILE|-]`: the canonical form (schemas/canonical-form.md) of one JSON document. */
export function canonicalCommand(ctx: CommandContext): CommandModule<object, CanonicalArgs> {
  return {
    command: 'canonical [file]',
    describe: 'Print the canonical form (mcpindex, contract mode by default) of a JSON document',
    builder: (y: Argv): Argv<CanonicalArgs> =>
      y.positional('file', { type: 'string', default: '-', describe: 'JSON file, or - for stdin' })
        .option('hash', { type: 'boolean', default: false, describe: 'print the sha256: digest line instead' })
        .option('mode', {
          type: 'string', requiresArg: true, choices: ['contract', 'plain'], default: 'contract',
          describe: 'contract: guard float-shaped strings and keep NFC-colliding keys; plain: without those rules',
        })
        .example('echo \'[1125899906842623.125]\' | $0 canonical -', 'prints ["1.12589990684262312e+15"]')
        .example('$0 canonical tool.json --hash', 'prints sha256:<64 hex> of the canonical bytes')
        .example('$0 canonical schema.json --mode plain', 'non-contract mode (one value per NFC key)')
        .epilog('The rules are in schemas/canonical-form.md. Invalid JSON, non-finite numbers and nesting deeper than 64 exit 2.'),
    handler: async (argv) => {
      const input = await readJsonInput(argv.file, ctx.io);
      const r = canonicalHash(input.root, { contract: argv.mode !== 'plain' });
      if (!r.ok) throw problemAt(input, r.problem.message, r.problem.node, r.problem.pointer);
      ctx.io.stdout.write(`${argv.hash ? r.value.hash : r.value.canonical}\n`);
    },
  };
}
