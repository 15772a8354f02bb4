import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveAnnotations } from '../../src/drift/annotations.js';
import { diffTools, kinds, tool } from './helpers.js';

const ann = (a: object | undefined, b: object | undefined): string[] =>
  kinds(diffTools(tool(a === undefined ? {} : { annotations: a }), tool(b === undefined ? {} : { annotations: b })));

describe('annotations on effective values (N3, §8 matrix)', () => {
  it('fills spec defaults; destructive / idempotent are n/a when read-only', () => {
    assert.deepEqual(effectiveAnnotations(undefined), { readOnly: false, destructive: true, idempotent: false, openWorld: true });
    assert.deepEqual(effectiveAnnotations({ readOnlyHint: true, destructiveHint: true }), { readOnly: true, destructive: undefined, idempotent: undefined, openWorld: true });
  });

  it('stating defaults explicitly is no delta (github 225c47cd, d8a1627b)', () => {
    assert.deepEqual(ann({}, { readOnlyHint: false, idempotentHint: false, destructiveHint: true, openWorldHint: true }), []);
    assert.deepEqual(ann(undefined, { destructiveHint: true }), []);
    assert.deepEqual(ann({ readOnlyHint: true }, { readOnlyHint: true, destructiveHint: false }), []);
  });

  const matrix: readonly [string, object | undefined, object | undefined, string][] = [
    ['dropping readOnlyHint:true', { readOnlyHint: true }, {}, 'annotation-readonly-to-destructive'],
    ['read-only → explicit destructive', { readOnlyHint: true }, { readOnlyHint: false, destructiveHint: true }, 'annotation-readonly-to-destructive'],
    ['read-only → additive writes', { readOnlyHint: true }, { readOnlyHint: false, destructiveHint: false }, 'annotation-readonly-revoked'],
    ['claims read-only', {}, { readOnlyHint: true }, 'annotation-readonly-claimed'],
    ['move_file destructive false → true', { destructiveHint: false }, { destructiveHint: true }, 'annotation-destructive-added'],
    ['create_directory {} → destructive false', {}, { destructiveHint: false }, 'annotation-destructive-removed'],
    ['idempotent claimed', {}, { idempotentHint: true }, 'annotation-idempotent-added'],
    ['idempotent dropped', { idempotentHint: true }, {}, 'annotation-idempotent-removed'],
    ['openWorld false → default', { openWorldHint: false }, {}, 'annotation-openworld-added'],
    ['openWorld false claimed', {}, { openWorldHint: false }, 'annotation-openworld-removed'],
    ['annotation title', { title: 'Open new issue' }, { title: 'Create Issue' }, 'annotation-title-changed'],
    ['vendor key', { 'x-cost': 1 }, { 'x-cost': 2 }, 'annotation-unrecognized-changed'],
  ];
  for (const [name, a, b, kind] of matrix) it(`${name} → ${kind}`, () => assert.deepEqual(ann(a, b), [kind]));

  it('severity follows the direction: toward danger critical, trust escalation high', () => {
    const r = diffTools(tool({ annotations: { readOnlyHint: true } }), tool({ annotations: {} }));
    assert.equal(r.deltas[0]?.severity, 'critical');
    const c = diffTools(tool(), tool({ annotations: { readOnlyHint: true } }));
    assert.equal(c.deltas[0]?.severity, 'high');
    assert.equal(c.decision, 'hold');
  });
});
