import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOSTS } from '../../src/hosts/index.js';

/**
 * Class: field-by-field merges across scopes. A host that merges same-named
 * entries field by field (`precedence.merge: 'fields'`) does so over every config file it reads;
 * a location missing from the tiers is left out of the merge, so a fragment there (`{ enabled:
 * true }` over another file's complete entry) was graded as a proven launch on its own.
 * Plugin locations are merged by other rules (Codex inserts plugin servers only under free names);
 * a script location (Crush crushrc) holds no entries the audit reads.
 */
describe('precedence tiers of field-merging hosts', () => {
  for (const host of HOSTS) {
    const p = 'precedence' in host ? host.precedence : undefined;
    if (p?.merge !== 'fields') continue;
    it(`${host.id}: every non-plugin location is a tier`, () => {
      const tiers = new Set<string>(p.tiers.map((t) => t.location));
      const missing = host.locations.filter((l) => l.scope !== 'plugin' && !('script' in l) && !tiers.has(l.path)).map((l) => l.path);
      assert.deepEqual(missing, []);
    });
  }
});

/**
 * Class: a host that imports other hosts' files keeps the first import of a name (mcporter
 * `if (merged.has(name)) continue`): its tiers must hold every import location, in reading order,
 * below its own files, or a later import of a name would be graded launched beside the first.
 */
describe('precedence tiers of importing hosts', () => {
  for (const host of HOSTS) {
    const p = 'precedence' in host ? host.precedence : undefined;
    if (!('imports' in host) || p === undefined) continue;
    it(`${host.id}: the import locations are the last tiers, in the order they are read`, () => {
      const imported = host.locations.filter((l) => 'importKind' in l).map((l) => l.path);
      assert.ok(imported.length > 0);
      assert.deepEqual(p.tiers.slice(-imported.length).map((t) => t.location), imported);
    });
  }
});
