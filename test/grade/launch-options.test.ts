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
  return launchOptionFindings(chain, found.rec.proxy, e, { platform: 'linux', home: HOME }).map((f) => f.data['what'] ?? '');
}

const UP = ['--mcpindex-stdio', '--upstream-command', 'npx'];

test('documented launches carry no launch option finding', () => {
  assert.deepEqual(whats(['uvx', '--from', 'mcpindex-gate==0.9.2', 'mcpindex-proxy', ...UP]), []);
  assert.deepEqual(whats(['/opt/bin/uvx', '--from', 'mcpindex-gate', 'python', '-m', 'tooling.cse.proxy', ...UP]), []);
  assert.deepEqual(whats(['npx', '-y', 'mcp-pin@0.2.0', '--', 'node', 'w.js']), []);
  assert.deepEqual(whats(['bash', '-lc', `exec uvx --from mcpindex-gate mcpindex-proxy ${UP.join(' ')}`]), []);
  assert.deepEqual(whats(['bash', '--rcfile', '/tmp/r', '-c', `exec uvx --from mcpindex-gate mcpindex-proxy ${UP.join(' ')}`]), [], 'no -i: no rc file');
});

test('runner options, foreign packages and rc files', () => {
  assert.match(whats(['uvx', '--from', 'evil-gate', 'mcpindex-proxy', ...UP]).join(), /from package evil-gate, not mcpindex-gate/);
  assert.match(whats(['uvx', 'mcpindex-proxy', ...UP]).join(), /from package mcpindex-proxy/);
  assert.match(whats(['uvx', '--python', '/tmp/py', '--from', 'mcpindex-gate', 'mcpindex-proxy', ...UP]).join(), /--python/);
  assert.match(whats(['uv', '--directory', '/tmp/evil', 'tool', 'run', '--from', 'mcpindex-gate', 'mcpindex-proxy', ...UP]).join(), /--directory/);
  assert.match(whats(['pipx', 'run', '--spec', 'evil', 'mcpindex-proxy', ...UP]).join(), /from package evil/);
  assert.match(whats(['npx', '-p', 'evil', '-p', 'mcp-pin', 'mcp-pin', '--', 'node', 'w.js']).join(), /adds package evil/);
  assert.match(whats(['bash', '--rcfile', '/tmp/r', '-ic', `exec mcpindex-proxy ${UP.join(' ')}`]).join(), /--rcfile and -i/);
});

test('cwd with python -m (mcpindex, context-protector) or uv run; -P / -I keep cwd off sys.path', () => {
  const expected = ['sets cwd while starting the proxy with python -m, which imports the module from the working directory first'];
  assert.deepEqual(whats(['uvx', '--from', 'mcpindex-gate', 'python', '-m', 'tooling.cse.proxy', ...UP], '/tmp/evil'), expected);
  assert.deepEqual(whats(['python3', '-m', 'contextprotector', '--command-args', 'node', 's.js'], '/tmp/evil'), expected);
  assert.deepEqual(whats(['python3', '-I', '-m', 'contextprotector', '--command-args', 'node', 's.js'], '/tmp/evil'), []);
  assert.deepEqual(whats(['python3', '-m', 'contextprotector', '--command-args', 'node', 's.js']), []);
  assert.match(whats(['uv', 'run', 'mcp-context-protector', '--command-args', 'node', 's.js'], '/tmp/evil').join(), /uv run/);
  assert.deepEqual(whats(['uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', ...UP], '/tmp/evil'), [], 'a console script does not read cwd');
  assert.deepEqual(whats(['python3', '-m', 'contextprotector', '--command-args', 'node', 's.js'], HOME), [], 'cwd = the trusted home');
});

test('python -m, npx and uv run need a working directory proven to be the trusted home', () => {
  const pm = ['python3', '-m', 'contextprotector', '--command-args', 'node', 's.js'];
  assert.match(whats(pm, undefined, null).join(), /python -m, .* a working directory mcp-audit does not know/);
  assert.match(whats(pm, undefined, { kind: 'unknown', why: 'x' }).join(), /does not know/);
  assert.match(whats(pm, undefined, { kind: 'project', path: '/repo' }).join(), /the project directory/);
  assert.deepEqual(whats(pm, undefined, { kind: 'explicit', path: HOME }), []);
  assert.match(whats(pm, undefined, { kind: 'explicit', path: '/repo' }).join(), /sets cwd/);
  assert.match(whats(['npx', '-y', 'mcp-pin@0.2.0', '--', 'node', 'w.js'], undefined, null).join(), /npx, which runs a bin from the working directory/);
  assert.match(whats(['uv', 'run', 'mcp-context-protector', '--command-args', 'node', 's.js'], undefined, null).join(), /uv run, which takes its project/);
  assert.deepEqual(whats(['uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', ...UP], undefined, null), [], 'uvx: a console script from the tool environment');
});
