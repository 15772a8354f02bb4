import yargs from 'yargs';
import type { Argv, CommandModule } from 'yargs';
import { AuditError, InternalError, toError, UsageError } from '../shared/errors.js';
import type { CommandContext, ExitCode, Io } from './io.js';
import { COMMANDS } from './commands/index.js';
import { VERSION } from './version.js';
import { checkRawArgs, parsedOptions } from './strict-args.js';
import { escapeOutput, escapeText } from '../shared/text.js';
import { listingWidth } from '../report/layout.js';

/** Help is asked for with --help / -h (before any `--`), or `help [COMMAND]` first; a bare `mcp-audit` shows it too. */
function wantsHelp(argv: readonly string[]): boolean {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  return argv.length === 0 || argv[0] === 'help' || options.some((a) => a === '--help' || a === '-h');
}

/** `help COMMAND …` is `COMMAND … --help` (as git and npm read it); `help` alone is `--help`. */
function helpWords(argv: readonly string[]): readonly string[] {
  return argv[0] === 'help' ? [...argv.slice(1), '--help'] : argv;
}

/** The words yargs' completion script sends back (`mcp-audit completion` prints that script). */
const COMPLETION_FLAG = '--get-yargs-completions';

/** yargs spreads some messages over lines (`Invalid values:\n  Argument: …`): stderr gets one line. */
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** A stream whose writes are escaped (newlines kept), for stderr. */
function safeStream(stream: Io['stderr']): Io['stderr'] {
  return {
    write: (text: string): unknown => stream.write(escapeOutput(text)),
    get isTTY(): boolean { return stream.isTTY === true; },
    get columns(): number | undefined { return stream.columns; },
  };
}

/**
 * The one command a command line runs, declared as yargs' default command (`$0 …`) over the words
 * after the command's name, or undefined (help asked for, or no command word first: every command
 * is declared, as `--help` lists them). yargs renders the running command's whole help right after
 * starting a non-default command's handler, only in case a later showHelp() wants it (yargs 18.2.0
 * build/lib/command.js handleValidationAndGetResult → usage.cacheHelpMessage; a default command is
 * exempt): 15–30 ms of string-width work on every run. This CLI never shows help once a command
 * runs (errors are one line), and without help the other commands need not be declared at all.
 */
function single(argv: readonly string[], commands: readonly CommandModule[]): CommandModule | undefined {
  const word = argv[0];
  if (word === undefined || wantsHelp(argv) || argv.includes(COMPLETION_FLAG)) return undefined;
  const command = commands.find((c) => typeof c.command === 'string' && c.command.split(' ')[0] === word);
  if (command === undefined || typeof command.command !== 'string') return undefined;
  return { ...command, command: command.command.replace(/^\S+/, '$0') };
}

/**
 * Parses argv, runs one command, and returns the exit code. Only bin.ts sets process.exitCode.
 * Usage errors and operational errors exit 2 with a one-line message on stderr.
 */
export async function run(given: readonly string[], rawIo: Io): Promise<ExitCode> {
  const argv = helpWords(given);
  // Every stderr line may quote a server name, a path or a server's message: escaped here, once.
  // (Not a spread: that would read `stdinIsTTY`, a getter that builds process.stdin, on every run.)
  const io: Io = {
    stdout: rawIo.stdout, stderr: safeStream(rawIo.stderr), env: rawIo.env, readStdin: () => rawIo.readStdin(),
    get stdinIsTTY(): boolean { return rawIo.stdinIsTTY === true; },
  };
  let code: ExitCode = 0;
  let failed = false;
  const dashes = argv.indexOf('--');
  const ctx: CommandContext = {
    io,
    afterDashes: dashes >= 0 ? argv.slice(dashes + 1) : [],
    exit: (c) => {
      code = c;
    },
  };
  const commands = COMMANDS.map((make) => make(ctx) as CommandModule);
  const only = single(argv, commands);
  const args = only !== undefined ? argv.slice(1) : [...argv];
  const named: Argv = yargs(args).scriptName('mcp-audit').version(VERSION);
  // Help is `--help`, `-h` or a first word `help` (wantsHelp), and the completion script the first
  // word `completion`: a command run on its own has been asked for neither, and its words are its
  // own. yargs also reads a LAST positional word `help` as --help, and any positional word
  // `completion` as a request for its script (yargs 18.2.0 build/lib/yargs-factory.js
  // kRunYargsParserAndExecuteCommands: `helpCmds`, `showCompletionScript`), so `why help` printed
  // the top-level help and `why completion` the script: without the help option and the
  // completion command, such a word is a server name, a file name or an unknown argument, as
  // documented. (Neither is then set up on every run: less start-up work.)
  const base: Argv = (only !== undefined
    ? named.help(false)
    : named
      .usage('$0 <command> [options]\n\nAudit MCP host configurations: is every tool-contract pin really enforced?')
      // yargs' own completion: `mcp-audit completion >> ~/.bashrc` (bash; zsh reads the same script
      // through bashcompinit), completing command and option names.
      .completion('completion', 'print a shell completion script for bash and zsh (mcp-audit completion >> ~/.bashrc)')
      .help()
      .alias('h', 'help'))
    .strict()
    .strictCommands()
    .strictOptions();
  const parser: Argv = (only !== undefined ? base : base.recommendCommands().demandCommand(1, 'name a command'))
    // yargs renders (and caches) every command's help on each run; wrapping it to the terminal costs
    // ~40 ms of string-width work, so it is done only when help is actually asked for.
    .wrap(wantsHelp(argv) ? listingWidth(rawIo.stdout.isTTY, rawIo.stdout.columns) : null)
    .exitProcess(false)
    // Throwing stops yargs before any handler runs: a mistyped command line reads, writes and launches nothing.
    .fail((msg: string | undefined, err: Error | undefined) => {
      failed = true;
      // yargs' own parse errors (`Not enough arguments following: fail-on`) arrive as a YError.
      if (err !== undefined && err.name !== 'YError') throw err;
      const text = oneLine(msg ?? err?.message ?? 'usage error');
      const unknown = text.startsWith('Did you mean') ? `unknown command "${argv[0] ?? ''}". ` : '';
      throw new UsageError(`${unknown}${text} (see 'mcp-audit --help')`);
    })
    // After yargs' own validation, before any handler: repeated single-value options, empty values.
    // yargs passes its instance as a second argument (its types omit it); getOptions() then lists
    // the options of the command being run.
    .middleware((...params: unknown[]) => {
      const y = params[1];
      const getOptions: unknown = typeof y === 'object' && y !== null ? Reflect.get(y, 'getOptions') : undefined;
      if (typeof getOptions !== 'function') throw new InternalError('yargs did not pass its instance to middleware');
      const options: unknown = Reflect.apply(getOptions, y, []);
      checkRawArgs(argv, parsedOptions(options));
    });
  if (only !== undefined) parser.command(only);
  else for (const command of commands) parser.command(command);
  let printed = '';
  try {
    await parser.parseAsync(args, {}, (_err: Error | undefined, _args: unknown, output: string) => {
      // yargs may call back more than once (completion: once per pass), the text in one of them.
      if (output !== '') printed = output;
    });
  } catch (e: unknown) {
    const err = toError(e);
    if (err instanceof AuditError) {
      // Escaped whole: a usage or input error quotes keys, pointers and names from the user's
      // files, and stderr keeps line breaks (a key could write lines of its own).
      io.stderr.write(`mcp-audit: ${escapeText(err.message)}\n`);
      return 2;
    }
    io.stderr.write(`mcp-audit: internal error: ${err.stack ?? err.message}\n`);
    return 2;
  }
  if (printed !== '') io.stdout.write(printed.endsWith('\n') ? printed : `${printed}\n`);
  return failed ? 2 : code;
}
