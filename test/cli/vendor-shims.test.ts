import assert from 'node:assert/strict';
import * as nodeAssert from 'node:assert';
import { isAscii } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cpus } from '../../src/cli/fast-glob-os.js';
import nodePath from '../../src/cli/node-path.js';
import * as shim from '../../src/cli/yargs-assert.js';
import { tempDir } from '../helpers/materialize.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';
import { BIN } from './commands/cli-harness.js';

/**
 * The vendor imports build-bundle.ts swaps for one importer each: what the importer gets must
 * do what the real module does for it, and the start-up work they drop must stay dropped.
 */
describe('vendor shims: the same answers as the modules they stand in for', () => {
  it("yargs-assert throws exactly when node:assert's strictEqual / notStrictEqual throw", () => {
    const same = {};
    const values: readonly unknown[] = [0, -0, NaN, 1, '1', '', null, undefined, same, {}, [], true, false, 1n];
    for (const a of values) {
      for (const b of [...values, same]) {
        for (const [name, real, ours] of [
          ['strictEqual', nodeAssert.strictEqual, shim.strictEqual],
          ['notStrictEqual', nodeAssert.notStrictEqual, shim.notStrictEqual],
        ] as const) {
          let realThrew = false;
          let oursThrew = false;
          try { real(a, b); } catch { realThrew = true; }
          try { ours(a, b); } catch { oursThrew = true; }
          assert.equal(oursThrew, realThrew, `${name}(${String(a)}, ${String(b)})`);
        }
      }
    }
    // A message given is the message thrown; an Error given is thrown itself.
    assert.throws(() => shim.strictEqual(1, 2, 'not one'), { name: 'AssertionError', message: 'not one' });
    const own = new TypeError('mine');
    assert.throws(() => shim.notStrictEqual(1, 1, own), (e: unknown) => e === own);
  });

  it('fast-glob-os lists as many CPUs as Node says this process may use, at least one', () => {
    const list = cpus();
    assert.equal(list.length, os.availableParallelism());
    assert.ok(list.length >= 1);
  });

  it("node-path is node:path itself, and the bundle makes one interop copy of it, not one per importer", () => {
    assert.equal(nodePath, path);
    const text = readFileSync(path.join(REPO, 'dist/src/cli/main.cjs'), 'latin1');
    assert.equal(text.split('__toESM(require("node:path")').length - 1, 1);
  });

  it('the built bundle is ASCII (code-cache.ts decodes it as Latin-1), and minified without its comments', () => {
    const bytes = readFileSync(path.join(REPO, 'dist/src/cli/main.cjs'));
    assert.equal(isAscii(bytes), true);
    const text = bytes.toString('latin1');
    // A string the source writes with a non-ASCII character (probe/compare.ts: `; …`) is in the bundle, escaped.
    assert.ok(text.includes('; \\u2026'));
    // Comments are not kept (build-bundle.ts minifies whitespace): one the source writes is not there.
    assert.equal(text.includes('nested `transport: {'), false);
  });
});

/**
 * Start-up work a scan no longer does, seen from a preloaded script: every RegExp built with the
 * constructor is logged (string-width 8.3.0 builds `\p{Extended_Pictographic}` that way in the
 * module that also builds the 11 ms `/^\p{RGI_Emoji}$/v` literal), so is every os.cpus() call, and
 * whether node:assert was loaded.
 */
const PRELOAD = `const fs = require('node:fs');
const Real = RegExp;
globalThis.RegExp = new Proxy(Real, { construct(t, args, nt) { fs.writeSync(2, 'REGEXP ' + String(args[0]) + '\\n'); return Reflect.construct(t, args, nt); } });
const os = require('node:os');
const cpus = os.cpus;
os.cpus = function () { fs.writeSync(2, 'CPUS\\n'); return cpus.call(this); };
process.on('exit', () => {
  const list = process.moduleLoadList.filter((m) => m === 'NativeModule assert');
  fs.writeSync(2, 'MODULES ' + list.join(',') + '\\n');
});
`;

describe('start-up: vendor work a scan leaves alone', () => {
  let dir = '';
  let preload = '';
  const cli = (args: readonly string[]): { status: number | null; stdout: string; log: string[] } => {
    const r = spawnSync(process.execPath, ['--require', preload, BIN, ...args], { cwd: dir, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, log: r.stderr.split('\n') };
  };
  const pictographic = (log: readonly string[]): number => log.filter((l) => l === 'REGEXP \\p{Extended_Pictographic}').length;

  before(async () => {
    dir = await tempDir('mcp-audit-vendor-shims');
    preload = path.join(dir, 'watch.cjs');
    writeFileSync(preload, PRELOAD);
  });
  after(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it("loads yargs' string-width only when help is laid out", () => {
    const scan = cli(['scan', '--root', fixtureHome('linux'), '--format', 'json']);
    assert.ok(scan.status === 0 || scan.status === 1, scan.log.join('\n'));
    assert.equal(pictographic(scan.log), 0);
    const help = cli(['scan', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--format/);
    assert.equal(pictographic(help.log), 1, help.log.join('\n'));
  });

  it('loads no node:assert and calls no os.cpus() for a scan that globs; the glob still finds its files', () => {
    // The fixture home has plugin caches (glob locations): fast-glob loads and runs.
    const scan = cli(['scan', '--root', fixtureHome('linux'), '--format', 'json']);
    assert.ok(scan.status === 0 || scan.status === 1);
    const modules = scan.log.find((l) => l.startsWith('MODULES '))?.slice('MODULES '.length).split(',') ?? [];
    assert.equal(modules.includes('NativeModule assert'), false, modules.join(','));
    assert.deepEqual(scan.log.filter((l) => l === 'CPUS'), []);
    const report: unknown = JSON.parse(scan.stdout);
    const paths = typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries)
      ? report.entries.map((e: unknown) => (typeof e === 'object' && e !== null && 'configPath' in e ? String(e.configPath) : '')) : [];
    assert.ok(paths.some((p) => p.includes(`${path.sep}plugins${path.sep}cache${path.sep}`)), paths.join('\n'));
  });
});
