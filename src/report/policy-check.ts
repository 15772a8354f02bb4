import { policyCoverageBelow } from '../rules/policy-coverage-below.js';
import { policyEnvDenied } from '../rules/policy-env-denied.js';
import { policyProxyRequired } from '../rules/policy-proxy-required.js';
import { policyServerDenied } from '../rules/policy-server-denied.js';
import { policyServerNotAllowed } from '../rules/policy-server-not-allowed.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { fingerprintOf, relativeToHome, fingerprint } from './fingerprint.js';
import { percent } from './format.js';
import type { AuditReport, ReportEntry, ReportFinding } from './model.js';
import type { PolicyFile } from './policy-file.js';
import { sortReport } from './sort.js';

/**
 * Checks a report against a policy file (report/policy-file.ts) and adds one `policy-…` finding per
 * violation: entry findings on the entry (located at it), the coverage floor as a file-level finding
 * located at the `min-coverage` key. Disabled entries are not checked (they never run).
 *
 * How a server is named, from the reported launch line (already unwrapped from npx, uvx, env, sh -c):
 * - every word of the line is a name as written, its base name (a command), a package name without
 *   its version (`pkg@1.2`, `@scope/pkg@1.2`, `pkg==1.2`), and a URL's host name; a `--flag=value`
 *   word also contributes its value. deny-servers matches ANY of these names, so a denied server is
 *   found wherever it appears (as the program, or as a proxy's upstream).
 * - allow-servers, for an entry without a proxy, must match the PROGRAM (the first word); behind a
 *   proxy, where the upstream sits in the proxy's own arguments, some word after the proxy's program.
 */
function packageName(word: string): string {
  const pypi = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:===?|~=|>=|<=|!=|>|<)/.exec(word);
  if (pypi?.[1] !== undefined) return pypi[1];
  const npm = /^(@[^/@\s]+\/[^@\s]+|[^@\s]+)@[^@\s]*$/.exec(word);
  return npm?.[1] ?? word;
}

function namesOfWord(word: string): string[] {
  const out = new Set<string>([word, packageName(word)]);
  const base = word.split(/[\\/]/).pop();
  if (base !== undefined && base !== '' && !word.startsWith('@')) out.add(base);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) {
    try {
      out.add(new URL(word).hostname);
    } catch {
      // not a URL after all: the word itself stays a name
    }
  }
  return [...out];
}

function wordsOf(arg: string): string[] {
  const words = arg.split(/\s+/).filter((w) => w !== '');
  return words.flatMap((w) => {
    const eq = /^--?[^=]+=(.+)$/.exec(w);
    return eq?.[1] !== undefined ? [w, eq[1]] : [w];
  });
}

/** Every name the entry's launch line gives its server(s). */
export function serverNames(entry: Pick<ReportEntry, 'launch'>): string[] {
  return [...new Set(entry.launch.flatMap(wordsOf).flatMap(namesOfWord))];
}

/** The names allow-servers must match (see the module comment). */
function allowCandidates(entry: ReportEntry): string[] {
  const [program, ...rest] = entry.launch;
  if (program === undefined) return [];
  if (entry.proxy === null) return namesOfWord(program);
  return [...new Set(rest.flatMap(wordsOf).flatMap(namesOfWord))];
}

function sameEnv(a: string, b: string, win32: boolean): boolean {
  return win32 ? a.toUpperCase() === b.toUpperCase() : a === b;
}

function entryViolations(entry: ReportEntry, policy: PolicyFile, win32: boolean): Finding[] {
  const out: Finding[] = [];
  const who = { server: entry.upstream !== undefined ? `${entry.name} → ${entry.upstream}` : entry.name, host: entry.host, scope: entry.scope, policy: policy.file };
  const at = entry.location;
  for (const rule of policy.requireProxy) {
    if (rule.hosts !== undefined && !rule.hosts.includes(entry.host)) continue;
    if (rule.scopes !== undefined && !rule.scopes.includes(entry.scope)) continue;
    if (entry.proxy !== null && rule.proxies.includes(entry.proxy.id)) continue;
    const actual = entry.proxy === null ? 'it runs behind no proxy' : `it runs behind ${entry.proxy.id}`;
    out.push(finding(policyProxyRequired, { ...who, proxies: rule.proxies.join(', '), actual }, at));
  }
  const names = serverNames(entry);
  for (const pattern of policy.denyServers) {
    if (names.includes(pattern)) out.push(finding(policyServerDenied, { ...who, pattern }, at));
  }
  if (policy.allowServers.length > 0) {
    const candidates = allowCandidates(entry);
    if (!candidates.some((c) => policy.allowServers.includes(c))) {
      out.push(finding(policyServerNotAllowed, { ...who, program: entry.launch[0] ?? '(nothing)' }, at));
    }
  }
  for (const name of policy.denyEnv) {
    const hit = entry.envKeys.find((k) => sameEnv(k, name, win32));
    if (hit !== undefined) out.push(finding(policyEnvDenied, { ...who, name: hit }, at));
  }
  return out;
}

/** The report with the policy file's violations added as findings (fingerprinted, sorted). */
export function checkPolicyFile(report: AuditReport, policy: PolicyFile): AuditReport {
  const home = report.trustedHome.path;
  const win32 = report.platform === 'win32';
  const entries = report.entries.map((e) => {
    if (e.disabled) return e;
    const extra = entryViolations(e, policy, win32).map((f): ReportFinding => ({ ...f, fingerprint: fingerprintOf(f, e, home) }));
    return extra.length === 0 ? e : { ...e, findings: [...e.findings, ...extra] };
  });
  const findings = [...report.findings];
  const ratio = report.coverage.ratio;
  const min = policy.minCoverage;
  if (min !== undefined && ratio !== null && ratio * 100 < min.percent) {
    const f = finding(policyCoverageBelow, { coverage: percent(ratio), min: String(min.percent), policy: policy.file }, min.at);
    findings.push({
      ...f,
      fingerprint: fingerprint({ ruleId: f.id, host: null, scope: null, file: relativeToHome(policy.path, home), server: null }),
    });
  }
  return sortReport({ ...report, entries, findings });
}
