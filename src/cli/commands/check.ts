import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandModule } from 'yargs';
import type { AuditResult } from '../../grade/audit.js';
import type { AuditReport } from '../../report/model.js';
import { isPassing } from '../../report/model.js';
import { displayPath, locationText } from '../../report/format.js';
import type { Platform } from '../../shared/env.js';
import { UsageError } from '../../shared/errors.js';
import { isInside } from '../../shared/paths.js';
import { escapeDeep, escapeText } from '../../shared/text.js';
import { repoRoot, requireDirectory, requireFile } from '../paths.js';
import type { CommandContext } from '../io.js';
import { VERSION } from '../version.js';
import { isEntryAccepted } from '../../report/acceptance.js';
import { isAccepted, POLICY_RULE_PREFIX } from '../../report/policy.js';
import { emitReport, toReportOptions, withReportOptions } from './report-options.js';
import type { FailOn } from '../../report/policy.js';

async function real(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return path.resolve(p);
  }
}

const PLATFORMS: readonly Platform[] = ['linux', 'darwin', 'win32'];

/** A pre-commit gate is stricter than scan's default: a high finding alone fails it too. */
const CHECK_FAIL_ON: readonly FailOn[] = ['unverifiable', 'unprotected', 'high'];

/** Keeps only the entries and file-level findings that live in one of `files`. */
async function restrict(result: AuditResult, files: ReadonlySet<string>): Promise<AuditResult> {
  const inFiles = async (p: string): Promise<boolean> => files.has(await real(p));
  const rows = [];
  for (const r of result.rows) if (await inFiles(r.configPath)) rows.push(r);
  const findings = [];
  for (const f of result.discovery.findings) if (f.location !== undefined && (await inFiles(f.location.path))) findings.push(f);
  const entries = [];
  for (const e of result.discovery.entries) if (await inFiles(e.configPath)) entries.push(e);
  const locations = [];
  for (const l of result.discovery.locations) if (await inFiles(l.path)) locations.push(l);
  return { rows, discovery: { ...result.discovery, entries, findings, locations } };
}

/** Only what fails: one line per non-enforcing entry and per finding, `file:line:col: …`. */
function failuresText(report: AuditReport): string {
  const home = report.trustedHome.path;
  const lines: string[] = [];
  for (const e of report.entries) {
    if (e.disabled) continue;
    const weak = !isPassing(e.grade) && !isEntryAccepted(report, e);
    const shown = e.findings.filter((f) => !isAccepted(f) && ((weak && f.grade !== 'none') || f.id.startsWith(POLICY_RULE_PREFIX)));
    if (!weak && shown.length === 0) continue;
    const label = e.upstream !== undefined ? `${e.name} → ${e.upstream}` : e.name;
    lines.push(`${displayPath(e.location.path, home)}:${e.location.line}:${e.location.column}: ${e.grade}: ${label} (${e.host})`);
    for (const f of shown) {
      // A finding without a location of its own (launcher-vulnerable) is placed at its entry.
      lines.push(`  ${locationText(f.location ?? e.location, home)}: ${f.id}: ${f.message}`);
    }
  }
  for (const f of report.findings) {
    if (isAccepted(f)) continue;
    lines.push(`${f.location !== undefined ? `${locationText(f.location, home)}: ` : ''}${f.severity} ${f.id}: ${f.message}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export function checkCommand(ctx: CommandContext): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'check <files..>',
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
      const list = (Array.isArray(raw) ? raw : [raw]).filter((f): f is string => typeof f === 'string' && f !== '');
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
      const { audit } = await import('../../grade/audit.js');
      const { buildReport } = await import('../../report/build.js');
      // A dotfiles repo may hold another OS's layout (Library/Application Support/…, AppData/…): with
      // no --platform, a file no host reads on this OS is looked up in the other two layouts.
      const here = ctx.io.env.platform;
      const platforms: Platform[] = isPlatform(platform) ? [platform] : [here, ...PLATFORMS.filter((p) => p !== here)];
      let merged: AuditResult | undefined;
      if (files.size === 0) {
        ctx.exit(0);
        return;
      }
      const remaining = new Set(files.keys());
      for (const p of platforms) {
        if (remaining.size === 0) break;
        // The pin stores are not in the commit: grade what the files say, not the repo's (absent) stores.
        const full = await audit({ root, projectScan: false, projects: [...projects], platform: p }, ctx.io.env, { inspectStores: false });
        const part = await restrict(full, remaining);
        for (const l of part.discovery.locations) if (l.status !== 'absent') remaining.delete(await real(l.path));
        merged = merged === undefined ? part : {
          rows: [...merged.rows, ...part.rows],
          discovery: {
            ...merged.discovery,
            entries: [...merged.discovery.entries, ...part.discovery.entries],
            findings: [...merged.discovery.findings, ...part.discovery.findings],
            locations: [...merged.discovery.locations, ...part.discovery.locations],
          },
        };
      }
      if (merged === undefined) throw new UsageError('check: no platform to audit');
      for (const abs of remaining) skipped(files.get(abs) ?? abs, "no host reads it as a config file at this path");
      const report = buildReport(merged, { version: VERSION });
      const table = reportOptions.format === 'table' && reportOptions.output === undefined;
      const checkout = await repoRoot(root);
      const emitted = await emitReport(report, { ...reportOptions, defaultFailOn: CHECK_FAIL_ON, ...(table ? { quiet: true } : {}), ...(checkout !== undefined ? { repoRoot: checkout } : {}) }, ctx);
      const code = emitted.code;
      if (table && code !== 0) ctx.io.stdout.write(failuresText(escapeDeep(emitted.report)));
      ctx.exit(code);
    },
  };
}
