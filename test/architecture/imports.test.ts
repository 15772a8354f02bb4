import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * STYLE.md §1: imports flow one way and a cycle is an error; canonical/ and shared/ are leaves;
 * drift/ imports only canonical/. Checked on the source text (type-only imports included).
 */
const SRC = path.resolve('src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const IMPORT = /^(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

function graph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const f of files(SRC)) {
    const deps = new Set<string>();
    for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec !== undefined) deps.add(path.resolve(path.dirname(f), spec).replace(/\.js$/, '.ts'));
    }
    g.set(f, deps);
  }
  return g;
}

const stage = (f: string): string => path.relative(SRC, f).split(path.sep)[0] ?? '';

test('no import cycles between source files', () => {
  const g = graph();
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const stack: string[] = [];
  const visit = (u: string): void => {
    state.set(u, 'open');
    stack.push(u);
    for (const v of g.get(u) ?? []) {
      if (state.get(v) === 'open') cycles.push([...stack.slice(stack.indexOf(v)), v].map((x) => path.relative(SRC, x)).join(' -> '));
      else if (state.get(v) === undefined && g.has(v)) visit(v);
    }
    stack.pop();
    state.set(u, 'done');
  };
  for (const f of g.keys()) if (state.get(f) === undefined) visit(f);
  assert.deepEqual(cycles, []);
});

test('leaves stay leaves: shared/ and canonical/ import no other stage; drift/ only canonical/', () => {
  const allowed: Readonly<Record<string, readonly string[]>> = {
    shared: ['shared'], canonical: ['canonical', 'shared'], drift: ['drift', 'canonical'],
  };
  const bad: string[] = [];
  for (const [f, deps] of graph()) {
    const ok = allowed[stage(f)];
    if (ok === undefined) continue;
    for (const d of deps) if (!ok.includes(stage(d))) bad.push(`${path.relative(SRC, f)} imports ${path.relative(SRC, d)}`);
  }
  assert.deepEqual(bad, []);
});

test('the check sees imports (it can fail)', () => {
  const g = graph();
  const grade = g.get(path.join(SRC, 'grade', 'grade.ts'));
  assert.ok(grade !== undefined && [...grade].some((d) => d.endsWith(path.join('launch', 'unwrap.ts'))));
});
