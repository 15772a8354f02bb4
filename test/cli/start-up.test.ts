import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from './commands/cli-harness.js';

/**
 * What the built CLI does not do on a plain run (src/cli/no-find-up.ts, lazy-segmenter.ts and the
 * single-command parse in run.ts), seen from a preloaded script that logs every readdirSync and
 * counts every Intl.Segmenter built.
 */
const PRELOAD = `const fs = require('node:fs');
const readdirSync = fs.readdirSync;
fs.readdirSync = function (p, ...rest) { fs.writeSync(2, 'READDIR ' + String(p) + '\\n'); return readdirSync.call(this, p, ...rest); };
const Real = Intl.Segmenter;
let built = 0;
Intl.Segmenter = class extends Real { constructor(...args) { super(...args); built++; } };
process.on('exit', () => fs.writeSync(2, 'SEGMENTERS ' + built + '\\n'));
`;

describe('start-up: what a plain run leaves alone', () => {
  let dir = '';
  let preload = '';
  let cwd = '';
  let empty = '';
  const cli = (args: readonly string[]): { status: number | null; stdout: string; log: string[] } => {
    const r = spawnSync(process.execPath, ['--require', preload, BIN, ...args], { cwd, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, log: r.stderr.split('\n') };
  };
  const segmenters = (log: readonly string[]): number => Number(log.find((l) => l.startsWith('SEGMENTERS '))?.slice('SEGMENTERS '.length) ?? NaN);

  before(async () => {
    dir = await tempDir('mcp-audit-start-up');
    preload = path.join(dir, 'watch.cjs');
    writeFileSync(preload, PRELOAD);
    // A package.json above the working directory: yargs' own lookup would list and read it.
    writeFileSync(path.join(dir, 'package.json'), '{"name": "not-mcp-audit", "version": "9.9.9"}\n');
    cwd = path.join(dir, 'work', 'deep');
    mkdirSync(cwd, { recursive: true });
    empty = path.join(dir, 'home');
    mkdirSync(empty);
  });
  after(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('lists no directory above the working directory looking for a package.json', () => {
    const version = cli(['--version']);
    assert.equal(version.status, 0);
    assert.equal(version.stdout.trim() === '9.9.9', false);
    assert.deepEqual(version.log.filter((l) => l.startsWith('READDIR ')), []);
    const scan = cli(['scan', '--root', empty, '--format', 'json']);
    assert.equal(scan.status, 0);
    const above = [cwd, path.dirname(cwd), dir, path.dirname(dir)];
    assert.deepEqual(scan.log.filter((l) => above.some((d) => l === `READDIR ${d}`)), []);
  });

  it('builds no Intl.Segmenter for a JSON scan (no help rendered), and does for help', () => {
    const scan = cli(['scan', '--root', empty, '--format', 'json']);
    assert.equal(scan.status, 0);
    assert.equal(segmenters(scan.log), 0);
    const help = cli(['scan', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--format/);
    assert.ok(segmenters(help.log) > 0, help.log.join('\n'));
  });
});
