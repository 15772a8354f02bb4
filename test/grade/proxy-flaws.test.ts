import assert from 'node:assert/strict';
import { test } from 'node:test';
import { versionClaim } from '../../src/grade/proxy-flaws.js';
import { ownRunnerFrame, specRelease } from '../../src/grade/release.js';
import type { Identified } from '../../src/grade/release.js';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpHangar } from '../../src/proxies/mcp-hangar.js';
import { mcpPin } from '../../src/proxies/mcp-pin.js';
import { mcpindexGate } from '../../src/proxies/mcpindex-gate.js';
import type { PinningProxy } from '../../src/proxies/types.js';
import { entry } from '../launch/entry-fixture.js';

/** The release as the grader identifies it, from a real entry through the launch stage. */
function identify(command: string, args: string[], proxy: PinningProxy): Identified {
  const chain = unwrap(entry({ command, args }));
  const frame = ownRunnerFrame(chain, proxy);
  return frame === undefined ? { ok: false, why: 'no runner frame' } : specRelease(frame, undefined);
}
const ids = (c: ReturnType<typeof versionClaim>): string[] => c.findings.map((f) => f.id);
const pin = (v: string): Identified => identify('npx', ['-y', `mcp-pin@${v}`, '--', 'node', 's.js'], mcpPin);
const gate = (v: string): Identified => identify('uvx', ['--from', `mcpindex-gate==${v}`, 'mcpindex-proxy', '--mcpindex-stdio'], mcpindexGate);

test('an exact release outside every range is proven, naming the pin, the ranges and the review', () => {
  const c = versionClaim(mcpPin, 's', pin('1.0.0'));
  assert.deepEqual(ids(c), []);
  assert.match(c.evidence?.[0] ?? '', /release 1\.0\.0 will run: the spec pins mcp-pin@1\.0\.0/);
  assert.match(c.evidence?.[1] ?? '', /outside every affected range .* below 0\.1\.5/);
  assert.match(c.evidence?.[2] ?? '', /advisories reviewed \d{4}-\d\d-\d\d in /);
});

test('PEP 440 ordering: pre- and dev-releases of the fixed release are affected, post-releases are not', () => {
  for (const v of ['0.16.1rc1', '0.16.1.dev0', '0.16.1a2', '0.16.0.post3']) assert.deepEqual(ids(versionClaim(mcpindexGate, 's', gate(v))), ['proxy-version-flawed'], v);
  for (const v of ['0.16.1', '0.16.1.post1', '0.17.0rc1', '1!0.1']) assert.deepEqual(ids(versionClaim(mcpindexGate, 's', gate(v))), [], v);
});

test('semver ordering: a pre-release of the fixed release is affected, the release itself is not', () => {
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('0.1.5-rc.1'))), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('0.1.5'))), []);
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('0.1.4'))), ['proxy-version-flawed']);
});

test('a range whose oldest release is affected is flawed; any other range is not identified', () => {
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('^0.1.2'))), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('~0.1.5'))), ['proxy-version-unknown']);
  assert.deepEqual(ids(versionClaim(mcpindexGate, 's', identify('uvx', ['--from', 'mcpindex-gate>=0.17', 'mcpindex-proxy'], mcpindexGate))), ['proxy-version-unknown']);
});

test('no release, @latest or a tag is not identified: not proven, with or without advisories', () => {
  assert.deepEqual(ids(versionClaim(mcpPin, 's', identify('npx', ['-y', 'mcp-pin', '--', 'node', 's.js'], mcpPin))), ['proxy-version-unknown']);
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('latest'))), ['proxy-version-unknown']);
  assert.deepEqual(ids(versionClaim(mcpPin, 's', pin('next'))), ['proxy-version-unknown']);
  // A module with no recorded advisory (Hangar's list emptied): still not proven.
  const clean = { ...mcpHangar, advisories: { ...mcpHangar.advisories, list: [] } };
  const hangar = versionClaim(clean, 's', identify('uvx', ['--from', 'mcp-hangar', 'mcp-hangar', 'serve'], clean));
  assert.deepEqual(ids(hangar), ['proxy-version-unknown']);
  assert.match(hangar.findings[0]?.message ?? '', /no flawed release is recorded \(advisories reviewed/);
  assert.equal(hangar.evidence, undefined);
});

test('a look-alike package is not the proxy: no runner frame of its own package', () => {
  const chain = unwrap(entry({ command: 'uvx', args: ['--from', 'mcpindex-gate-x==0.22.0', 'mcpindex-proxy'] }));
  assert.equal(ownRunnerFrame(chain, mcpindexGate), undefined);
});

test('an advisory range the release cannot be ordered against leaves the claim open', () => {
  // A module whose range endpoint is no release of its ecosystem: neither inside nor outside is known.
  const broken = { ...mcpPin, advisories: { ...mcpPin.advisories, list: mcpPin.advisories.list.map((a) => ({ ...a, affected: [{ introduced: '0', fixed: 'one-point-five' }] })) } };
  const c = versionClaim(broken, 's', pin('1.0.0'));
  assert.deepEqual(ids(c), ['proxy-version-unknown']);
  assert.match(c.findings[0]?.message ?? '', /cannot be ordered against/);
  assert.equal(c.evidence, undefined);
});

test('a flaw no release fixes holds for an exact pin and for an unidentified release alike', () => {
  const first = mcpPin.advisories.list[0];
  assert.ok(first !== undefined);
  const forever = { ...mcpPin, advisories: { ...mcpPin.advisories, list: [{ ...first, affected: [{ introduced: '0', fixed: null }] }] } };
  assert.deepEqual(ids(versionClaim(forever, 's', pin('9.9.9'))), ['proxy-version-flawed']);
  assert.deepEqual(ids(versionClaim(forever, 's', pin('latest'))), ['proxy-version-flawed']);
  // Introduced later and never fixed: releases before it are outside, releases from it on are flawed.
  const later = { ...mcpPin, advisories: { ...mcpPin.advisories, list: [{ ...first, affected: [{ introduced: '2.0.0', fixed: null }] }] } };
  assert.deepEqual(ids(versionClaim(later, 's', pin('1.0.0'))), []);
  assert.deepEqual(ids(versionClaim(later, 's', pin('2.0.0'))), ['proxy-version-flawed']);
});

test('an advisory of another ecosystem does not decide a release of this one, nor prove it', () => {
  const npmOnly = mcpindexGate.advisories.list.map((a) => ({ ...a, ecosystem: 'npm' as const }));
  const moved = { ...mcpindexGate, advisories: { ...mcpindexGate.advisories, list: npmOnly } };
  const c = versionClaim(moved, 's', gate('0.16.0'));
  assert.deepEqual(ids(c), []);
  assert.match(c.evidence?.[1] ?? '', /lists no flawed pypi release/);
});
