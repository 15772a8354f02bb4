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

/** A source a maintainer can open: `owner/repo@commit:path`, a URL, or a spec/tool section; never a file outside the repository. */
const SOURCE = /^([\w.-]+\/[\w.-]+@[0-9a-f]{7,40}(:\S.*)?|[\w.-]+\/[\w.-]+ \S.*|https?:\/\/\S+.*|spf13\/\S+.*|pkg\.go\.dev\/\S+.*)$/;

test('every module\'s facts are complete and sourced (STYLE.md §4: every field required, no absence meaning "fine")', () => {
  for (const p of PROXIES) {
    const where = (s: string): string => `${p.id}: ${s}`;
    for (const eco of ['npm', 'pypi', 'go'] as const) assert.ok(Array.isArray(p.packages[eco]), where(`packages.${eco} is a list`));
    if (p.pins) assert.ok(p.advisories.sources.length > 0, where('advisory review names its sources'));
    for (const prog of p.programs) {
      assert.ok(prog.role === 'proxy' || prog.role === 'other', where(`${prog.name} has a role`));
      assert.ok(prog.name !== '' && prog.what.length > 3 && SOURCE.test(prog.source), where(`${prog.name} ${prog.subcommand.join(' ')} is described and sourced (${prog.source})`));
    }
    if (!p.pins) continue;
    assert.ok(p.programs.some((prog) => prog.role === 'proxy'), where('at least one program runs the proxy'));
    assert.ok(p.inputs.items.length > 0 && SOURCE.test(p.inputs.source), where('the input inventory is non-empty and sourced'));
    for (const item of p.inputs.items) {
      assert.ok(item.name !== '' && item.note.length > 2, where(`input ${item.name} says what it is`));
      assert.ok(SOURCE.test(item.source), where(`input ${item.name} is sourced (${item.source})`));
    }
    const names = p.inputs.items.map((i) => `${i.kind}:${i.name}`);
    assert.equal(new Set(names).size, names.length, where('no input is listed twice'));
    assert.ok(p.modes.length > 0 && p.modes.some((m) => m.blocking), where('a blocking mode is documented'));
    for (const m of p.modes) assert.ok(SOURCE.test(m.source), where(`mode ${m.name} is sourced`));
    for (const l of p.launchers) {
      assert.match(l.sha256, /^[0-9a-f]{64}$/, where(`${l.file} sha256`));
      assert.ok(l.release !== '' && SOURCE.test(l.source), where(`${l.file} names its release and source`));
    }
    for (const s of [p.inputs.source, ...p.advisories.sources, ...p.programs.map((x) => x.source), ...p.inputs.items.map((i) => i.source)]) {
      assert.doesNotMatch(s, /pinning-systems\.md|hosts\.md|red-?team|review round/i, where(`cites a primary source, not ${s}`));
    }
  }
});

test('each proxy\'s every input that moves its store or changes its mode is one its parser or store reading acts on', async () => {
  const { mcpPin } = await import('../../src/proxies/mcp-pin.js');
  const { mcpContextProtector } = await import('../../src/proxies/mcp-context-protector.js');
  const moves = (p: { inputs: { items: readonly { kind: string; name: string; effect: string }[] } }): string[] =>
    p.inputs.items.filter((i) => i.effect === 'moves-store').map((i) => i.name).sort();
  assert.deepEqual(moves(mcpPin), ['--lock', 'ATTEST_HOME', 'HOME', 'MCP_PIN_HOME', 'USERPROFILE']);
  assert.deepEqual(moves(mcpContextProtector), ['--server-config-file', 'HOME', 'USERPROFILE']);
});
