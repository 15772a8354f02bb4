import assert from 'node:assert/strict';
import { test } from 'node:test';
import { versionClaim } from '../../src/grade/proxy-flaws.js';
import { mcpHangar } from '../../src/proxies/mcp-hangar.js';
import { mcpPin } from '../../src/proxies/mcp-pin.js';
import { mcpindexGate } from '../../src/proxies/mcpindex-gate.js';
import type { Recognition } from '../../src/proxies/types.js';

const rec = (version?: string): Recognition => ({
  proxy: 'mcp-pin', pins: true, runtime: 'node', mode: 'approve', blocking: true, bareName: true, serverId: 's',
  store: { kind: 'default' }, ...(version !== undefined ? { version } : {}),
});
const ids = (c: ReturnType<typeof versionClaim>): string[] => c.findings.map((f) => f.id);

test('a release outside every advisory range is proven, with the ranges named', () => {
  const c = versionClaim(rec('1.0.0'), mcpPin, 's');
  assert.deepEqual(ids(c), []);
  assert.match(c.evidence ?? '', /release 1\.0\.0 .* outside every advisory range: below 0\.1\.5/);
  assert.deepEqual(ids(versionClaim(rec('0.16.1'), mcpindexGate, 's')), []);
});

test('a release inside a range is flawed; a range reaching into one is read at its oldest release', () => {
  assert.deepEqual(ids(versionClaim(rec('0.1.4'), mcpPin, 's')), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(rec('^0.1.2'), mcpPin, 's')), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(rec('0.13.2'), mcpindexGate, 's')), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(rec('~0.1.5'), mcpPin, 's')), []);
});

test('no release named, or one that cannot be read: not proven when the proxy has an advisory', () => {
  assert.deepEqual(ids(versionClaim(rec(), mcpPin, 's')), ['proxy-version-unknown']);
  assert.deepEqual(ids(versionClaim(rec('next'), mcpPin, 's')), ['proxy-version-unknown']);
  const latest = versionClaim(rec('latest'), mcpPin, 's');
  assert.deepEqual(ids(latest), []);
  assert.match(latest.evidence ?? '', /@latest/);
});

test('a proxy with no advisory: any release is proven, and the evidence says why', () => {
  const c = versionClaim(rec(), mcpHangar, 's');
  assert.deepEqual(ids(c), []);
  assert.match(c.evidence ?? '', /no advisory or documented flaw is recorded for mcp-hangar/);
});
