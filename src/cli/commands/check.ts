import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandModule } from 'yargs';
import type { AuditReport } from '../../report/model.js';
import { isPassing } from '../../report/model.js';
import type { Platform } from '../../shared/env.js';
import { UsageError } from '../../shared/errors.js';
import { isInside } from '../../shared/paths.js';
import { escapeDeep, escapeText } from '../../shared/text.js';
import { repoRoot, requireDirectory, requireFile } from '../paths.js';
import type { CommandContext } from '../io.js';
import { VERSION } from '../version.js';
import { isEntryAccepted } from '../../report/acceptance.js';
import { findingViolates, isAccepted } from '../../report/policy.js';
import { emitReport, toReportOptions, withReportOptions } from './report-options.js';
import type { FailOn } from '../../report/policy.js';

async function real(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return path.resolve(p);
  }
}

/** A pre-commit gate is stricter than scan's default: a high finding alone fails it too. */
const CHECK_FAIL_ON: readonly FailOn[] = ['unverifiable', 'unprotected', 'high'];

/**
 * A repository file as a terminal, an editor and `git apply` resolve it: relative to the working
 * folder when it lies inside it (pre-commit and CI run at the checkout's top), else absolute. Never
 * `~/…`: the root stands for a home, but `~` on this machine is the user's real home.
 */
function repoPath(p: string, home: string, cwd: string): string {
  const abs = path.resolve(home, p);
  return isInside(abs, cwd) ? path.relative(cwd, abs).split(path.sep).join('/') : abs;
}

/**
 * Only what fails: one line per non-enforcing entry and per finding that violates the run's
 * policy (`failOn`: a critical launcher advisory on an enforcing entry too), `file:line:col: …`.
 */
function failuresText(report: AuditReport, failOn: readonly FailOn[], cwd: string): string {
  const home = report.trustedHome.path;
  const where = (loc: { readonly path: string; readonly line: number; readonly column: number }): string => `${repoPath(loc.path, home, cwd)}:${loc.line}:${loc.column}`;
  const lines: string[] = [];
  for (const e of report.entries) {
    if (e.disabled) continue;
    const weak = !isPassing(e.grade) && !isEntryAccepted(report, e);
    const shown = e.findings.filter((f) => !isAccepted(f) && ((weak && f.grade !== 'none') || findingViolates(f, failOn)));
    if (!weak && shown.length === 0) continue;
    const label = e.upstream !== undefined ? `${e.name} → ${e.upstream}` : e.name;
    lines.push(`${where(e.location)}: ${e.grade}: ${label} (${e.host})`);
    for (const f of shown) {
      // A finding without a location of its own (launcher-vulnerable) is placed at its entry.
      lines.push(`  ${where(f.location ?? e.location)}: ${f.severity} ${f.id}: ${f.message}`);
    }
  }
  for (const f of report.findings) {
    if (isAccepted(f)) continue;
    lines.push(`${f.location !== undefined ? `${where(f.location)}: ` : ''}${f.severity} ${f.id}: ${f.message}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export function checkCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'check [files..]',
    describe: 'Pre-commit check: grade only the given config files of a dotfiles repo; never probes, prints only what fails',
    builder: (y) =>
      withReportOptions(y, CHECK_FAIL_ON)
        .positional('files', { type: 'string', array: true, describe: 'config files to check (paths inside --root)' })
        .option('root', { type: 'string', requiresArg: true, describe: 'the directory that stands for the home (default: the git repository root, else the cwd)' })
        .option('quiet-skipped', {
          type: 'boolean', default: false,
          describe: 'do not name files that are no host config or lie outside the root (the shipped pre-commit hook passes it: its file filter is broad)',
        })
        .option('platform', { type: 'string', requiresArg: true, choices: ['linux', 'darwin', 'win32'], describe: "the OS layout the files follow (default: this OS)" })
        .example('$0 check .cursor/mcp.json .claude.json', 'as pre-commit runs it in a dotfiles repository')
        .example('$0 check --root ~/dotfiles ~/dotfiles/.config/Code/User/mcp.json', 'explicit root'),
    handler: async (argv) => {
      const reportOptions = toReportOptions(argv, ctx);
      const raw = argv.files;
      // Words after `--` are files whatever they look like (`-- --fail-on=none` names a file): taken
      // as typed, since yargs turns a number-like word there into a number.
      const named = (Array.isArray(raw) ? raw : [raw]).filter((f): f is string => typeof f === 'string' && f !== '');
      const list = [...named, ...ctx.afterDashes.filter((f) => f !== '')];
      if (list.length === 0) throw new UsageError('check needs at least one file');
      const cwd = ctx.io.env.cwd;
      const root = await real(typeof argv.root === 'string' ? await requireDirectory(argv.root, '--root', cwd) : (await repoRoot(cwd)) ?? cwd);
      const platform = argv.platform;
      const isPlatform = (v: unknown): v is Platform => v === 'linux' || v === 'darwin' || v === 'win32';
      const quiet = argv['quiet-skipped'] === true;
      const skipped = (file: string, why: string): void => {
        if (!quiet) ctx.io.stderr.write(`mcp-audit: check: ${escapeText(file)}: ${why}; not checked\n`);
      };
      const files = new Map<string, string>();
      // Project-scope files (.mcp.json, .vscode/mcp.json …) are read for every directory from a
      // named file up to the root, as a host opened in that directory would read them.
      const projects = new Set<string>([root]);
      for (const f of list) {
        const abs = await real(await requireFile(f, 'check:', cwd));
        if (!isInside(abs, root)) {
          skipped(f, `outside the root ${escapeText(root)}`);
          continue;
        }
        files.set(abs, f);
        for (let dir = path.dirname(abs); isInside(dir, root); dir = path.dirname(dir)) projects.add(dir);
      }
      if (files.size === 0) {
        ctx.exit(0);
        return;
      }
      const { auditFiles } = await import('../../grade/layouts.js');
      const { buildReport } = await import('../../report/build.js');
      // A dotfiles repo may hold another OS's layout (Library/Application Support/…, AppData/…): with
      // no --platform, a file no host reads on this OS is looked up in the other two layouts.
      const audited = await auditFiles({ root, files: new Set(files.keys()), projects: [...projects], ...(isPlatform(platform) ? { platform } : {}) }, ctx.io.env);
      for (const abs of audited.unread) skipped(files.get(abs) ?? abs, "no host reads it as a config file at this path");
      const merged = audited.result;
      const report = buildReport(merged, { version: VERSION });
      const table = reportOptions.format === 'table' && reportOptions.output === undefined;
      const checkout = await repoRoot(root);
      const emitted = await emitReport(report, { ...reportOptions, defaultFailOn: CHECK_FAIL_ON, ...(table ? { quiet: true } : {}), ...(checkout !== undefined ? { repoRoot: checkout } : {}) }, ctx);
      const code = emitted.code;
      if (table && code !== 0) ctx.io.stdout.write(failuresText(escapeDeep(emitted.report), emitted.failOn, cwd));
      ctx.exit(code);
    },
  };
}
