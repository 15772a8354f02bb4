import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkRawArgs, decimalOption, parsedOptions } from '../../src/cli/strict-args.js';
import { materializeHome } from '../helpers/materialize.js';
import { SERVERS } from '../probe/support.js';
import { BIN } from './commands/cli-harness.js';

const gate = (...upstream: string[]): string[] =>
  ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', ...upstream.map((a) => `--upstream-arg=${a}`)];

describe('strict command lines: a mistyped flag reads, writes and launches nothing', () => {
  let home = '';
  let marker = '';
  const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: home });

  before(async () => {
    home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({ mcpServers: { recorder: { command: 'uvx', args: gate(join(SERVERS, 'launch-marker.js'), '@HOME@/launched.txt') } } }),
      '.mcpindex/pins/recorder.json': {
        content: '{"version": 2, "pins": [{"server_id": "recorder", "tool_name": "get_weather", "definition_hash": "sha256:00", "pinned_at": "2026-11-01T10:00:00.000+00:00"}]}\n',
        mode: 0o600,
      },
      '.mcpindex/pins/.ever-pinned.json': { content: '{"stores": ["recorder.json"]}\n', mode: 0o600 },
    }, 'mcp-audit-strict');
    marker = join(home, 'launched.txt');
  });
  after(() => {
    if (home !== '') rmSync(home, { recursive: true, force: true });
  });

  it('control: a correct probe does launch the recording server', () => {
    const r = cli('probe', '--root', home, '--no-project-scan', '--format', 'json', '--timeout', '20');
    assert.ok(existsSync(marker), `the recorder was launched (exit ${String(r.status)}: ${r.stderr})`);
    rmSync(marker);
  });

  const bad: readonly (readonly string[])[] = [
    ['probe', '--dry-run'],
    ['probe', '--jobs', '0'],
    ['probe', '--jobs', '1.5'],
    ['probe', '--timeout', '-1'],
    ['probe', '--timeout', '1e3'],
    ['probe', '--format', 'json', '--format', 'table'],
    ['probe', '--format'],
    ['probe', '--format', 'xml'],
    ['probe', '--fail-on', ''],
    ['probe', '--fail-on'],
    ['probe', '--fail-on', 'high,'],
    ['probe', '--fail-under', '0x50'],
    ['probe', '--fail-under', '101'],
    ['probe', '--fail-under', ''],
    ['probe', '--ignore-file', ''],
    ['probe', '--probe-project=yes'],
    ['probe', '--no-project-scan', '--project-scan'],
    ['probe', '--user', ''],
    ['probe', '--platform', 'beos'],
    ['scan', '--probe', '--quiet'],
    ['scan', '--probe', '--fail-on', ''],
    ['scan', '--probe', '--fail-under', ''],
    ['scan', '--probe', '--fail-on', 'unverifiable', '--fail-under', '50%'],
    ['check', '.cursor/mcp.json', '--fail-on', ''],
    ['check', '.cursor/mcp.json', '--fail-on', ','],
    ['check', '.cursor/mcp.json', '--fail-under', ''],
    ['check', '.cursor/mcp.json', '--format', 'json', '--format', 'sarif'],
    ['hosts', '--format', ''],
    ['hosts', '--found=maybe'],
    ['scan', '--probe', '--jobs', '0'],
    ['scan', '--probe', '--timeout', '0'],
  ];
  for (const args of bad) {
    it(`${args.join(' ')}: exit 2, one line on stderr, nothing launched, no output file`, () => {
      const r = cli(...args, '--root', home, ...(args[0] === 'check' || args[0] === 'hosts' ? [] : ['--no-project-scan', '-o', 'report.json']));
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^mcp-audit: [^\n]+\n$/, 'exactly one line');
      assert.ok(!existsSync(marker), 'nothing was launched');
      assert.deepEqual(readdirSync(home).filter((f) => f === 'report.json'), [], 'no report was written');
    });
  }

  it('every command rejects an unknown flag before doing anything', () => {
    for (const command of ['scan', 'probe', 'check x.json', 'hosts', 'diff a b', 'digest', 'canonical', 'explain --list']) {
      const r = cli(...command.split(' '), '--fail-undr', '80', '-o', 'report.json');
      assert.equal(r.status, 2, command);
      assert.match(r.stderr, /^mcp-audit: Unknown arguments?: [^\n]*fail-undr[^\n]*\n$/, command);
      assert.equal(r.stdout, '', command);
      assert.ok(!existsSync(join(home, 'report.json')), `${command}: nothing written`);
    }
  });

  it('an unknown command names itself and suggests one', () => {
    const r = cli('scna');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^mcp-audit: unknown command "scna"\. Did you mean scan\?[^\n]*\n$/);
  });
});

describe('checkRawArgs and decimalOption', () => {
  const opts = parsedOptions({
    array: ['fail-on'], boolean: ['probe', 'help'], string: ['output', 'o', 'fail-on', 'root'],
    alias: { output: ['o'] }, key: { output: true, o: true, 'fail-on': true, probe: true, root: true, help: true },
  });
  it('accepts a well-formed command line, repeatable options and anything after --', () => {
    checkRawArgs(['scan', '--fail-on', 'high', '--fail-on', 'unprotected', '-o', '-', '--probe', '--', '--root', '--root'], opts);
    checkRawArgs(['--probe=false', '--root=/x'], opts);
  });
  it('rejects repeats across spellings, empty values and valued booleans', () => {
    assert.throws(() => checkRawArgs(['-o', 'a', '--output=b'], opts), /--output given more than once/);
    assert.throws(() => checkRawArgs(['-oa', '-o', 'b'], opts), /given more than once/);
    assert.throws(() => checkRawArgs(['--probe', '--no-probe'], opts), /--probe given more than once/);
    assert.throws(() => checkRawArgs(['--root='], opts), /--root needs a value/);
    assert.throws(() => checkRawArgs(['--root', ''], opts), /--root needs a value/);
    assert.throws(() => checkRawArgs(['--fail-on', ''], opts), /--fail-on needs a value/);
    assert.throws(() => checkRawArgs(['--probe=yes'], opts), /--probe takes no value/);
  });
  it('numbers are plain decimals within range', () => {
    const pct = { min: 0, max: 100, integer: false };
    assert.equal(decimalOption('80', '--fail-under', pct), 80);
    assert.equal(decimalOption('99.5', '--fail-under', pct), 99.5);
    assert.equal(decimalOption(undefined, '--fail-under', pct), undefined);
    for (const v of ['0x50', '8e1', '-1', '', ' 80', '80%', '101', 'Infinity', '0b1']) {
      assert.throws(() => decimalOption(v, '--fail-under', pct), /--fail-under takes/, v);
    }
    assert.throws(() => decimalOption('0', '--jobs', { min: 1, integer: true }), /positive whole number/);
    assert.throws(() => decimalOption('0', '--timeout', { min: 0, integer: false, minExclusive: true }), /positive number/);
  });
});
