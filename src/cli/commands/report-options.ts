import path from 'node:path';
import type { Argv } from 'yargs';
import { escapeText } from '../../shared/text.js';
import type { AuditReport, ReportContext, Reporter } from '../../report/model.js';
import { REPORTER_IDS, reporterById } from '../../report/index.js';
import type { ReporterId } from '../../report/index.js';
import { DEFAULT_FAIL_ON, evaluatePolicy, exitCodeFor, parseFailOn } from '../../report/policy.js';
import type { FailOn, PolicyResult } from '../../report/policy.js';
import { applyGate } from '../../report/gate.js';
import { IGNORE_FILE_NAMES, loadIgnoreFile } from '../../report/suppress.js';
import { RULES } from '../../rules/index.js';
import { UsageError } from '../../shared/errors.js';
import { writePieces } from '../../shared/output-file.js';
import type { CommandContext, ExitCode } from '../io.js';
import { decimalOption } from '../strict-args.js';
import { VERSION } from '../version.js';
import { listingWidth, wrapLines } from '../../report/layout.js';
import { loadGateFiles, toGateFiles, withGateOptions } from './gate-options.js';
import { MAX_GATE_BYTES, readProblem } from './gate-file.js';
import { readConfigFile } from '../../discover/read-file.js';
import type { GateFiles } from './gate-options.js';

/** Output and policy options shared by `scan`, `probe` and `check`. */
export function withReportOptions<T>(y: Argv<T>, failOnDefault: readonly string[] = DEFAULT_FAIL_ON): Argv<T> {
  return withGateOptions(y)
    .option('format', { type: 'string', requiresArg: true, choices: REPORTER_IDS, default: 'table', describe: 'output format' })
    .option('output', { alias: 'o', type: 'string', requiresArg: true, describe: 'write the report to FILE instead of stdout (- for stdout)' })
    .option('fail-on', {
      type: 'string', array: true, nargs: 1, requiresArg: true,
      describe: `what violates the policy (exit 1): unverifiable, unprotected, floor (the entry count is a floor), a severity (critical…info), or none; repeatable or comma-separated (default: ${failOnDefault.join(',')})`,
    })
    .option('fail-under', { type: 'string', requiresArg: true, describe: 'exit 1 when coverage (percent of enabled entries enforcing) is below PCT (0 to 100; default: no coverage floor)' })
    .option('ignore-file', { type: 'string', requiresArg: true, describe: `suppressions file (default: ${IGNORE_FILE_NAMES[0] ?? ''} in the audited home; none with --root, whose tree cannot suppress its own findings)` })
    .option('color', { type: 'boolean', describe: 'colour the table (default: on a terminal unless NO_COLOR is set and not empty; FORCE_COLOR forces it)' })
    .option('timestamp', { type: 'boolean', default: false, describe: 'add generatedAt to the report (reports are deterministic otherwise)' });
}

export interface ReportOptions {
  readonly format: ReporterId;
  readonly output?: string;
  readonly failOn?: readonly FailOn[];
  /** The command's own default when neither --fail-on nor the policy file's fail-on is given. */
  readonly defaultFailOn?: readonly FailOn[];
  readonly gate?: GateFiles;
  readonly failUnder?: number;
  readonly ignoreFile?: string;
  readonly color: boolean;
  readonly timestamp: boolean;
  /** Evaluate and return the report without writing it (the caller prints its own view). */
  readonly quiet?: boolean;
  /** The git checkout the audited root lies in (SARIF locations relative to %SRCROOT%). */
  readonly repoRoot?: string;
}

/**
 * Colour without --color/--no-color: only on standard output, where FORCE_COLOR (set and neither
 * empty nor 0: https://force-color.org, and Node's own reading of it) turns it on, else a NO_COLOR
 * that is set and not empty turns it off (https://no-color.org: "when present and not an empty
 * string"), else a terminal has it. FORCE_COLOR wins over NO_COLOR, as in Node's
 * tty.WriteStream.getColorDepth (https://nodejs.org/docs/latest-v22.x/api/tty.html#writestreamgetcolordepthenv).
 */
export function colourByDefault(toStdout: boolean, isTTY: boolean, vars: Readonly<Record<string, string | undefined>>): boolean {
  if (!toStdout) return false;
  const force = vars.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0') return true;
  const no = vars.NO_COLOR;
  if (no !== undefined && no !== '') return false;
  return isTTY;
}

export function toReportOptions(argv: Readonly<Record<string, unknown>>, ctx: CommandContext): ReportOptions {
  const format = reporterById(String(argv.format ?? 'table'));
  if (format === undefined) throw new UsageError(`--format must be one of ${REPORTER_IDS.join(', ')}`);
  const failOnRaw = argv['fail-on'];
  const failOn = Array.isArray(failOnRaw) ? parseFailOn(failOnRaw.map(String)) : undefined;
  const failUnder = decimalOption(argv['fail-under'], '--fail-under', { min: 0, max: 100, integer: false });
  // `-o -` is standard output, as for every other Unix tool (not a file named `-`).
  const output = typeof argv.output === 'string' && argv.output !== '' && argv.output !== '-' ? argv.output : undefined;
  const ignoreFile = typeof argv['ignore-file'] === 'string' ? argv['ignore-file'] : undefined;
  const color = typeof argv.color === 'boolean' ? argv.color : colourByDefault(output === undefined, ctx.io.stdout.isTTY === true, ctx.io.env.vars);
  const gate = toGateFiles(argv);
  return {
    format: format.id, color, timestamp: argv.timestamp === true, gate,
    ...(output !== undefined ? { output } : {}),
    ...(failOn !== undefined ? { failOn } : {}),
    ...(typeof failUnder === 'number' ? { failUnder } : {}),
    ...(ignoreFile !== undefined ? { ignoreFile } : {}),
  };
}

/** Suppress, render, write, and turn the policy into an exit code (2 for a partial report). */
export async function emitReport(report: AuditReport, opts: ReportOptions, ctx: CommandContext):
  Promise<{ code: ExitCode; policy: PolicyResult; report: AuditReport; failOn: readonly FailOn[] }> {
  const ignore = await loadIgnoreFile(opts.ignoreFile, report.trustedHome, ctx.io.env.cwd, async (file, label) => {
    const read = await readConfigFile(file, MAX_GATE_BYTES);
    if (read.kind === 'absent') return { kind: 'absent' };
    const why = readProblem(label, read);
    return why === undefined && read.kind === 'text' ? { kind: 'text', text: read.text } : { kind: 'refused', why: why ?? `${label}: cannot read it` };
  });
  const { baseline, policyFile } = await loadGateFiles(opts.gate ?? {}, ctx.io.env.cwd, report.trustedHome);
  const final = applyGate(report, {
    ...(ignore !== undefined ? { ignore } : {}), ...(baseline !== undefined ? { baseline } : {}),
    ...(policyFile !== undefined ? { policyFile } : {}), now: ctx.io.env.now(),
  });
  const failOn = opts.failOn ?? policyFile?.failOn ?? opts.defaultFailOn;
  const reporter: Reporter | undefined = reporterById(opts.format);
  if (reporter === undefined) throw new UsageError(`unknown format ${opts.format}`);
  const columns = opts.output === undefined && ctx.io.stdout.isTTY === true ? ctx.io.stdout.columns : undefined;
  const rctx: ReportContext = {
    rules: RULES, version: VERSION, color: opts.color && opts.format === 'table', home: final.trustedHome.path,
    ...(columns !== undefined ? { width: columns } : {}),
    ...(opts.repoRoot !== undefined ? { repoRoot: opts.repoRoot } : {}),
    ...(ctx.io.env.hostname !== undefined ? { machine: ctx.io.env.hostname } : {}),
  };
  // A reporter that writes in pieces (json) is never held as one string: see report/json.ts.
  const pieces = (): Iterable<string | Uint8Array> => (reporter.chunks !== undefined ? reporter.chunks(final, rctx) : [reporter.render(final, rctx)]);
  if (opts.quiet === true) {
    // the caller prints its own view
  } else if (opts.output !== undefined) {
    await writePieces(path.resolve(ctx.io.env.cwd, opts.output), opts.output, pieces());
  } else {
    const out = ctx.io.stdout;
    if (out.writePieces !== undefined) await out.writePieces(pieces());
    else for (const piece of pieces()) {
      if (typeof piece === 'string') out.write(piece);
      else if (out.writeBytes !== undefined) out.writeBytes(piece);
      else out.write(Buffer.from(piece).toString('utf8'));
    }
  }
  const policy = evaluatePolicy(final, {
    ...(failOn !== undefined ? { failOn } : {}),
    ...(opts.failUnder !== undefined ? { failUnder: opts.failUnder } : {}),
  });
  // The reasons go to stderr, so machine formats on stdout stay clean.
  if (policy.violated) {
    // Each reason names entries from configs: escaped whole, so a name cannot break the line.
    const line = `mcp-audit: policy violated: ${policy.reasons.map(escapeText).join('; ')}`;
    // Wrapped to the terminal's width, or 80 columns in a log, continuation lines indented: it
    // names many entries. (A usage or input error stays one line: it names one thing.)
    ctx.io.stderr.write(`${wrapLines(line, listingWidth(ctx.io.stderr.isTTY, ctx.io.stderr.columns))}\n`);
  }
  return { code: exitCodeFor(final, policy), policy, report: final, failOn: failOn ?? DEFAULT_FAIL_ON };
}

