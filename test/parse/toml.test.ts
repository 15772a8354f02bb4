import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseToml, splitKey } from '../../src/parse/toml.js';

const CODEX = `model = "gpt-5-codex"

[projects."/home/alice/src/api"]
trust_level = "trusted"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]

[mcp_servers.context7.env]
CONTEXT7_API_KEY = "x"

[mcp_servers."dotted.name"]
url = "https://example.com/mcp"
`;

describe('parseToml', () => {
  it('parses a Codex config and locates tables and keys', () => {
    const r = parseToml(CODEX);
    assert.ok(r.ok);
    const v = r.value.value;
    assert.ok(typeof v === 'object' && v !== null && 'mcp_servers' in v);
    assert.deepEqual(r.value.locate(['mcp_servers', 'context7']), { line: 6, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 'context7', 'args']), { line: 8, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 'context7', 'env', 'CONTEXT7_API_KEY']), { line: 11, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 'dotted.name']), { line: 13, column: 1 });
    assert.deepEqual(r.value.locate(['projects', '/home/alice/src/api']), { line: 3, column: 1 });
  });

  it('locates the n-th [[array]] table', () => {
    const r = parseToml('[[mcp_servers]]\nname = "a"\n\n[[mcp_servers]]\nname = "b"\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcp_servers', 1]), { line: 4, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 1, 'name']), { line: 5, column: 1 });
  });

  it('reports a Windows path in a basic string (invalid escape) with its location (openai/codex#37616: one such path invalidates the whole config.toml)', () => {
    const r = parseToml('[mcp_servers.win]\ncommand = "C:\\Users\\me\\server.exe"\n');
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.equal(r.problem.line, 2);
  });

  it('reports a duplicate key as a syntax error (TOML forbids it, so does Codex)', () => {
    const r = parseToml('[mcp_servers.a]\ncommand = "x"\ncommand = "y"\n');
    assert.ok(!r.ok);
    assert.equal(r.problem.line, 3);
  });

  it('refuses deep inline nesting', () => {
    const r = parseToml(`a = ${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
  });

  it('splits dotted keys honouring quotes', () => {
    assert.deepEqual(splitKey('projects."/home/a.b"'), ['projects', '/home/a.b']);
    assert.deepEqual(splitKey("a.'b.c'.d"), ['a', 'b.c', 'd']);
  });

  it('keeps servers and env keys named constructor / __proto__ (Codex launches them) as own properties', () => {
    const r = parseToml('[mcp_servers.constructor]\ncommand = "a"\n[mcp_servers.__proto__]\ncommand = "b"\nenv = { __proto__ = "x", constructor = "y" }\n');
    assert.ok(r.ok);
    const v = r.value.value;
    assert.ok(typeof v === 'object' && v !== null && 'mcp_servers' in v);
    const servers = v.mcp_servers;
    assert.ok(typeof servers === 'object' && servers !== null);
    assert.deepEqual(Object.keys(servers), ['constructor', '__proto__']);
    assert.ok(Object.hasOwn(servers, '__proto__'));
    assert.equal(Object.getPrototypeOf(servers), null);
    assert.equal(Object.prototype.hasOwnProperty.call({}, 'command'), false);
  });

  it('locates root-level dotted keys by their full key', () => {
    const r = parseToml('model = "o3"\nmcp_servers.a.command = "x"\nmcp_servers.b.command = "y"\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcp_servers', 'a']), { line: 2, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 'b']), { line: 3, column: 1 });
    assert.deepEqual(r.value.locate(['mcp_servers', 'b', 'command']), { line: 3, column: 1 });
  });

  it('locates dotted keys inside a table by their full key', () => {
    const r = parseToml('[mcp_servers]\na.command = "x"\nb.command = "y"\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcp_servers', 'b']), { line: 3, column: 1 });
  });

  it('ignores header-looking lines inside multi-line strings', () => {
    for (const q of ['"""', "\'\'\'"]) {
      const r = parseToml(`notes = ${q}\n[mcp_servers.a]\nx = 1\n${q}\n\n[mcp_servers.a]\ncommand = "x"\n`);
      assert.ok(r.ok, q);
      assert.deepEqual(r.value.locate(['mcp_servers', 'a']), { line: 6, column: 1 }, q);
      assert.deepEqual(r.value.locate(['mcp_servers', 'a', 'command']), { line: 7, column: 1 }, q);
    }
  });

  it('locates a table defined only through its sub-table', () => {
    const r = parseToml('model = "o3"\n[mcp_servers.a.env]\nK = "v"\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcp_servers', 'a']), { line: 2, column: 1 });
  });

  it('reports errors in fixed words, never quoting the file', () => {
    for (const text of ['a = "ghp_Secret\n', '[x]\nghp_Secret = 1\nghp_Secret = 2\n', 'a = ghp_Secret\n', 'a = 1979-05-27Tghp\n']) {
      const r = parseToml(text);
      assert.ok(!r.ok, text);
      assert.doesNotMatch(r.problem.message, /ghp|Secret/);
      assert.match(r.problem.message, /^[A-Za-z ,:.-]+$/);
    }
  });
});
