import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { audit } from '../../src/grade/audit.js';
import { runUnwrap, runWrap } from '../../src/fix/wrap.js';
import { PROXIES } from '../../src/proxies/index.js';
import { WIRINGS } from '../../src/proxies/wirings.js';
import { affects, release } from '../../src/grade/versions.js';
import { processEnv } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';

/** Each proxy's wiring, through the real wrap/unwrap: recognised as that proxy, and undone byte for byte. */
const env = processEnv();
const PLAIN = '{\n  "mcpServers": {\n    "fs": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/data"],\n      "env": { "LOG": "1" }\n    }\n  }\n}\n';

test('every wiring belongs to a registered proxy, once', () => {
  const ids = WIRINGS.map((w) => w.proxy);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.ok(PROXIES.some((p) => p.id === id), id);
});

for (const [proxy, extra] of [['mcpindex-gate', {}], ['mcp-context-protector', {}], ['mcptrust', { store: '@HOME@/.mcptrust/fs.lock.json' }]] as const) {
  test(`wrap --with ${proxy}: the entry is then graded behind ${proxy}; unwrap restores it byte for byte`, async () => {
    const home = await materializeHome({ '.cursor/mcp.json': PLAIN }, 'mcp-audit-wiring');
    const file = path.join(home, '.cursor', 'mcp.json');
    const discover = { root: home, platform: 'linux' as const, projectScan: false };
    const store = 'store' in extra ? { store: extra.store.replace('@HOME@', home) } : {};
    const w = await runWrap({ discover, servers: ['fs'], proxy, apply: true, includeProject: false, ...store }, env);
    assert.deepEqual(w.refusals, []);
    const rows = (await audit(discover, env)).rows.filter((r) => r.name === 'fs');
    assert.ok(rows.length > 0 && rows.every((r) => r.proxy?.id === proxy), JSON.stringify(rows.map((r) => r.proxy)));
    assert.match(await fs.readFile(file, 'utf8'), /"LOG": "1"/, 'the env is kept');
    const u = await runUnwrap({ discover, servers: ['fs'], apply: true, includeProject: false }, env);
    assert.deepEqual(u.refusals, []);
    assert.equal(await fs.readFile(file, 'utf8'), PLAIN);
  });
}

test('mcptrust without --store and Hangar are refused with their reason', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': PLAIN }, 'mcp-audit-wiring');
  const discover = { root: home, platform: 'linux' as const, projectScan: false };
  const t = await runWrap({ discover, servers: ['fs'], proxy: 'mcptrust', apply: false, includeProject: false }, env);
  assert.match(t.refusals[0]?.reason ?? '', /no default lock file/);
  const rel = await runWrap({ discover, servers: ['fs'], proxy: 'mcptrust', store: 'mcp-lock.json', apply: false, includeProject: false }, env);
  assert.match(rel.refusals[0]?.reason ?? '', /absolute path/);
  const h = await runWrap({ discover, servers: ['fs'], proxy: 'mcp-hangar', apply: false, includeProject: false }, env);
  assert.match(h.refusals[0]?.reason ?? '', /aggregator/);
  assert.equal(await fs.readFile(path.join(home, '.cursor', 'mcp.json'), 'utf8'), PLAIN);
});

test('unwrap of a plain entry is refused: it runs behind no proxy', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': PLAIN }, 'mcp-audit-wiring');
  const u = await runUnwrap({ discover: { root: home, platform: 'linux', projectScan: false }, servers: ['fs'], apply: false, includeProject: false }, env);
  assert.match(u.refusals[0]?.reason ?? '', /does not run behind a proxy/);
});

test('every wiring states the release it writes: one outside every advisory of its proxy module, or why it names none', () => {
  for (const w of WIRINGS) {
    const proxy = PROXIES.find((p) => p.id === w.proxy);
    assert.ok(proxy !== undefined);
    if (w.release.version === null) {
      assert.ok(w.release.why.length > 20, `${w.proxy}: says why it names no release`);
      continue;
    }
    for (const a of proxy.advisories.list) {
      const v = release(a.ecosystem, w.release.version);
      assert.ok(v !== undefined, `${w.proxy}: ${w.release.version} is a ${a.ecosystem} release`);
      assert.equal(affects(a, v), false, `${w.proxy} ${w.release.version} is inside ${a.id}`);
    }
  }
});

test('wrap --with mcpindex-gate writes the pinned release, and mcp-audit no longer grades the wrap proxy-version-unknown', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': PLAIN }, 'mcp-audit-wiring-pin');
  const discover = { root: home, platform: 'linux' as const, projectScan: false };
  const w = await runWrap({ discover, servers: ['fs'], proxy: 'mcpindex-gate', apply: true, includeProject: false }, env);
  assert.deepEqual(w.refusals, []);
  assert.match(await fs.readFile(path.join(home, '.cursor', 'mcp.json'), 'utf8'), /"--from",\s*"mcpindex-gate==0\.16\.1"/);
  const rows = (await audit(discover, env)).rows.filter((r) => r.name === 'fs');
  assert.ok(rows.length > 0);
  for (const r of rows) assert.ok(!r.findings.some((f) => f.id === 'proxy-version-unknown' || f.id === 'proxy-version-flawed'), JSON.stringify(r.findings.map((f) => f.id)));
});
