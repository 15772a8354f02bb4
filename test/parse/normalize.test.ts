import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claudeCode } from '../../src/hosts/claude-code.js';
import { claudeDesktop } from '../../src/hosts/claude-desktop.js';
import { goose } from '../../src/hosts/goose.js';
import { opencode } from '../../src/hosts/opencode.js';
import { vscode } from '../../src/hosts/vscode.js';
import { zed } from '../../src/hosts/zed.js';
import type { Container, EntryShape } from '../../src/hosts/types.js';
import { parseJsonc } from '../../src/parse/jsonc.js';
import { normalize, type Normalized } from '../../src/parse/normalize.js';
import { parseToml } from '../../src/parse/toml.js';
import { parseYaml } from '../../src/parse/yaml.js';
import { codex } from '../../src/hosts/codex.js';

function run(text: string, containers: readonly Container[], entry: EntryShape, yaml = false): Normalized {
  const parsed = yaml ? parseYaml(text) : parseJsonc(text, { strict: false });
  assert.ok(parsed.ok);
  return normalize({ host: 'h', scope: 'user', file: '/home/u/cfg', format: 'jsonc', containers, entry, doc: parsed.value });
}

describe('normalize', () => {
  it('reads ~/.claude.json top-level and per-project servers, never the root as a map', () => {
    const text = JSON.stringify({
      tipsHistory: { 'memory-command': 3 },
      mcpServers: { top: { command: 'npx' } },
      projects: { '/home/u/app': { mcpServers: { local: { type: 'http', url: 'https://x' } } }, '/home/u/b': {} },
    });
    const loc = claudeCode.locations[0];
    const r = run(text, loc.containers, claudeCode.entry);
    assert.deepEqual(r.entries.map((e) => [e.scope, e.name, e.project ?? '', e.transport]), [
      ['user', 'top', '', 'stdio'],
      ['project', 'local', '/home/u/app', 'http'],
    ]);
    assert.equal(r.entries[1]?.origin.pointer, '/projects/~1home~1u~1app/mcpServers/local');
  });

  it('marks Claude Desktop url entries disabled: the host skips them', () => {
    const r = run('{"mcpServers": {"r": {"url": "https://x/sse"}}}', claudeDesktop.containers, claudeDesktop.entry);
    assert.equal(r.entries[0]?.disabled, true);
    assert.match(r.entries[0]?.disabledBy ?? '', /remote/);
  });

  it('reads both the nested mcp.servers and the dotted "mcp.servers" key of VS Code settings', () => {
    const settings = vscode.locations[1].containers;
    const r = run('{"mcp": {"servers": {"a": {"command": "x"}}}, "mcp.servers": {"b": {"command": "y"}}}', settings, vscode.entry);
    assert.deepEqual(r.entries.map((e) => e.name), ['a', 'b']);
  });

  it('splits an opencode command array into program and args and reads `environment`', () => {
    const r = run('{"mcp": {"o": {"type": "local", "command": ["npx", "-y", "pkg@1"], "environment": {"K": "v"}, "enabled": false}}}', opencode.containers, opencode.entry);
    const e = r.entries[0];
    assert.equal(e?.command, 'npx');
    assert.deepEqual(e?.args, ['-y', 'pkg@1']);
    assert.deepEqual(Object.keys(e?.env ?? {}), ['K']);
    assert.equal(e?.disabled, true);
    assert.equal(e?.disabledBy, 'enabled: false');
  });

  it("reads Zed's legacy command object and keeps env origins", () => {
    const r = run('{"context_servers": {"z": {"command": {"path": "uvx", "args": ["s"], "env": {"A": "1"}}}}}', zed.containers, zed.entry);
    const e = r.entries[0];
    assert.equal(e?.command, 'uvx');
    assert.deepEqual(e?.args, ['s']);
    assert.equal(e?.envOrigins.A?.pointer, '/context_servers/z/command/env/A');
  });

  it('maps Goose cmd/envs/uri and keeps a null env value (removes the variable)', () => {
    const text = 'extensions:\n  g:\n    cmd: npx\n    args: [a]\n    envs:\n      DROP: null\n    type: stdio\n  r:\n    type: sse\n    uri: https://x/sse\n';
    const r = run(text, goose.containers, goose.entry, true);
    assert.equal(r.entries[0]?.command, 'npx');
    assert.equal(r.entries[0]?.env.DROP, null);
    assert.equal(r.entries[1]?.url, 'https://x/sse');
    assert.equal(r.entries[1]?.transport, 'sse');
  });

  it('names array items by nameField, else by index', () => {
    const containers: readonly Container[] = [{ path: ['mcpServers'], shape: 'array', nameField: 'name' }];
    const r = run('{"mcpServers": [{"name": "a", "command": "x"}, {"command": "y"}]}', containers, vscode.entry);
    assert.deepEqual(r.entries.map((e) => e.name), ['a', '#1']);
  });

  it('reads a plugin .mcp.json as a flat map when there is no mcpServers key', () => {
    const containers: readonly Container[] = [{ path: ['mcpServers'], shape: 'map-or-flat' }];
    const r = run('{"name": "plugin", "version": "1", "srv": {"command": "node"}}', containers, vscode.entry);
    assert.deepEqual(r.entries.map((e) => e.name), ['srv']);
    assert.equal(r.containerPresent, true);
  });

  it('reports a container of the wrong type and a non-object entry as shape problems', () => {
    const r = run('{"mcpServers": [{"command": "x"}]}', claudeDesktop.containers, claudeDesktop.entry);
    assert.equal(r.entries.length, 0);
    assert.deepEqual(r.problems.map((p) => [p.pointer, p.actual]), [['/mcpServers', 'an array']]);
    const r2 = run('{"mcpServers": {"bad": "npx server"}}', claudeDesktop.containers, claudeDesktop.entry);
    assert.deepEqual(r2.problems.map((p) => [p.pointer, p.actual, p.position.line]), [['/mcpServers/bad', 'a string', 1]]);
  });

  it('distinguishes a file without a servers key from one with an empty map', () => {
    assert.equal(run('{"theme": "x"}', claudeDesktop.containers, claudeDesktop.entry).containerPresent, false);
    assert.equal(run('{"mcpServers": {}}', claudeDesktop.containers, claudeDesktop.entry).containerPresent, true);
  });

  it('records explicit, defaulted and unresolvable transports', () => {
    const r = run('{"mcpServers": {"a": {"type": "sse", "url": "u"}, "b": {"command": "x"}, "c": {"type": "ws", "url": "u"}}}', claudeCode.containers, claudeCode.entry);
    assert.deepEqual(r.entries.map((e) => [e.transport, e.transportSource]), [['sse', 'explicit'], ['stdio', 'defaulted'], ['unknown', 'unresolvable']]);
  });

  it('reads Codex servers named constructor / __proto__ and a table-valued env without throwing', () => {
    const parsed = parseToml('[mcp_servers.constructor]\ncommand = "a"\nenv = { __proto__ = "x", T = { b = 1 } }\n[mcp_servers.__proto__]\ncommand = "b"\n');
    assert.ok(parsed.ok);
    const r = normalize({ host: 'codex', scope: 'user', file: '/home/u/.codex/config.toml', format: 'toml', containers: codex.containers, entry: codex.entry, doc: parsed.value });
    assert.deepEqual(r.entries.map((e) => [e.name, e.command]), [['constructor', 'a'], ['__proto__', 'b']]);
    const env = r.entries[0]?.env ?? {};
    assert.deepEqual(Object.keys(env), ['__proto__', 'T']);
    assert.ok(Object.hasOwn(env, '__proto__'));
    assert.equal(env.T, '{"b":1}');
  });
});
