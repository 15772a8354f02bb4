/**
 * The stored launch line never carries an env value: an opaque shell line's `KEY=value` words are
 * masked in the graded row, in redactArgv, and so in the JSON the real CLI prints.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { gradeEntry } from '../../src/grade/grade.js';
import { maskAssignments, redactArgv, REDACTED } from '../../src/shared/redact.js';
import { materializeHome } from '../helpers/materialize.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { ARTIFACT_FILES } from '../../src/grade/stores/artifact-files.js';
import { STORE_FILES } from '../../src/grade/stores/files.js';

const SECRET = 'sk-live-SECRET1';
const LINE = `API_KEY=${SECRET} npx -y srv | tee /tmp/log`;
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));

test('maskAssignments: values of NAME=value words go, names and the rest stay', () => {
  assert.equal(maskAssignments(LINE), `API_KEY=${REDACTED} npx -y srv | tee /tmp/log`);
  assert.equal(maskAssignments(`A="x y" B='z' && set C=${SECRET}&& run --flag=keep`), `A=${REDACTED} B=${REDACTED} && set C=${REDACTED}&& run --flag=keep`);
  assert.equal(maskAssignments('https://h/p?token=abc'), 'https://h/p?token=abc', 'URL query parameters are redactUrl\'s');
});

test('redactArgv masks NAME=value args and NAME=value words inside a spaced arg', () => {
  assert.deepEqual(redactArgv(['env', `API_KEY=${SECRET}`, 'srv']), ['env', `API_KEY=${REDACTED}`, 'srv']);
  assert.deepEqual(redactArgv([LINE]), [`API_KEY=${REDACTED} npx -y srv | tee /tmp/log`]);
  assert.deepEqual(redactArgv(['--upstream-arg=-y', 'plain']), ['--upstream-arg=-y', 'plain']);
});

function shEntry(home: string): ServerEntry {
  const file = `${home}/.cursor/mcp.json`;
  return {
    host: 'cursor', scope: 'user', configPath: file, name: 'leaky', origin: { file, pointer: '/mcpServers/leaky', line: 1, column: 1 },
    transport: 'stdio', command: 'sh', args: ['-c', LINE], env: {}, envOrigins: {}, headers: {}, disabled: false, raw: {},
  };
}

test('the graded row of an opaque shell line holds no env value', async () => {
  const home = await materializeHome({});
  const rows = await gradeEntry(shEntry(home),
    { home, platform: 'linux', auditRoot: true, uid: process.getuid?.(), user: os.userInfo().username, userName: (uid: number) => `uid ${uid}`, artifactFiles: ARTIFACT_FILES, storeFiles: STORE_FILES });
  assert.ok(!JSON.stringify(rows).includes(SECRET), JSON.stringify(rows.map((r) => r.launch)));
});

test('the CLI JSON never contains the secret', async () => {
  const config = JSON.stringify({ mcpServers: { leaky: { command: 'sh', args: ['-c', LINE] }, exec: { command: 'env', args: [`API_KEY=${SECRET}`, 'npx', '-y', 'srv'] } } });
  const home = await materializeHome({ '.cursor/mcp.json': config });
  const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json', '--no-project-scan'], { encoding: 'utf8' });
  assert.ok(r.stdout.includes('leaky'), r.stderr);
  assert.ok(!r.stdout.includes(SECRET) && !r.stderr.includes(SECRET), 'secret printed');
  assert.ok(r.stdout.includes('API_KEY'), 'the variable name is still shown');
});
