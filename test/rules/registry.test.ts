import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { RULES } from '../../src/rules/index.js';
import { SEVERITIES } from '../../src/rules/types.js';

const SRC = path.resolve('src/rules');
const NOT_RULES = new Set(['index.ts', 'types.ts']);

function filesUnder(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, exts));
    else if (exts.some((e) => name.endsWith(e))) out.push(p);
  }
  return out;
}

test('rule ids are unique, kebab-case and equal to their file names', () => {
  const ids = RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate rule id');
  for (const r of RULES) {
    assert.match(r.id, /^[a-z0-9]+(-[a-z0-9]+)*$/, r.id);
    assert.ok(readFileSync(path.join(SRC, `${r.id}.ts`), 'utf8').includes(`id: '${r.id}'`), `${r.id}.ts defines ${r.id}`);
  }
});

test('every rule module is registered in index.ts', () => {
  const files = readdirSync(SRC).filter((f) => f.endsWith('.ts') && !NOT_RULES.has(f)).map((f) => f.replace(/\.ts$/, ''));
  assert.deepEqual(files.sort(), RULES.map((r) => r.id).sort());
});

test('every rule has its documentation, a severity and a message', () => {
  for (const r of RULES) {
    assert.ok(SEVERITIES.includes(r.severity), r.id);
    assert.ok(['unverifiable', 'unprotected', 'none'].includes(r.grade), r.id);
    for (const field of ['meaning', 'whyItMatters', 'howToFix', 'example'] as const) {
      assert.ok(r.docs[field].trim().length >= 10, `${r.id}: docs.${field}`);
    }
    assert.ok(r.title.length > 0 && r.message.length > 0, r.id);
  }
});

test('every rule is exercised by a test or a fixture case', () => {
  const corpus = [...filesUnder(path.resolve('test'), ['.ts']), ...filesUnder(path.resolve('fixtures/grade'), ['.json'])]
    .filter((f) => !f.endsWith(`${path.sep}registry.test.ts`))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const untested = RULES.map((r) => r.id).filter((id) => !corpus.includes(`'${id}'`) && !corpus.includes(`"${id}"`));
  assert.deepEqual(untested, []);
});
