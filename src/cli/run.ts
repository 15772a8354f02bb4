import yargs from 'yargs';
import type { Argv, CommandModule } from 'yargs';
import { AuditError, toError } from '../shared/errors.js';
import type { CommandContext, ExitCode, Io } from './io.js';
import { COMMANDS } from './commands/index.js';
import { VERSION } from './version.js';

function wantsHelp(argv: readonly string[]): boolean {
  return argv.length === 0 || argv.some((a) => a === '--help' || a === '-h' || a === 'help');
}

/**
 * Parses argv, runs one command, and returns the exit code. Only bin.ts sets process.exitCode.
 * Usage errors and operational errors exit 2 with a one-line message on stderr.
 */
export async function run(argv: readonly string[], io: Io): Promise<ExitCode> {
  let code: ExitCode = 0;
  let failed = false;
  const ctx: CommandContext = {
    io,
    exit: (c) => {
      code = c;
    },
  };
  const parser: Argv = yargs([...argv])
    .scriptName('mcp-audit')
    .usage('$0 <command> [options]\n\nAudit MCP host configurations: is every tool-contract pin really enforced?')
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .strict()
    .recommendCommands()
    .demandCommand(1, 'Name a command (see --help).')
    // yargs renders (and caches) every command's help on each run; wrapping it to the terminal costs
    // ~40 ms of string-width work, so it is done only when help is actually asked for.
    .wrap(wantsHelp(argv) ? Math.min(110, process.stdout.columns ?? 100) : null)
    .exitProcess(false)
    .fail((msg: string | undefined, err: Error | undefined) => {
      failed = true;
      if (err !== undefined) throw err;
      io.stderr.write(`mcp-audit: ${msg ?? 'usage error'}\nRun 'mcp-audit --help' for usage.\n`);
    });
  for (const make of COMMANDS) parser.command(make(ctx) as CommandModule);
  let printed = '';
  try {
    await parser.parseAsync([...argv], {}, (_err: Error | undefined, _args: unknown, output: string) => {
      printed = output;
    });
  } catch (e: unknown) {
    const err = toError(e);
    if (err instanceof AuditError) {
      io.stderr.write(`mcp-audit: ${err.message}\n`);
      return 2;
    }
    io.stderr.write(`mcp-audit: internal error: ${err.stack ?? err.message}\n`);
    return 2;
  }
  if (printed !== '') io.stdout.write(printed.endsWith('\n') ? printed : `${printed}\n`);
  return failed ? 2 : code;
}
