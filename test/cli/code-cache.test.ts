import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cacheFileBytes, compileBundle } from '../../src/cli/code-cache.js';
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
    bad.fill(7, 40, 200);
    writeFileSync(`${bundle}.cache`, bad);
    const compiled = compileBundle(bundle);
    assert.equal(compiled.cache, 'rejected');
    const exported = compiled.evaluate();
    assert.ok(typeof exported === 'object' && exported !== null && typeof Reflect.get(exported, 'main') === 'function');
  });

  it('the installed entry point compiles the bundle with the cache and V8 accepts it: the flags it runs under are the build\'s', async () => {
    // A preloaded script reports what each vm.Script with cached data made of it.
    const dir = await tempDir('mcp-audit-code-cache');
    const preload = path.join(dir, 'watch.cjs');
    writeFileSync(preload, `const vm = require('node:vm');
const fs = require('node:fs');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) { super(code, options); if (options && options.cachedData) fs.writeSync(2, 'CACHE ' + (this.cachedDataRejected ? 'rejected' : 'accepted') + '\\n'); }
};
`);
    const r = spawnSync(process.execPath, ['--require', preload, path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--root', fixtureHome('linux'), '--format', 'json'], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter((l) => l.startsWith('CACHE ')), ['CACHE accepted']);
  });

  it('a scan loads no Node built-in after the CLI sets V8\'s flags (their own code cache would be refused)', async () => {
    // A preloaded script notes how many modules were loaded when the flags were first set.
    const dir = await tempDir('mcp-audit-code-cache');
    const preload = path.join(dir, 'flags.cjs');
    writeFileSync(preload, `const v8 = require('node:v8');
const fs = require('node:fs');
const set = v8.setFlagsFromString;
let at;
v8.setFlagsFromString = function (flag) { at ??= process.moduleLoadList.length; return set.call(this, flag); };
process.on('exit', () => fs.writeSync(2, 'AFTER ' + JSON.stringify(at === undefined ? null : process.moduleLoadList.slice(at).filter((m) => m.startsWith('NativeModule '))) + '\\n'));
`);
    const bin = path.join(REPO, 'dist/src/cli/bin.cjs');
    const out = path.join(dir, 'out.txt');
    for (const format of ['json', 'table', 'sarif']) {
      for (const toFile of [false, true]) {
        const fd = toFile ? openSync(out, 'w') : undefined;
        let r: ReturnType<typeof spawnSync>;
        try {
          r = spawnSync(process.execPath, ['--require', preload, bin, 'scan', '--root', fixtureHome('linux'), '--format', format], {
            encoding: 'utf8', stdio: ['ignore', fd ?? 'pipe', 'pipe'],
          });
        } finally {
          if (fd !== undefined) closeSync(fd);
        }
        assert.ok(r.status === 0 || r.status === 1, String(r.stderr));
        assert.deepEqual(String(r.stderr).split('\n').filter((l) => l.startsWith('AFTER ')), ['AFTER []'], `${format}${toFile ? ' to a file' : ''}`);
      }
    }
  });

  it('the installed entry point runs through it and scans', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--root', fixtureHome('linux'), '--format', 'json'], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.equal(r.stderr.includes('ExperimentalWarning'), false);
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries) && report.entries.length > 0);
  });
});
