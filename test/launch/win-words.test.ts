import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cmdWords, powershellWords } from '../../src/launch/win-words.js';

test('cmd: quotes group and are removed, ^ escapes, %VAR% marks the word', () => {
  const r = cmdWords('"C:\\Program Files\\nodejs\\npx.cmd" -y a^&b %APPDATA%\\x');
  assert.ok(r.ok);
  assert.deepEqual(r.value.map((w) => w.text), ['C:\\Program Files\\nodejs\\npx.cmd', '-y', 'a&b', '%APPDATA%\\x']);
  assert.equal(r.value[3]?.dynamic, 'variable expansion (%VAR%)');
  assert.equal(r.value[0]?.dynamic, undefined);
});

test('cmd: operators refuse, stderr redirection is dropped', () => {
  for (const [src, reason] of [['a & b', /command list/], ['a && b', /&&/], ['a | b', /pipe/], ['a > x', /stdout/], ['a < x', /stdin/]] as const) {
    const r = cmdWords(src);
    assert.ok(!r.ok, src);
    assert.match(r.problem.reason, reason);
  }
  const ok = cmdWords('a "x & y" 2>nul');
  assert.ok(ok.ok);
  assert.deepEqual(ok.value.map((w) => w.text), ['a', 'x & y']);
});

test('powershell: call operator, both quotes, backtick, variables', () => {
  const r = powershellWords(`& 'C:\\Program Files\\x\\mcptrust.exe' proxy "it""s" a\`$b $env:HOME`);
  assert.ok(r.ok);
  assert.deepEqual(r.value.map((w) => w.text), ['C:\\Program Files\\x\\mcptrust.exe', 'proxy', 'it"s', 'a$b', '$env:HOME']);
  assert.equal(r.value[3]?.dynamic, undefined);
  assert.match(r.value[4]?.dynamic ?? '', /variable/);
});

test('powershell: statements, pipes, subexpressions and script blocks refuse', () => {
  for (const src of ['a; b', 'a | b', 'a && b', 'a $(b)', 'a { b }', 'a @(1)', 'a > out', 'a --% b']) {
    const r = powershellWords(src);
    assert.ok(!r.ok, src);
  }
});
