import assert from 'node:assert/strict';
import { release } from '../../src/grade/versions.js';
import { test } from 'node:test';
import { PROXIES } from '../../src/proxies/index.js';
import { isNotProven } from '../../src/proxies/types.js';
import type { Recognition } from '../../src/proxies/types.js';

/** The registry: one module per proxy, pinning ones complete (STYLE.md §4), advisories sourced. */
const REC: Recognition = {
  proxy: 'mcpindex-gate', pins: true, runtime: 'python', mode: 'guard', blocking: true, bareName: true, serverId: 'fs',
  store: { kind: 'default' },
};

test('proxy ids are unique', () => {
  const ids = PROXIES.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
});

test('every pinning module provides its inspector, default store answer, probe recipe and sourced advisories', () => {
  for (const p of PROXIES) {
    assert.match(p.advisories.reviewed, /^\d{4}-\d\d-\d\d$/, `${p.id}: the advisory review is dated`);
    for (const a of p.advisories.list) {
      assert.ok(a.source.trim().length > 5 && a.id !== '' && a.summary !== '', `${p.id}: ${a.id} is sourced`);
      assert.ok(a.affected.length > 0, `${p.id}: ${a.id} names its affected ranges`);
      for (const r of a.affected) {
        assert.ok(r.introduced === '0' || release(a.ecosystem, r.introduced) !== undefined, `${p.id}: ${a.id} introduced is a ${a.ecosystem} release`);
        assert.ok(r.fixed === null || release(a.ecosystem, r.fixed) !== undefined, `${p.id}: ${a.id} fixed is a ${a.ecosystem} release, or none fixes it`);
      }
    }
    if (!p.pins) {
      assert.ok(p.reason.length > 10, `${p.id}: a mediator says why it is not protection`);
      continue;
    }
    assert.equal(typeof p.inspectStore, 'function', p.id);
    const store = p.defaultStore({ ...REC, proxy: p.id }, '/home/u', 'linux');
    assert.ok(typeof store === 'string' ? store.startsWith('/home/u/') : isNotProven(store), `${p.id}: default store or why not`);
    const recipe = p.probeRecipe({ ...REC, proxy: p.id });
    assert.ok(isNotProven(recipe) ? recipe.notProven.length > 10 : typeof recipe.kind === 'string', p.id);
  }
});

test('pinning proxies come before mediators (a mediator must not hide a pinning proxy in the same chain)', () => {
  const firstMediator = PROXIES.findIndex((p) => !p.pins);
  assert.ok(firstMediator > 0);
  assert.ok(PROXIES.slice(firstMediator).every((p) => !p.pins));
});

test('parseArgs reads the mode as each proxy\'s own parser does', async () => {
  const { mcpindexGate } = await import('../../src/proxies/mcpindex-gate.js');
  const { mcptrust } = await import('../../src/proxies/mcptrust.js');
  const { mcpPin } = await import('../../src/proxies/mcp-pin.js');
  assert.deepEqual(mcpindexGate.parseArgs([]), { mode: 'guard', blocking: true });
  assert.deepEqual(mcpindexGate.parseArgs(['--posture', 'strict', '--posture=monitor']), { mode: 'monitor', blocking: false });
  assert.deepEqual(mcpindexGate.parseArgs(['--post', 'monitor']), { mode: 'monitor', blocking: false }, 'argparse prefix');
  assert.deepEqual(mcpindexGate.parseArgs(['--posture', 'lenient']), { mode: 'lenient', blocking: false, modeUnknown: true });
  assert.deepEqual(mcptrust.parseArgs(['--lock', 'x']), { mode: 'fail-on-critical', blocking: false }, 'the default --fail-on critical lets a description change through');
  assert.deepEqual(mcptrust.parseArgs(['--fail-on', 'moderate', '--lock', 'x']), { mode: 'enforce', blocking: true });
  assert.deepEqual(mcptrust.parseArgs(['--audit-only=false', '--filter-only', '--lock', 'x']), { mode: 'filter-only', blocking: false });
  assert.deepEqual(mcptrust.parseArgs(['--audit-only=maybe', '--lock', 'x']), { mode: 'argument-error', blocking: false, modeUnknown: true });
  assert.deepEqual(mcptrust.parseArgs(['--fail-on', 'moderate']), { mode: 'argument-error', blocking: false, modeUnknown: true }, '--lock is required');
  assert.deepEqual(mcptrust.parseArgs(['--fail-on=moderate', '--lock', 'x', '--', '--audit-only']), { mode: 'enforce', blocking: true }, 'after -- it is the upstream\'s');
  assert.deepEqual(mcpPin.parseArgs(['--only-locked']), { mode: 'only-locked', blocking: true });
});
