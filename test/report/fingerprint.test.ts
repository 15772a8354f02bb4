import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { fingerprint, fingerprintOf, isUnderHome, relativeToHome } from '../../src/report/fingerprint.js';
import type { FingerprintInput } from '../../src/report/fingerprint.js';
import { loadSample, SAMPLE_HOME } from './sample.js';
import { wellFormed } from '../../src/shared/text.js';
import { toSlashes } from '../../src/shared/paths.js';

const base: FingerprintInput = {
  ruleId: 'pin-store-planted', host: 'claude-desktop', scope: 'user',
  file: '.config/Claude/claude_desktop_config.json', server: 'github',
};

test('fingerprint is sha256 of the sorted-key compact JSON of the five fields', () => {
  const canonical = '{"file":".config/Claude/claude_desktop_config.json","host":"claude-desktop",'
    + '"ruleId":"pin-store-planted","scope":"user","server":"github"}';
  assert.equal(fingerprint(base), createHash('sha256').update(canonical).digest('hex'));
});

test('fingerprint is stable: same inputs in any key order give the same hash', () => {
  const reordered: FingerprintInput = { server: 'github', file: base.file, scope: 'user', host: 'claude-desktop', ruleId: 'pin-store-planted' };
  assert.equal(fingerprint(reordered), fingerprint(base));
  assert.match(fingerprint(base), /^[0-9a-f]{64}$/);
});

test('fingerprint changes with the server name, the rule, the scope and the file', () => {
  const fp = fingerprint(base);
  assert.notEqual(fingerprint({ ...base, server: 'github2' }), fp);
  assert.notEqual(fingerprint({ ...base, ruleId: 'no-pinning-proxy' }), fp);
  assert.notEqual(fingerprint({ ...base, scope: 'project' }), fp);
  assert.notEqual(fingerprint({ ...base, file: '.cursor/mcp.json' }), fp);
  assert.notEqual(fingerprint({ ...base, subject: 'wiki' }), fp);
});

test('fingerprint treats backslash and slash separators alike', () => {
  assert.equal(fingerprint({ ...base, file: '.config\\Claude\\claude_desktop_config.json' }), fingerprint(base));
});

test('fingerprintOf ignores message text, data and location; uses the entry config file relative to home', () => {
  const report = loadSample();
  const entry = report.entries.find((e) => e.name === 'github');
  const f = entry?.findings[0];
  assert.ok(entry !== undefined && f !== undefined);
  // pin-store-planted's identity is the planted path (a review binds to it); every other data field is ignored.
  const reworded = { ...f, message: 'completely different words', data: { path: f.data['path'] ?? '' }, location: { path: '/elsewhere', line: 1, column: 1 } };
  assert.equal(fingerprintOf(reworded, entry, SAMPLE_HOME), f.fingerprint);
  assert.equal(fingerprintOf(f, entry, SAMPLE_HOME), fingerprint({ ...base, subject: '/tmp/pins/github.json' }));
  assert.notEqual(fingerprintOf({ ...f, data: { ...f.data, path: '/tmp/pins/other.json' } }, entry, SAMPLE_HOME), f.fingerprint);
  assert.notEqual(fingerprintOf(f, { ...entry, name: 'gitlab' }, SAMPLE_HOME), f.fingerprint);
});

test('fingerprintOf is independent of where the home is (the same dotfiles on another machine)', () => {
  const report = loadSample();
  const entry = report.entries.find((e) => e.name === 'github');
  const f = entry?.findings[0];
  assert.ok(entry !== undefined && f !== undefined);
  const moved = { ...entry, configPath: entry.configPath.replace(SAMPLE_HOME, '/Users/alice') };
  assert.equal(fingerprintOf(f, moved, '/Users/alice/'), f.fingerprint);
});

test('every fingerprint in the sample report is what fingerprintOf computes', () => {
  const report = loadSample();
  for (const e of report.entries) for (const f of e.findings) assert.equal(f.fingerprint, fingerprintOf(f, e, SAMPLE_HOME), `${e.name} ${f.id}`);
  for (const f of report.findings) assert.equal(f.fingerprint, fingerprintOf(f, undefined, SAMPLE_HOME), f.id);
  const hangar = report.entries.filter((e) => e.name === 'hangar');
  assert.equal(hangar.length, 2);
});

test('relativeToHome strips the home prefix only at a path boundary', () => {
  assert.equal(relativeToHome('/home/alice/.cursor/mcp.json', '/home/alice'), '.cursor/mcp.json');
  assert.equal(relativeToHome('/home/alice/.cursor/mcp.json', '/home/alice/'), '.cursor/mcp.json');
  assert.equal(relativeToHome('/home/alicex/.cursor/mcp.json', '/home/alice'), '/home/alicex/.cursor/mcp.json');
  assert.equal(relativeToHome('C:\\Users\\Al\\.cursor\\mcp.json', 'c:\\Users\\Al'), '.cursor/mcp.json');
  assert.ok(!isUnderHome('/etc/mcp.json', '/home/alice'));
  assert.ok(isUnderHome('/home/alice/x', '/home/alice'));
});

test('fingerprint hashes the RFC 8785 form the canonicalize package gives, for awkward text and with or without a subject', async () => {
  const { default: canonicalize } = await import('canonicalize');
  const texts = ['github', '', 'a"b\\c', 'tab\there', 'line\nbreak', '\u0000\u001f\u007f', 'émoji 🎉', '\u2028\u2029', 'a\ud800b', '\udfff', '~/x/y'];
  let n = 0;
  for (const t of texts) {
    for (const subject of [undefined, t, `up\u001f${t}`]) {
      const input: FingerprintInput = { ruleId: `rule-${n}`, host: t, scope: n % 2 === 0 ? null : t, file: n % 3 === 0 ? null : `dir/${t}`, server: t, ...(subject !== undefined ? { subject } : {}) };
      // The package's form of the same subject (file `/`-separated and lone surrogates spelled out first, as fingerprint() does).
      const wf = (v: string | null): string | null => (v === null ? null : wellFormed(v));
      const plain: Record<string, string | null> = { ruleId: input.ruleId, host: wf(input.host), scope: wf(input.scope), file: input.file === null ? null : wf(toSlashes(input.file)), server: wf(input.server) };
      if (input.subject !== undefined) plain['subject'] = wf(input.subject);
      const text = canonicalize(plain);
      assert.ok(text !== undefined);
      assert.equal(fingerprint(input), createHash('sha256').update(text, 'utf8').digest('hex'), JSON.stringify(input));
      n += 1;
    }
  }
  assert.equal(n, texts.length * 3);
});
