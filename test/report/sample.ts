import { defineRule } from '../../src/rules/types.js';
import type { RuleMeta } from '../../src/rules/types.js';
import type { AuditReport, ReportContext } from '../../src/report/model.js';
import { parseReport, readRepoFile } from './validate.js';

/**
 * The report fixture shared by the reporter tests: fixtures/report/sample-report.json, rendered
 * with a small fixed rule catalogue (not RULES, so editing a real rule's docs does not churn the
 * golden files; test/report/catalogue.test.ts covers the real catalogue).
 */
export const SAMPLE_HOME = '/home/alice';

const docs = (what: string): RuleMeta['docs'] => ({
  meaning: `Meaning of ${what}.`,
  whyItMatters: `Why ${what} matters.`,
  howToFix: `How to fix ${what}.`,
  example: `example of ${what}`,
});

export const SAMPLE_RULES: readonly RuleMeta[] = [
  defineRule({ id: 'no-pinning-proxy', severity: 'medium', grade: 'unprotected', claim: 'program', since: '0.1.0',
    title: 'No pinning proxy in the launch chain', message: '{{server}} runs {{program}} with no tool-contract pinning proxy in front of it',
    docs: docs('a missing proxy') }),
  defineRule({ id: 'pin-store-planted', severity: 'critical', grade: 'unverifiable', claim: 'store', since: '0.1.0',
    title: 'Pin store relocated by the entry itself', message: '{{server}} runs behind {{proxy}}, but its pin store is set to {{path}} by {{flag}}',
    docs: docs('a planted store') }),
  defineRule({ id: 'env-home-override', severity: 'high', grade: 'unverifiable', claim: 'environment', since: '0.1.0',
    title: 'Entry env relocates the home directory', message: '{{server}} sets {{name}} in its environment, which moves where {{proxy}} looks for its pins',
    docs: docs('a home override') }),
  defineRule({ id: 'env-override-inert', severity: 'low', grade: 'none', claim: 'environment', since: '0.1.0',
    title: 'Env override that cannot reach the proxy', message: '{{server}} sets {{name}}, which cannot affect {{proxy}}',
    docs: docs('an inert override') }),
  defineRule({ id: 'hangar-tools-unpinned', severity: 'medium', grade: 'unprotected', claim: 'baseline', since: '0.1.0',
    title: 'Hangar upstream has no pinned tools', message: '{{server}} fronts upstream {{upstream}} through Hangar, but no tool of it is pinned in {{path}}',
    docs: docs('an unpinned upstream') }),
  defineRule({ id: 'home-env-mismatch', severity: 'info', grade: 'none', claim: null, since: '0.1.0',
    title: '$HOME differs from the password database', message: '$HOME does not match the home directory of {{user}} ({{home}})',
    docs: docs('a home mismatch') }),
  // config-duplicate-key is deliberately absent: a finding whose rule is not in the catalogue.
];

export const SAMPLE_CTX: ReportContext = { rules: SAMPLE_RULES, version: '9.8.7-test', color: false, home: SAMPLE_HOME, width: 100 };

export function loadSample(): AuditReport {
  return parseReport(readRepoFile('fixtures/report/sample-report.json'));
}
