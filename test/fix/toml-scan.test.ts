import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanToml } from '../../src/fix/toml-scan.js';

test('TOML scanner: multi-line strings, arrays of tables and dotted keys get their paths', () => {
  const t = 'a = """x\n[not.a.header]\n"""\n[[mcp_servers]]\nname = "one"\n[mcp_servers.env]\nK = "v"\n[[mcp_servers]]\nname = "two"\n';
  const s = scanToml(t);
  assert.ok(s !== undefined);
  assert.deepEqual(s.map((x) => x.path), [['a'], ['mcp_servers', 0], ['mcp_servers', 0, 'name'], ['mcp_servers', 0, 'env'], ['mcp_servers', 0, 'env', 'K'], ['mcp_servers', 1], ['mcp_servers', 1, 'name']]);
  assert.equal(scanToml('a = [1,\n'), undefined, 'an unterminated array: the scanner gives up');
});
