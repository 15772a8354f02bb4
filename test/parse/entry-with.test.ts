import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { discover } from '../../src/discover/discover.js';
import { entryWith } from '../../src/parse/entry-with.js';
import { extend } from '../../src/shared/extend.js';
import { testEnv } from '../hosts/helpers.js';

const DISCOVER = fileURLToPath(new URL('../../src/discover/discover.js', import.meta.url));
const HELPERS = fileURLToPath(new URL('../hosts/helpers.js', import.meta.url));

/** A home whose ~/.claude.json records `n` projects, each with a server (some with env, cwd or a type), and a Cursor file. */
function makeHome(n: number): string {
  const home = mkdtempSync(path.join(os.tmpdir(), 'entry-with-'));
  const projects: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const server: Record<string, unknown> = { command: 'npx', args: ['-y', `@example/s${i}`] };
    if (i % 3 === 0) server['env'] = { K: 'v' };
    if (i % 5 === 0) server['type'] = 'stdio';
    if (i % 7 === 0) server['cwd'] = 'sub';
    projects[`/home/u/work/p${i}`] = { allowedTools: [], mcpServers: { s: server } };
  }
  writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ projects, mcpServers: { top: { command: 'uvx', args: ['x'] } } }));
  mkdirSync(path.join(home, '.cursor'));
  writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { a: { url: 'https://example.com/mcp' }, b: { command: 'node', args: ['$HOME/x.js'] } } }));
  return home;
}

describe('entryWith: the ServerEntry copy that keeps fast properties', () => {
  let home = '';
  before(() => { home = makeHome(300); });
  after(() => { rmSync(home, { recursive: true, force: true }); });

  it('gives the keys, values and order extend() gives, for every entry the real discovery reads', async () => {
    const d = await discover({ root: home, platform: 'linux', projectScan: true }, testEnv('linux'));
    assert.ok(d.entries.length > 300, `read ${d.entries.length} entries`);
    const extras = [{}, { disabled: true, disabledBy: 'x' }, { state: 'disabled' as const }, { launchDoubts: [] }, { host: 'other', command: 'y' }];
    for (const e of d.entries) {
      for (const x of extras) {
        const mine = entryWith(e, x);
        assert.deepEqual(Object.entries(mine), Object.entries(extend(e, x)));
        assert.notEqual(mine, e);
        assert.equal(Object.getPrototypeOf(mine), Object.prototype);
      }
    }
  });

  it('entries out of the real discovery have fast properties and share hidden classes (V8 natives, in a child)', () => {
    // Run in a child: natives syntax is a V8 flag of that process only.
    const script = `
      const { discover } = await import(${JSON.stringify(`file://${DISCOVER}`)});
      const { testEnv } = await import(${JSON.stringify(`file://${HELPERS}`)});
      const d = await discover({ root: ${JSON.stringify(home)}, platform: 'linux', projectScan: true }, testEnv('linux'));
      const groups = new Map();
      let slow = 0;
      for (const e of d.entries) {
        if (!%HasFastProperties(e)) slow++;
        const k = Object.keys(e).join(',');
        const g = groups.get(k) ?? [];
        g.push(e);
        groups.set(k, g);
      }
      let unshared = 0;
      for (const g of groups.values()) for (let i = 1; i < g.length; i++) if (!%HaveSameMap(g[i], g[0])) unshared++;
      process.stdout.write(JSON.stringify({ entries: d.entries.length, slow, unshared, groups: groups.size }));`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout) as { entries: number; slow: number; unshared: number; groups: number };
    assert.ok(got.entries > 300, JSON.stringify(got));
    assert.equal(got.slow, 0, `${got.slow} of ${got.entries} entries are dictionaries`);
    assert.equal(got.unshared, 0, `${got.unshared} entries have a hidden class of their own (${got.groups} key sets)`);
    assert.ok(got.groups < 20, JSON.stringify(got));
  });
});
