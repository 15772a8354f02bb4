import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROFILES, profileById } from '../../../src/canonical/profiles/index.js';

test('PROFILES: unique kebab-case ids, each described, the four the CLI offers', () => {
  const ids = PROFILES.map((p) => p.id);
  assert.deepEqual([...ids].sort(), ['hangar', 'narrow', 'server', 'wide']);
  assert.equal(new Set(ids).size, ids.length);
  for (const p of PROFILES) {
    assert.match(p.id, /^[a-z]+(-[a-z]+)*$/);
    assert.ok(p.description.length > 10);
    assert.equal(profileById(p.id), p);
  }
  assert.equal(profileById('nope'), undefined);
});
