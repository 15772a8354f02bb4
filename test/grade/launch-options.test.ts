import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchOptionFindings } from '../../src/grade/launch-options.js';
import { recognize } from '../../src/grade/grade.js';
import { unwrap } from '../../src/launch/unwrap.js';
import { argvEntry } from '../launch/entry-fixture.js';
import type { LaunchCwd } from '../../src/parse/types.js';

const HOME = '/home/me';

/** `cwd`: the entry's own cwd; `launchCwd`: where the host starts it (default: the trusted home; null: not known). */
function whats(argv: readonly string[], cwd?: string, launchCwd: LaunchCwd | null = { kind: 'home' }): string[] {
  const e = { ...argvEntry(argv, { name: 'fs', ...(cwd === undefined ? {} : { cwd }) }), ...(launchCwd === null ? {} : { launchCwd }) };
  const chain = unwrap(e);
  const found = recognize(chain, e);
  assert.ok(found !== undefined, argv.join(' '));
  const by = found.by;
  assert.ok(by.pins, 'a pinning proxy');
  return launchOptionFindings(chain, by, e, { platform: 'linux', home: HOME }).map((f) => f.data['what'] ?? '');
}

const UP = ['--mcpindex-stdio', '--upstream-command', 'npx'];

test('documented launches carry no launch option finding', () => {
  assert.deepEqual(whats(['uvx', '--from', 'mcpindex-gate==0.9.2', 'mcpindex-proxy', ...UP]), []);
  assert.deepEqual(whats(['/opt/bin/uvx', '--from', 'mcpindex-gate', 'python', '-m', 'tooling.cse.proxy', ...UP]), []);
  assert.deepEqual(whats(['npx', '-y', 'mcp-pin@0.2.0', '--', 'node', 'w.js']), []);
  assert.deepEqual(whats(['bash', '-lc', `exec uvx --from mcpindex-gate mcpindex-proxy ${UP.join(' ')}`]), []);
  assert.deepEqual(whats(['bash', '--rcfile', '/tmp/r', '-c', `exec uvx --from mcpindex-gate mcpindex-proxy ${UP.join(' ')}`]), [], 'no -i: no rc file');
});

test('extra npm packages and rc files (runner options: environment.test.ts; a foreign package: the program claim, artifact.ts)', () => {
  assert.match(whats(['npx', '-p', 'evil', '-p', 'mcp-pin', 'mcp-pin', '--', 'node', 'w.js']).join(), /adds package evil/);
  assert.match(whats(['bash', '--rcfile', '/tmp/r', '-ic', `exec mcpindex-proxy ${UP.join(' ')}`]).join(), /--rcfile and -i/);
});

