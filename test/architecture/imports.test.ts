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

/** A folder of src/, or `../schemas` (and the like) for a file imported from outside src/. */
const stage = (f: string): string => {
  const parts = path.relative(SRC, f).split(path.sep);
  return parts[0] === '..' ? `../${parts[1] ?? ''}` : parts[0] ?? '';
};

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

/**
 * The allowed edges between stages (STYLE.md §1). A new edge is a reviewed change to this table.
 * hosts/ is pure data; parse/ reads host shapes but never the discovery engine (discover/), which
 * reads files through parse/.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  canonical: ['shared'],
  drift: ['canonical'],
  hosts: ['shared'],
  rules: ['shared'],
  parse: ['hosts', 'shared'],
  discover: ['hosts', 'parse', 'rules', 'shared'],
  launch: ['parse', 'shared'],
  proxies: ['launch', 'parse', 'rules', 'shared'],
  grade: ['discover', 'launch', 'parse', 'proxies', 'rules', 'shared'],
  // The JSON writers derive their allow-lists from the schemas, the published contract (STYLE §9).
  report: ['../schemas', 'grade', 'parse', 'rules', 'shared'],
  probe: ['canonical', 'drift', 'grade', 'parse', 'report', 'rules', 'shared'],
  fix: ['discover', 'grade', 'launch', 'parse', 'proxies', 'report', 'rules', 'shared'],
  cli: ['canonical', 'discover', 'drift', 'fix', 'grade', 'hosts', 'launch', 'parse', 'probe', 'proxies', 'report', 'rules', 'shared'],
};

test('every import between stages is an edge of the allowed table, and every stage is in it', () => {
  const bad: string[] = [];
  for (const [f, deps] of graph()) {
    const ok = ALLOWED[stage(f)];
    if (ok === undefined) { bad.push(`${path.relative(SRC, f)}: stage ${stage(f)} is not in the table`); continue; }
    for (const d of deps) {
      if (stage(d) !== stage(f) && !ok.includes(stage(d))) bad.push(`${path.relative(SRC, f)} imports ${path.relative(SRC, d)}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('hosts/ holds data only: no host definition file declares a function', () => {
  const dir = path.join(SRC, 'hosts');
  const bad = readdirSync(dir).filter((n) => n.endsWith('.ts') && /\bfunction\b|=>/.test(readFileSync(path.join(dir, n), 'utf8')));
  assert.deepEqual(bad, []);
});

test('the check sees imports (it can fail)', () => {
  const g = graph();
  const grade = g.get(path.join(SRC, 'grade', 'grade.ts'));
  assert.ok(grade !== undefined && [...grade].some((d) => d.endsWith(path.join('launch', 'unwrap.ts'))));
});

test('proxy modules never touch the file system themselves: store inspectors read through InspectContext.files', () => {
  const dir = path.join(SRC, 'proxies');
  const FS = /from\s+['"](node:)?fs(\/promises)?['"]|import\(\s*['"](node:)?fs(\/promises)?['"]\s*\)/;
  const bad = files(dir).filter((f) => FS.test(readFileSync(f, 'utf8'))).map((f) => path.relative(SRC, f));
  assert.deepEqual(bad, []);
  assert.ok(FS.test("import { promises as fs } from 'node:fs';"), 'the pattern sees an fs import');
});

test('no switch over proxy ids: per-proxy knowledge lives in its module (STYLE.md §4)', () => {
  const bad = files(SRC).filter((f) => /switch\s*\(\s*[\w.?]*(proxy|rec)(\.id|\.proxy)\s*\)/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(SRC, f));
  assert.deepEqual(bad, []);
});
