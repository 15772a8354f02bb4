import { test } from 'node:test';
import assert from 'node:assert/strict';
import { npmSpec, pypiName, pypiSpec } from '../../src/launch/package-spec.js';

test('npm specs', () => {
  assert.deepEqual(npmSpec('mcp-remote@0.1.15'), { ecosystem: 'npm', name: 'mcp-remote', version: '0.1.15' });
  assert.deepEqual(npmSpec('mcp-remote'), { ecosystem: 'npm', name: 'mcp-remote' });
  assert.deepEqual(npmSpec('@scope/pkg@latest'), { ecosystem: 'npm', name: '@scope/pkg', version: 'latest' });
  assert.deepEqual(npmSpec('@scope/pkg'), { ecosystem: 'npm', name: '@scope/pkg' });
  assert.deepEqual(npmSpec('npm:mcp-pin@0.2.0'), { ecosystem: 'npm', name: 'mcp-pin', version: '0.2.0' });
  assert.deepEqual(npmSpec('github:user/repo'), { ecosystem: 'npm', name: 'github:user/repo' });
  assert.deepEqual(npmSpec('./local@x'), { ecosystem: 'npm', name: './local@x' });
});

test('PyPI specs', () => {
  assert.deepEqual(pypiSpec('mcpindex-gate==0.9.2'), { ecosystem: 'pypi', name: 'mcpindex-gate', version: '0.9.2' });
  assert.deepEqual(pypiSpec('mcpindex-gate'), { ecosystem: 'pypi', name: 'mcpindex-gate' });
  assert.deepEqual(pypiSpec('mcp-hangar@2.34.4'), { ecosystem: 'pypi', name: 'mcp-hangar', version: '2.34.4' });
  assert.deepEqual(pypiSpec('pkg[extra]>=1.0'), { ecosystem: 'pypi', name: 'pkg', version: '>=1.0' });
  assert.deepEqual(pypiSpec('git+https://github.com/a/b'), { ecosystem: 'pypi', name: 'git+https://github.com/a/b' });
  assert.equal(pypiName('MCPIndex_Gate'), 'mcpindex-gate');
  assert.equal(pypiName('mcp.hangar'), 'mcp-hangar');
});
