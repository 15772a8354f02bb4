import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatRule, formatRuleList, suggestRules } from '../../../src/cli/commands/explain.js';
import type { Io } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/run.js';
import { RULES } from '../../../src/rules/index.js';
import { suppressionExpired } from '../../../src/rules/suppression-expired.js';

function fakeIo(): { io: Io; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: Io = {
    stdout: { write: (t: string) => { out += t; return true; } },
    stderr: { write: (t: string) => { err += t; return true; } },
    readStdin: async () => '',
    env: { platform: 'linux', vars: {}, cwd: '/nowhere', uid: 1000, now: () => new Date('2026-01-01T00:00:00Z') },
  };
  return { io, out: () => out, err: () => err };
}

test('explain <id> prints title, severity, grade effect, meaning, why, fix and example; exit 0', async () => {
  const { io, out } = fakeIo();
  assert.equal(await run(['explain', 'suppression-expired'], io), 0);
  const text = out();
  assert.ok(text.startsWith(`suppression-expired: ${suppressionExpired.title}\n`));
  assert.match(text, /^Severity: +medium$/m);
  assert.match(text, /^Grade effect: +none \(reported; the grade is unchanged\)$/m);
  for (const heading of ['What it means', 'Why it matters', 'How to fix', 'Example']) assert.match(text, new RegExp(`^${heading}$`, 'm'));
  assert.match(text, /^ {2}- fingerprint: 3f1c…e9a0$/m, 'a multi-line example keeps its lines');
  assert.match(text.replace(/\n {2}/g, ' '), /Expiry dates are how an accepted risk gets looked at again\./);
});

test('explain --list lists every catalogue id with its title', async () => {
  const { io, out } = fakeIo();
  assert.equal(await run(['explain', '--list'], io), 0);
  const lines = out().trimEnd().split('\n');
  assert.equal(lines.length, RULES.length);
  for (const rule of RULES) assert.ok(lines.some((l) => l.startsWith(`${rule.id} `) && l.endsWith(rule.title)), rule.id);
});

test('explain of an unknown id exits 2 with a suggestion', async () => {
  const { io, out, err } = fakeIo();
  assert.equal(await run(['explain', 'suppresion-expired'], io), 2);
  assert.equal(out(), '');
  assert.match(err(), /unknown rule "suppresion-expired"\. Did you mean suppression-expired\?/);
});

test('explain with neither an id nor --list is a usage error (exit 2)', async () => {
  const { io, err } = fakeIo();
  assert.equal(await run(['explain'], io), 2);
  assert.match(err(), /name a rule id, or use --list/);
});

test('suggestRules finds near misses and substrings, and nothing for unrelated words', () => {
  assert.deepEqual(suggestRules('suppression', [suppressionExpired]), ['suppression-expired']);
  assert.deepEqual(suggestRules('zzzz', [suppressionExpired]), []);
});

test('formatRule marks a deprecated rule; formatRuleList aligns ids', () => {
  const old = { ...suppressionExpired, deprecated: { since: '0.2.0', replacedBy: 'other-rule' } };
  assert.match(formatRule(old), /^Deprecated: +since 0\.2\.0, replaced by other-rule$/m);
  const list = formatRuleList([suppressionExpired, { ...suppressionExpired, id: 'a' }]);
  assert.equal(list.split('\n')[1]?.indexOf('medium'), list.split('\n')[0]?.indexOf('medium'));
});
