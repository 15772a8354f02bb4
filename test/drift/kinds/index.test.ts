import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUTO_KINDS, KINDS, kindById } from '../../../src/drift/kinds/index.js';
import type { Action, DriftKind } from '../../../src/drift/types.js';

const PARTNER: Partial<Record<Action, Action>> = { add: 'remove', remove: 'add', widen: 'narrow', narrow: 'widen' };

describe('drift kind registry', () => {
  it('has unique kebab-case ids', () => {
    const ids = KINDS.map((k) => k.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[a-z]+(?:-[a-z]+)*$/, id);
  });

  it('auto-accepts exactly tool-added, param-added-optional and output-schema-added', () => {
    assert.deepEqual([...AUTO_KINDS].sort(), ['output-schema-added', 'param-added-optional', 'tool-added']);
  });

  it('every kind is a complete object literal with a title', () => {
    for (const k of KINDS) {
      const kind: DriftKind = k;
      assert.ok(kind.title.length > 0, kind.id);
      assert.ok(['input', 'output', 'none'].includes(kind.direction), kind.id);
      assert.equal(kindById(kind.id), kind);
    }
  });

  it('lists the taxonomy kinds the issue names', () => {
    for (const id of ['description-digits-only', 'description-currency-digits', 'param-description-currency-digits',
      'hidden-characters-added', 'schema-changed-unclassified', 'annotation-readonly-to-destructive',
      'annotation-destructive-added', 'annotation-openworld-removed', 'instructions-changed', 'prompt-added']) {
      assert.ok(kindById(id) !== undefined, id);
    }
  });

  it('kinds added beyond the taxonomy carry their rationale', () => {
    for (const id of ['tool-added-destructive', 'tool-added-instructive', 'param-added-instructive', 'tool-changed-unclassified',
      'server-changed-unclassified', 'server-description-changed', 'server-icons-changed', 'server-website-changed']) {
      const k = kindById(id);
      assert.ok(k !== undefined && (k.rationale ?? '').length > 20 && k.decision === 'hold', id);
    }
  });

  // oasdiff checker/rule_symmetry_test.go: every add has a remove and every widen a narrow,
  // on the same subject and direction, unless the kind says why not.
  it('pairs every add/remove and widen/narrow, or waives the pair with a reason', () => {
    const missing: string[] = [];
    for (const k of KINDS) {
      const want = PARTNER[k.action];
      if (want === undefined) continue;
      const ok = KINDS.some((o) => o.subject === k.subject && o.direction === k.direction && o.action === want);
      const waiver: string | undefined = 'unpaired' in k ? k.unpaired : undefined;
      if (!ok && (waiver === undefined || waiver.length < 10)) missing.push(`${k.id} (${k.subject}/${k.direction}: no ${want})`);
      if (ok && waiver !== undefined) missing.push(`${k.id} has a partner but also a waiver`);
    }
    assert.deepEqual(missing, []);
  });
});
