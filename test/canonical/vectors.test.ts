import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { canonicalHash } from '../../src/canonical/canonical.js';
import { isObject } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';
import { hangar } from '../../src/canonical/profiles/hangar.js';
import { narrow } from '../../src/canonical/profiles/narrow.js';

/** fixtures/canonical/vectors.json: published vectors plus cases computed by the Python reference. */
interface Vector {
  readonly name: string;
  readonly profile: 'contract' | 'plain' | 'narrow' | 'hangar';
  readonly input: string;
  readonly canonical?: string;
  readonly hash?: string;
  readonly error?: string;
}

function loadVectors(): Vector[] {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../../fixtures/canonical/vectors.json', import.meta.url), 'utf8'));
  assert.ok(typeof raw === 'object' && raw !== null && 'cases' in raw && Array.isArray(raw.cases));
  return raw.cases.map((c: unknown): Vector => {
    assert.ok(typeof c === 'object' && c !== null && 'name' in c && 'profile' in c && 'input' in c);
    const { name, profile, input } = c;
    assert.ok(typeof name === 'string' && typeof input === 'string');
    assert.ok(profile === 'contract' || profile === 'plain' || profile === 'narrow' || profile === 'hangar');
    const str = (k: string): string | undefined => {
      const v: unknown = Object.entries(c).find(([key]) => key === k)?.[1];
      return typeof v === 'string' ? v : undefined;
    };
    const canonical = str('canonical');
    const hash = str('hash');
    const error = str('error');
    return { name, profile, input, ...(canonical !== undefined ? { canonical } : {}), ...(hash !== undefined ? { hash } : {}), ...(error !== undefined ? { error } : {}) };
  });
}

const VECTORS = loadVectors();

test('the vector file has at least 60 named cases with expected bytes, and unique names', () => {
  assert.ok(VECTORS.filter((v) => v.canonical !== undefined && v.hash !== undefined).length >= 60);
  assert.equal(new Set(VECTORS.map((v) => v.name)).size, VECTORS.length);
  for (const must of ['narrow-V1', 'narrow-V5', 'narrow-V6', 'narrow-float-tie-2^-26', 'hangar-add', 'hangar-add-with-empty-annotations-and-title']) {
    assert.ok(VECTORS.some((v) => v.name === must), must);
  }
  assert.equal(VECTORS.filter((v) => v.name.startsWith('contract-bytes-')).length, 11);
});

for (const v of VECTORS) {
  test(`vector ${v.name} (${v.profile})`, () => {
    const doc = readJsonText(v.input);
    assert.ok(doc.ok, `input must be JSON: ${JSON.stringify(doc)}`);
    const root = doc.value.value;
    if (v.profile === 'contract' || v.profile === 'plain') {
      const r = canonicalHash(root, { contract: v.profile === 'contract' });
      if (v.error !== undefined) {
        assert.ok(!r.ok);
        assert.equal(r.problem.code, v.error);
        return;
      }
      assert.ok(r.ok, JSON.stringify(!r.ok && r.problem.message));
      assert.equal(r.value.canonical, v.canonical);
      assert.equal(r.value.hash, v.hash);
      return;
    }
    assert.ok(isObject(root));
    const r = (v.profile === 'narrow' ? narrow : hangar).digestTool(root);
    if (v.error !== undefined) {
      assert.ok(!r.ok, 'must be rejected');
      assert.match(r.problem.message, v.error === 'non-finite' ? /non-finite/ : /nested deeper than 64/);
      return;
    }
    assert.ok(r.ok, JSON.stringify(!r.ok && r.problem.message));
    assert.equal(r.value.preimage, v.canonical);
    assert.equal(r.value.digest, v.hash);
  });
}
