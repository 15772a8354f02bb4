import type { RuleMeta, Severity } from '../rules/types.js';
import { isUnderHome, relativeToHome } from './fingerprint.js';
import { allFindings, displayPath, entryLabel, homeRelativeText, unprovenClaim } from './format.js';
import type { Located } from './format.js';
import type { AuditReport, ReportContext, ReportEntry, Reporter } from './model.js';
import { acceptanceLine, isEntryAccepted } from './acceptance.js';
import { replacingLoneSurrogates } from '../shared/text.js';

/**
 * SARIF 2.1.0: one reporting descriptor per catalogue rule (docs as help), one result per
 * finding (suppressed ones carry `suppressions`), file URIs relative to the trusted home under
 * the `HOME` base id, and the report fingerprint in `partialFingerprints['mcpAudit/v1']`.
 */
export type SarifLevel = 'error' | 'warning' | 'note';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const FINGERPRINT_KEY = 'mcpAudit/v1';

export function sarifLevel(severity: Severity): SarifLevel {
  switch (severity) {
    case 'critical':
    case 'high':
      return 'error';
    case 'medium':
      return 'warning';
    case 'low':
    case 'info':
      return 'note';
  }
}

/** GitHub code scanning reads this CVSS-like score to bucket alerts. */
const SECURITY_SEVERITY: Readonly<Record<Severity, string>> = {
  critical: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0',
};

/** 'pin-store-planted' → 'PinStorePlanted' (SARIF's recommended rule-name style). */
function pascal(id: string): string {
  return id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

export function helpText(rule: RuleMeta): string {
  const d = rule.docs;
  return `${rule.title}\n\n${d.meaning}\n\nWhy it matters: ${d.whyItMatters}\n\nHow to fix: ${d.howToFix}\n\n`
    + `Example: ${d.example}`;
}

export function helpMarkdown(rule: RuleMeta): string {
  const d = rule.docs;
  return `**${rule.title}** (\`${rule.id}\`, severity ${rule.severity}, grade effect ${rule.grade})\n\n${d.meaning}\n\n`
    + `#### Why it matters\n\n${d.whyItMatters}\n\n#### How to fix\n\n${d.howToFix}\n\n`
    + `#### Example\n\n\`\`\`\n${d.example}\n\`\`\`\n`;
}

function descriptor(rule: RuleMeta): Record<string, unknown> {
  return {
    id: rule.id,
    name: pascal(rule.id),
    shortDescription: { text: rule.title },
    fullDescription: { text: rule.docs.meaning },
    help: { text: helpText(rule), markdown: helpMarkdown(rule) },
    defaultConfiguration: { level: sarifLevel(rule.severity) },
    properties: {
      tags: ['security', 'mcp', `grade:${rule.grade}`],
      precision: 'high',
      'security-severity': SECURITY_SEVERITY[rule.severity],
      ...(rule.deprecated !== undefined ? { deprecated: true } : {}),
    },
  };
}

/**
 * Percent-encodes each path segment, keeping `/` and a Windows drive's colon. A lone surrogate
 * (valid in a JSON string, so in a recorded project path) is encoded as U+FFFD, the bytes the OS
 * was given for it: encodeURIComponent would throw and end the whole report.
 */
function encodePath(path: string): string {
  return replacingLoneSurrogates(path).split('/').map((seg, i) => (i <= 1 && /^[A-Za-z]:$/.test(seg) ? seg : encodeURIComponent(seg))).join('/');
}

/** file:///abs/dir/ for an absolute path (POSIX or Windows), with a trailing slash for a base. */
export function fileUri(path: string, directory = false): string {
  const p = path.replace(/\\/g, '/');
  const abs = p.startsWith('/') ? p : `/${p}`;
  const withSlash = directory && !abs.endsWith('/') ? `${abs}/` : abs;
  return `file://${encodePath(withSlash)}`;
}

/**
 * Where code scanning should pin a result. Inside a git checkout: relative to `%SRCROOT%` (the
 * base GitHub code scanning resolves against the repository), and nothing for a file outside the
 * checkout (a home-relative path would be pinned on whatever repository file shares its name).
 */
function artifactLocation(path: string, ctx: ReportContext): Record<string, string> | undefined {
  if (ctx.repoRoot !== undefined) {
    return isUnderHome(path, ctx.repoRoot) ? { uri: encodePath(relativeToHome(path, ctx.repoRoot)), uriBaseId: '%SRCROOT%' } : undefined;
  }
  return isUnderHome(path, ctx.home)
    ? { uri: encodePath(relativeToHome(path, ctx.home)), uriBaseId: 'HOME' }
    : { uri: fileUri(path) };
}

function result(l: Located, report: AuditReport, ctx: ReportContext): Record<string, unknown> {
  const { finding, entry } = l;
  const index = ctx.rules.findIndex((r) => r.id === finding.id);
  const loc = finding.location ?? entry?.location;
  const artifact = loc !== undefined ? artifactLocation(loc.path, ctx) : undefined;
  const where = loc !== undefined && artifact === undefined ? ` (in ${displayPath(loc.path, ctx.home)}:${loc.line}:${loc.column}, outside the repository)` : '';
  // A disabled entry is not launched: its findings are kept for the record, suppressed, never an alert.
  const suppression = finding.suppressed !== undefined
    ? { kind: 'external', status: 'accepted', justification: finding.suppressed.reason }
    : entry?.disabled === true ? { kind: 'external', status: 'accepted', justification: 'the entry is disabled in its host config' } : undefined;
  const region = loc !== undefined && loc.line >= 1
    ? { region: { startLine: loc.line, ...(loc.column >= 1 ? { startColumn: loc.column } : {}) } }
    : {};
  return {
    ruleId: finding.id,
    ...(index >= 0 ? { ruleIndex: index } : {}),
    level: sarifLevel(finding.severity),
    message: { text: homeRelativeText(`${finding.message}${where}`, ctx.home) },
    ...(artifact !== undefined ? { locations: [{ physicalLocation: { artifactLocation: artifact, ...region } }] } : {}),
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    ...(suppression !== undefined ? { suppressions: [suppression] } : {}),
    // --baseline: SARIF's own field; a known finding is `unchanged` (shown, not suppressed).
    ...(finding.baseline !== undefined ? { baselineState: finding.baseline === 'known' ? 'unchanged' : 'new' } : {}),
    properties: {
      severity: finding.severity,
      gradeEffect: finding.grade,
      ...(finding.account !== undefined ? { account: finding.account } : {}),
      ...(entry !== undefined
        ? {
          host: entry.host, scope: entry.scope, server: entryLabel(entry), grade: entry.grade, ...unprovenProperty(entry),
          ...(entry.assumptions.length > 0 ? { assumptions: entry.assumptions.map((a) => homeRelativeText(a, ctx.home)) } : {}),
          ...(entry.disabledOnlyFor !== undefined ? { disabledOnlyFor: entry.disabledOnlyFor } : {}),
          ...(isEntryAccepted(report, entry) ? { gradeAccepted: true } : {}),
        }
        : {}),
      ...(finding.suppressed?.expires !== undefined ? { suppressionExpires: finding.suppressed.expires } : {}),
    },
  };
}

/** Run properties: how many not-enforcing entries are accepted, and the baseline counts. */
function acceptanceProperties(report: AuditReport): Record<string, unknown> {
  const line = acceptanceLine(report);
  if (line === undefined) return {};
  const accepted = report.entries.filter((e) => isEntryAccepted(report, e)).length;
  const b = report.baseline;
  return {
    acceptedEntries: accepted,
    ...(b !== undefined ? { baseline: { new: b.new, known: b.known, resolved: b.resolved, regressions: b.regressions.length } } : {}),
  };
}

/** SARIF: the first claim of the entry's evidence chain that is not proven, when there is one. */
function unprovenProperty(entry: ReportEntry): { unprovenClaim?: string } {
  const open = unprovenClaim(entry);
  return open === undefined ? {} : { unprovenClaim: open };
}

/**
 * What every graded row takes for granted (enforcing rows included, which have no result of
 * their own), keyed like a fingerprint's subject.
 */
function assumptionProperties(report: AuditReport, home: string): Record<string, unknown>[] {
  return report.entries.flatMap((e) => (e.assumptions.length === 0 ? [] : [{
    host: e.host, scope: e.scope, file: relativeToHome(e.configPath, home), server: e.name,
    ...(e.upstream !== undefined ? { upstream: e.upstream } : {}),
    grade: e.grade, assumptions: e.assumptions.map((a) => homeRelativeText(a, home)),
  }]));
}

/** Every probe outcome (confirmed ones included), keyed like a fingerprint's subject. */
function probeProperties(report: AuditReport, home: string): Record<string, unknown>[] {
  return report.entries.flatMap((e) => (e.probe === undefined ? [] : [{
    host: e.host, scope: e.scope, file: relativeToHome(e.configPath, home), server: e.name,
    ...(e.upstream !== undefined ? { upstream: e.upstream } : {}),
    outcome: e.probe.outcome, detail: homeRelativeText(e.probe.detail, home),
    ...(e.probe.matched !== undefined ? { matched: e.probe.matched } : {}),
    ...(e.probe.pinned !== undefined ? { pinned: e.probe.pinned } : {}),
  }]));
}

export const sarif = {
  id: 'sarif',
  description: 'SARIF 2.1.0 for code scanning (one result per finding, docs as rule help)',
  render(report: AuditReport, ctx: ReportContext): string {
    const c = report.coverage;
    const log = {
      $schema: SARIF_SCHEMA_URI,
      version: '2.1.0',
      runs: [{
        tool: {
          driver: {
            name: 'mcp-audit',
            version: ctx.version,
            semanticVersion: ctx.version,
            rules: ctx.rules.map(descriptor),
          },
        },
        originalUriBaseIds: ctx.repoRoot !== undefined
          ? { '%SRCROOT%': { description: { text: 'The root of the git checkout that was audited' } } }
          : { HOME: { uri: fileUri(ctx.home, true), description: { text: 'The trusted home' } } },
        results: allFindings(report).map((l) => result(l, report, ctx)),
        // Why the entry count may be a floor, one notification per cause (SARIF 2.1.0 §3.20.21
        // toolExecutionNotifications): a code-scanning view shows that the audit is incomplete.
        invocations: [{
          executionSuccessful: !report.partial,
          toolExecutionNotifications: report.floorCauses.map((f) => ({
            level: 'warning',
            message: { text: replacingLoneSurrogates(`The entry count is a floor (${f.kind}): ${homeRelativeText(f.detail, ctx.home)}`) },
            descriptor: { id: `floor/${f.kind}` },
            ...(f.path !== undefined && isUnderHome(f.path, ctx.home) && ctx.repoRoot === undefined
              ? { locations: [{ physicalLocation: { artifactLocation: { uri: encodePath(relativeToHome(f.path, ctx.home)), uriBaseId: 'HOME' }, ...(f.line !== undefined ? { region: { startLine: f.line } } : {}) } }] }
              : {}),
          })),
        }],
        properties: {
          partial: report.partial,
          probed: report.probed,
          countIsFloor: report.countIsFloor,
          floorCauses: report.floorCauses.map((f) => ({ ...f, detail: homeRelativeText(f.detail, ctx.home) })),
          ...(report.probed ? { probes: probeProperties(report, ctx.home) } : {}),
          coverage: { enforcing: c.enforcing, wired: c.wired, unverifiable: c.unverifiable, unprotected: c.unprotected,
            total: c.total, ratio: c.ratio, disabled: c.disabled },
          ...acceptanceProperties(report),
          ...(report.entries.some((e) => e.assumptions.length > 0) ? { assumptions: assumptionProperties(report, ctx.home) } : {}),
        },
      }],
    };
    return `${JSON.stringify(log, null, 2)}\n`;
  },
} as const satisfies Reporter;
