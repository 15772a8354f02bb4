import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Argv } from 'yargs';
import { escapeText } from '../../shared/text.js';
import type { AuditReport, ReportContext, Reporter } from '../../report/model.js';
import { REPORTER_IDS, reporterById } from '../../report/index.js';
import type { ReporterId } from '../../report/index.js';
import { DEFAULT_FAIL_ON, evaluatePolicy, exitCodeFor, parseFailOn } from '../../report/policy.js';
import type { FailOn, PolicyResult } from '../../report/policy.js';
import { applyGate } from '../../report/gate.js';
import { IGNORE_FILE_NAMES, ignoreCandidates, parseIgnoreFile } from '../../report/suppress.js';
import { RULES } from '../../rules/index.js';
import { errnoText, IoError, UsageError } from '../../shared/errors.js';
import { writeAhead } from '../../shared/write-ahead.js';
import type { CommandContext, ExitCode } from '../io.js';
import { decimalOption } from '../strict-args.js';
import { layoutWidth, wrapText } from '../../report/layout.js';
import { VERSION } from '../version.js';
import { loadGateFiles, toGateFiles, withGateOptions } from './gate-options.js';
import type { GateFiles } from './gate-options.js';

/** Output and policy options shared by `scan`, `probe` and `check`. */
export function withReportOptions<T>(y: Argv<T>, failOnDefault: readonly string[] = DEFAULT_FAIL_ON): Argv<T> {
  return withGateOptions(y)
    .option('format', { type: 'string', requiresArg: true, choices: REPORTER_IDS, default: 'table', describe: 'output format' })
    .option('output', { alias: 'o', type: 'string', requiresArg: true, describe: 'write the report to FILE instead of stdout (- for stdout)' })
    .option('fail-on', {
      type: 'string', array: true, nargs: 1, requiresArg: true,
      describe: `what violates the policy (exit 1): unverifiable, unprotected, a severity (critical…info), or none; repeatable or comma-separated (default: ${failOnDefault.join(',')})`,
    })
    .option('fail-under', { type: 'string', requiresArg: true, describe: 'exit 1 when coverage (percent of enabled entries enforcing) is below PCT (0 to 100; default: no coverage floor)' })
    .option('ignore-file', { type: 'string', requiresArg: true, describe: `suppressions file (default: ${IGNORE_FILE_NAMES[0] ?? ''} in the audited home; none with --root, whose tree cannot suppress its own findings)` })
    .option('color', { type: 'boolean', describe: 'colour the table (default: when stdout is a terminal and NO_COLOR is unset)' })
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

export function toReportOptions(argv: Readonly<Record<string, unknown>>, ctx: CommandContext): ReportOptions {
  const format = reporterById(String(argv.format ?? 'table'));
  if (format === undefined) throw new UsageError(`--format must be one of ${REPORTER_IDS.join(', ')}`);
  const failOnRaw = argv['fail-on'];
  const failOn = Array.isArray(failOnRaw) ? parseFailOn(failOnRaw.map(String)) : undefined;
  const failUnder = decimalOption(argv['fail-under'], '--fail-under', { min: 0, max: 100, integer: false });
  // `-o -` is standard output, as for every other Unix tool (not a file named `-`).
  const output = typeof argv.output === 'string' && argv.output !== '' && argv.output !== '-' ? argv.output : undefined;
  const ignoreFile = typeof argv['ignore-file'] === 'string' ? argv['ignore-file'] : undefined;
  const tty = output === undefined && ctx.io.stdout.isTTY === true;
  const color = typeof argv.color === 'boolean' ? argv.color : tty && ctx.io.env.vars.NO_COLOR === undefined;
  const gate = toGateFiles(argv);
  return {
    format: format.id, color, timestamp: argv.timestamp === true, gate,
    ...(output !== undefined ? { output } : {}),
    ...(failOn !== undefined ? { failOn } : {}),
    ...(typeof failUnder === 'number' ? { failUnder } : {}),
    ...(ignoreFile !== undefined ? { ignoreFile } : {}),
  };
}

/**
 * The suppressions file: --ignore-file, else the first default name in the audited home
 * (ignoreCandidates: never inside a --root tree). Never from the working directory: a cloned
 * repository must not be able to suppress its own findings.
 */
async function loadIgnore(opts: ReportOptions, home: AuditReport['trustedHome'], cwd: string): Promise<ReturnType<typeof parseIgnoreFile> | undefined> {
  const candidates = ignoreCandidates(opts.ignoreFile, home.path, home.source, cwd);
  for (const file of candidates) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (e: unknown) {
      if (opts.ignoreFile !== undefined) throw new UsageError(`--ignore-file ${opts.ignoreFile}: cannot read it`, { cause: e });
      continue;
    }
    return parseIgnoreFile(text, file);
  }
  return undefined;
}


/**
 * Where `-o FILE` writes, decided before anything is opened (lstat): `new` when nothing is
 * there, else `existing` (a file, a link, a device such as /dev/stdout or /dev/full, a FIFO).
 * An existing target is opened and written in place, as the shell's `>` does (its permissions,
 * owner, links and folder rules apply; red team red7 broke a write-beside-and-rename: long
 * names, sticky folders, 0444 files, hard links). Nothing this run did not create is ever
 * removed: before, a failed write removed whatever FILE named, so `-o /dev/full` as root deleted
 * the device node (red team red6).
 */
interface OutputTarget {
  readonly kind: 'new' | 'existing';
  readonly path: string;
  /** For a link that names nothing yet: the file the open will create at the end of its chain. */
  readonly creates?: string;
}

const isMissing = (e: unknown): boolean => typeof e === 'object' && e !== null && Reflect.get(e, 'code') === 'ENOENT';

async function outputTarget(file: string): Promise<OutputTarget> {
  const st = await fs.lstat(file).catch((e: unknown) => {
    if (isMissing(e)) return undefined;
    throw e;
  });
  if (st === undefined) return { kind: 'new', path: file };
  const creates = st.isSymbolicLink() ? await createdThrough(file) : undefined;
  return creates !== undefined ? { kind: 'existing', path: file, creates } : { kind: 'existing', path: file };
}

/** The missing path a chain of links ends at (what opening the link for writing creates), if any. */
async function createdThrough(link: string): Promise<string | undefined> {
  let at = link;
  for (let hop = 0; hop < 40; hop++) {
    const st = await fs.lstat(at).catch(() => undefined);
    if (st === undefined) return at;
    if (!st.isSymbolicLink()) return undefined;
    at = path.resolve(path.dirname(at), await fs.readlink(at));
  }
  return undefined;
}

/**
 * Writes a report to FILE piece by piece (one write in flight while the next piece is made). The
 * first piece is made before the file is opened, so a reporter that fails at once touches nothing.
 * A later failure removes the file if this run created it; a regular file that was there is left
 * empty rather than holding part of a report (a device or FIFO is left as it is). Either way the
 * reporter's own error is thrown; only the file's errors become "cannot write it".
 */
export async function writePieces(file: string, named: string, pieces: Iterable<string | Uint8Array>): Promise<void> {
  const it = pieces[Symbol.iterator]();
  const first = it.next();
  const cannot = (e: unknown): IoError => new IoError(`--output ${named}: cannot write it: ${errnoText(e)}`, { cause: e });
  const target = await outputTarget(file).catch((e: unknown) => { throw cannot(e); });
  // 'wx' for a new file: if one appears between the lstat and the open, it is not ours to write.
  const handle = await fs.open(target.path, target.kind === 'new' ? 'wx' : 'w').catch((e: unknown) => { throw cannot(e); });
  function* all(): Generator<string | Uint8Array> {
    if (first.done !== true) yield first.value;
    for (let step = it.next(); step.done !== true; step = it.next()) yield step.value;
  }
  let complete = false;
  try {
    await writeAhead(all(), async (bytes) => {
      try {
        return (await handle.write(bytes)).bytesWritten;
      } catch (e: unknown) {
        throw cannot(e);
      }
    });
    complete = true;
  } finally {
    if (!complete && target.kind === 'existing' && target.creates === undefined) {
      // Part of a report is not left where a report was: emptied, when it is a regular file.
      const st = await handle.stat().catch(() => undefined);
      if (st?.isFile() === true) await handle.truncate(0).catch(() => undefined);
    }
    await handle.close().catch((e: unknown) => { if (complete) throw cannot(e); });
    // Only what this run created is removed: the new file, or the one a dangling link led it to make.
    if (!complete && target.kind === 'new') await fs.rm(target.path, { force: true });
    if (!complete && target.creates !== undefined) await fs.rm(target.creates, { force: true });
  }
}

/** Suppress, render, write, and turn the policy into an exit code (2 for a partial report). */
export async function emitReport(report: AuditReport, opts: ReportOptions, ctx: CommandContext):
  Promise<{ code: ExitCode; policy: PolicyResult; report: AuditReport; failOn: readonly FailOn[] }> {
  const ignore = await loadIgnore(opts, report.trustedHome, ctx.io.env.cwd);
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
    // Each reason names entries from configs: escaped whole, so a name cannot break the line (red13).
    const line = `mcp-audit: policy violated: ${policy.reasons.map(escapeText).join('; ')}`;
    // On a terminal the line wraps to its width; in a log it stays one line for grep.
    const text = ctx.io.stderr.isTTY === true ? wrapText(line, layoutWidth(ctx.io.stderr.columns), '').join('\n  ') : line;
    ctx.io.stderr.write(`${text}\n`);
  }
  return { code: exitCodeFor(final, policy), policy, report: final, failOn: failOn ?? DEFAULT_FAIL_ON };
}
