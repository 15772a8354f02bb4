/**
 * The npm captures under fixtures/drift/real (made by fixtures/drift/capture.ts): every pair of
 * consecutive captured versions of each server is classified and checked against the independent
 * restatement of the accept rule (restated-rule.ts) on the tool lists: 0 false accepts, and every
 * changed tool path covered by a reported change. The restatement sees tools only, so a hold it
 * does not predict must come from the server-scoped surface (instructions, prompts, capabilities,
 * serverInfo), which holds by design.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import { loadReal, REAL } from './helpers.js';
import { uncoveredPaths } from './coverage.js';
import { restatedVerdict } from './restated-rule.js';

const versionKey = (v: string): number[] => v.split(/[.+]/).map((x) => (/^[0-9]+$/.test(x) ? Number(x) : 0));
const byVersion = (a: string, b: string): number => {
  const x = versionKey(a);
  const y = versionKey(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return a.localeCompare(b);
};

const toolsOf = (pkg: string, v: string): unknown[] => {
  const doc: unknown = JSON.parse(readFileSync(path.join(REAL, pkg, `${v}.json`), 'utf8'));
  const tools: unknown = typeof doc === 'object' && doc !== null ? Reflect.get(doc, 'tools') : undefined;
  return Array.isArray(tools) ? tools : [];
};

const steps: [string, string, string][] = [];
for (const pkg of readdirSync(REAL).filter((d) => d.startsWith('server-')).sort()) {
  const versions = readdirSync(path.join(REAL, pkg)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort(byVersion);
  for (let i = 1; i < versions.length; i++) steps.push([pkg, versions[i - 1] ?? '', versions[i] ?? '']);
}

describe('npm captures: consecutive versions of each server', () => {
  it('cover at least five servers and twenty version steps', () => {
    assert.ok(new Set(steps.map((s) => s[0])).size >= 5, String(steps.length));
    assert.ok(steps.length >= 20, String(steps.length));
  });
  for (const [pkg, a, b] of steps) {
    it(`${pkg} ${a} → ${b}: decision agrees with the restated rule, every changed tool path reported`, () => {
      const r = classify(loadReal(pkg, a), loadReal(pkg, b));
      const mine = !r.changed ? 'unchanged' : r.decision === 'auto-accept' ? 'auto' : 'hold';
      const want = restatedVerdict(toolsOf(pkg, a), toolsOf(pkg, b));
      if (want === 'hold') assert.equal(mine, 'hold', r.deltas.map((d) => d.kind).join(', '));
      else if (mine !== want) {
        assert.equal(mine, 'hold');
        const toolHolds = r.deltas.filter((d) => d.tool !== undefined && !['tool-added', 'param-added-optional', 'output-schema-added'].includes(d.kind));
        assert.deepEqual(toolHolds.map((d) => d.kind), [], 'a hold the restatement does not predict must come from the server surface');
      }
      assert.deepEqual(uncoveredPaths(toolsOf(pkg, a), toolsOf(pkg, b), r.deltas), []);
    });
  }
});
