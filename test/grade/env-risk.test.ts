import { test } from 'node:test';
import assert from 'node:assert/strict';
import { envRiskFindings } from '../../src/grade/env-risk.js';
import { unwrap } from '../../src/launch/unwrap.js';
import { recognize } from '../../src/grade/grade.js';
import { argvEntry } from '../launch/entry-fixture.js';

const GATE = ['uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx'];

function ids(env: Record<string, string | null>, platform: 'linux' | 'win32', home: string, argv: readonly string[] = GATE): string[] {
  const e = argvEntry(argv, { name: 'fs', env });
  const chain = unwrap(e);
  const found = recognize(chain, e);
  assert.ok(found !== undefined);
  return envRiskFindings(chain, found.rec, { home, platform, server: 'fs' }).map((f) => `${f.id}:${f.data['name'] ?? ''}`);
}

test('win32: names are case-insensitive; any spelling a host may pass on is judged', () => {
  const home = 'C:\\Users\\me';
  assert.deepEqual(ids({ UserProfile: home, USERPROFILE: 'C:\\evil' }, 'win32', home), ['env-home-override:USERPROFILE']);
  assert.deepEqual(ids({ USERPROFILE: 'C:\\evil', UserProfile: home }, 'win32', home), ['env-home-override:USERPROFILE']);
  assert.deepEqual(ids({ UserProfile: home, USERPROFILE: 'c:\\users\\ME\\' }, 'win32', home), []);
  // On POSIX they are two variables: `UserProfile` is not folded into USERPROFILE.
  assert.deepEqual(ids({ UserProfile: '/tmp/evil' }, 'linux', '/home/me'), []);
});

test('the last assignment wins: a later env prefix overrides the entry env and earlier prefixes', () => {
  const home = '/home/me';
  assert.deepEqual(ids({ HOME: '/tmp/evil' }, 'linux', home, ['env', `HOME=${home}`, ...GATE]), []);
  assert.deepEqual(ids({ HOME: home }, 'linux', home, ['env', 'HOME=/tmp/evil', ...GATE]), ['env-home-override:HOME']);
  assert.deepEqual(ids({}, 'linux', home, ['env', 'MCPINDEX_STATE_DIR=/tmp/evil', 'MCPINDEX_STATE_DIR=', ...GATE]), ['env-override-inert:MCPINDEX_STATE_DIR']);
});

test('shell start-up variables: only when set before a POSIX shell frame', () => {
  const home = '/home/me';
  const line = GATE.join(' ');
  assert.deepEqual(ids({ ENV: '/tmp/e.sh' }, 'linux', home, ['sh', '-c', line]), ['env-code-injection:ENV']);
  assert.deepEqual(ids({}, 'linux', home, ['env', 'BASH_ENV=/tmp/e.sh', 'bash', '-c', line]), ['env-code-injection:BASH_ENV']);
  assert.deepEqual(ids({ BASH_ENV: '/tmp/e.sh' }, 'linux', home, ['env', '-u', 'BASH_ENV', 'bash', '-c', line]), []);
  assert.deepEqual(ids({ BASH_ENV: '/tmp/e.sh' }, 'linux', home), [], 'no shell in the chain: nothing reads it');
});
