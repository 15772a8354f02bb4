import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cacheFileBytes, compileBundle, loadBundle } from '../../src/cli/code-cache.js';
import { tempDir } from '../helpers/materialize.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';

/** The built bundle and its build-time V8 code cache (`npm run build` made both). */
const BUNDLE = path.join(REPO, 'dist/src/cli/main.cjs');

describe('the bundle code cache', () => {
  it('the cache the build made matches the bundle and V8 accepts it', () => {
    assert.equal(compileBundle(BUNDLE).cache, 'used');
  });

  it('a cache made for other bytes is not used (V8 itself checks only the length), absent is absent', async () => {
    const dir = await tempDir('mcp-audit-code-cache');
    const bundle = path.join(dir, 'main.cjs');
    const source = readFileSync(BUNDLE, 'utf8');
    // Same length, one byte different: V8 would accept the cache; the hash header refuses it.
    writeFileSync(bundle, source.replace('mcp-audit', 'mcp-audiT'));
    copyFileSync(`${BUNDLE}.cache`, `${bundle}.cache`);
    assert.equal(compileBundle(bundle).cache, 'stale');
    assert.equal(compileBundle(bundle, path.join(dir, 'none')).cache, 'absent');
  });

  it('a cache with the right header but damaged V8 data is rejected and the bundle still runs', async () => {
    const dir = await tempDir('mcp-audit-code-cache');
    const bundle = path.join(dir, 'main.cjs');
    copyFileSync(BUNDLE, bundle);
    const good = cacheFileBytes(compileBundle(BUNDLE));
    const bad = Buffer.from(good);
    bad.fill(7, 72, 232);
    writeFileSync(`${bundle}.cache`, bad);
    const compiled = compileBundle(bundle);
    assert.equal(compiled.cache, 'rejected');
    const exported = compiled.evaluate();
    assert.ok(typeof exported === 'object' && exported !== null && typeof Reflect.get(exported, 'main') === 'function');
  });

  it('the installed entry point compiles the bundle with the cache and V8 accepts it (no flag of its own changes V8)', async () => {
    // A preloaded script reports what each vm.Script with cached data made of it.
    const dir = await tempDir('mcp-audit-code-cache');
    const preload = path.join(dir, 'watch.cjs');
    writeFileSync(preload, `const vm = require('node:vm');
const fs = require('node:fs');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) { super(code, options); if (options && options.cachedData) fs.writeSync(2, 'CACHE ' + (this.cachedDataRejected ? 'rejected' : 'accepted') + '\\n'); }
};
const v8 = require('node:v8');
const set = v8.setFlagsFromString;
v8.setFlagsFromString = function (flag) { fs.writeSync(2, 'FLAG ' + flag + '\\n'); return set.call(this, flag); };
`);
    const r = spawnSync(process.execPath, ['--require', preload, path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--root', fixtureHome('linux'), '--format', 'json'], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter((l) => l.startsWith('CACHE ') || l.startsWith('FLAG ')), ['CACHE accepted']);
  });

  it('a cache made by another V8 is not handed to V8: the bundle is loaded as a module (Node\'s compile cache, where it has one)', async () => {
    const dir = await tempDir('mcp-audit-code-cache');
    const bundle = path.join(dir, 'main.cjs');
    copyFileSync(BUNDLE, bundle);
    const good = cacheFileBytes(compileBundle(BUNDLE));
    const other = Buffer.from(good);
    other.fill(0, 32, 64);
    writeFileSync(`${bundle}.cache`, other);
    assert.equal(compileBundle(bundle).cache, 'other-node');
    const loaded = loadBundle(bundle);
    assert.deepEqual([loaded.cache, loaded.by], ['other-node', 'module-loader']);
    assert.ok(typeof loaded.exports === 'object' && loaded.exports !== null && typeof Reflect.get(loaded.exports, 'main') === 'function');
    const same = loadBundle(BUNDLE);
    assert.deepEqual([same.cache, same.by], ['used', 'code-cache']);
  });

  it('the installed entry point runs through it and scans', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--root', fixtureHome('linux'), '--format', 'json'], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.equal(r.stderr.includes('ExperimentalWarning'), false);
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries) && report.entries.length > 0);
  });
});
