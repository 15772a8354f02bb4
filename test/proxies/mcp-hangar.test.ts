import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpHangar } from '../../src/proxies/mcp-hangar.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry, entry } from '../launch/entry-fixture.js';
import { loadCase } from './fixture.js';

for (const name of ['hangar-init', 'hangar-manual', 'hangar-env-config', 'hangar-http']) {
  test(`recognises ${name}`, () => {
    const c = loadCase(name);
    const rec = mcpHangar.recognize(unwrap(c.entry), c.entry);
    assert.ok(rec !== undefined, name);
    for (const [key, value] of Object.entries(c.expected)) assert.deepEqual(Reflect.get(rec, key), value, `${name}: ${key}`);
  });
}

const hangar = (argv: string[], env: Record<string, string | null> = {}, cwd?: string): Recognition | undefined => {
  const e = argvEntry(argv, cwd === undefined ? { env } : { env, cwd });
  return mcpHangar.recognize(unwrap(e), e);
};

test('--config / -c: serve\'s own beats MCP_CONFIG; with `serve` given, MCP_CONFIG (serve\'s envvar) beats the top-level one', () => {
  // serve.py: `config if config is not None else global_opts.config`, and serve's --config defaults to $MCP_CONFIG.
  for (const argv of [['mcp-hangar', 'serve', '--config', '/c.yaml'], ['mcp-hangar', 'serve', '-c/c.yaml'], ['mcp-hangar', '--config=/c.yaml'], ['mcp-hangar', '-c', '/c.yaml']]) {
    const rec = hangar(argv, { MCP_CONFIG: '/env.yaml' });
    assert.ok(rec?.store.kind === 'explicit' && rec.store.value === '/c.yaml', argv.join(' '));
  }
  const over = hangar(['mcp-hangar', '-c', '/c.yaml', 'serve'], { MCP_CONFIG: '/env.yaml' });
  assert.deepEqual(over?.store, { kind: 'explicit', flag: 'MCP_CONFIG', value: '/env.yaml', via: 'env' });
  assert.ok(hangar(['mcp-hangar', '-c', '/c.yaml', 'serve'])?.store.kind === 'explicit');
  // The legacy module is argparse: `--conf` is --config; it has no -c.
  const legacy = hangar(['python', '-m', 'mcp_hangar.server', '--conf', '/c.yaml']);
  assert.ok(legacy?.store.kind === 'explicit' && legacy.store.value === '/c.yaml');
  assert.equal(hangar(['python', '-m', 'mcp_hangar.server', '-c', '/c.yaml'])?.blocking, false);
  assert.equal(hangar(['python', '-m', 'mcp_hangar'])?.blocking, false, 'no mcp_hangar.__main__ at 2.13.0');
  // HTTP mode serves a port, not this entry.
  assert.equal(hangar(['mcp-hangar', 'serve', '--http', '-c', '/c.yaml'])?.blocking, false);
  assert.equal(hangar(['mcp-hangar', '-c', '/c.yaml'], { MCP_MODE: 'http' })?.blocking, false);
});

test('MCP_CONFIG from an env prefix or a shell string is an env-sourced store', () => {
  const rec = hangar(['env', 'MCP_CONFIG=/w/c.yaml', 'mcp-hangar', 'serve']);
  assert.deepEqual(rec?.store, { kind: 'explicit', flag: 'MCP_CONFIG', value: '/w/c.yaml', via: 'env' });
  const sh = hangar(['sh', '-c', 'MCP_CONFIG=./c.yaml exec mcp-hangar']);
  assert.deepEqual(sh?.store, { kind: 'explicit', flag: 'MCP_CONFIG', value: './c.yaml', via: 'env' });
});

test('no --config and no MCP_CONFIG: unresolvable (cwd-relative ./config.yaml or the host env)', () => {
  const rec = hangar(['mcp-hangar', 'serve'], {}, '/srv/h');
  assert.equal(rec?.store.kind, 'unresolvable');
  assert.match(rec?.store.kind === 'unresolvable' ? rec.store.why : '', /config\.yaml.*\/srv\/h/);
  assert.equal(hangar(['mcp-hangar', 'serve'], { MCP_CONFIG: null })?.store.kind, 'unresolvable');
});

test('uvx / pipx forms, version recorded; other subcommands are not the gateway', () => {
  const rec = hangar(['uvx', 'mcp-hangar==2.34.4', '--config', '/c.yaml', 'serve']);
  assert.equal(rec?.version, '2.34.4');
  assert.equal(rec?.bareName, true);
  assert.equal(hangar(['/opt/bin/uvx', '--from', 'mcp-hangar', 'mcp-hangar', 'serve'])?.bareName, false);
  assert.equal(hangar(['pipx', 'run', 'mcp-hangar', 'serve'])?.proxy, 'mcp-hangar');
  // Not the gateway: a subcommand of its own (init …) or no command 2.13.0 has (pin).
  assert.equal(hangar(['mcp-hangar', 'pin', '--check'])?.blocking, false);
  assert.deepEqual([hangar(['mcp-hangar', 'init'])?.pins, hangar(['mcp-hangar', 'init'])?.proxy], [false, 'mcp-hangar']);
});

test('a run-time word among Hangar\'s args may be another --config: unresolvable', () => {
  assert.equal(hangar(['sh', '-c', 'mcp-hangar --config /c.yaml serve "$OPTS"'])?.store.kind, 'unresolvable');
  assert.equal(hangar(['sh', '-c', 'mcp-hangar --config "$CFG" serve'])?.store.kind, 'explicit');
});

test('a bare localhost:8000/mcp URL is not assumed to be Hangar (FastMCP serves the same)', () => {
  const e = entry({ name: 'weather', url: 'http://localhost:8000/mcp' });
  assert.equal(mcpHangar.recognize(unwrap(e), e), undefined);
});

test('default store is init\'s ~/.config/mcp-hangar/config.yaml', () => {
  const rec = hangar(['mcp-hangar', 'serve']);
  assert.ok(rec !== undefined);
  assert.equal(mcpHangar.defaultStore(rec, '/home/u', 'linux'), '/home/u/.config/mcp-hangar/config.yaml');
});
