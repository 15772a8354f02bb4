import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';
import { REPO } from '../hosts/helpers.js';

/**
 * A report whose audit met something it could not follow says so in every format: JSON
 * `countIsFloor` + `floorCauses`, the table's note, SARIF run properties and notifications; and
 * `--fail-on floor` (or the policy file's `fail-on: [floor]`) fails on it. Real CLI, real files.
 */
let floorHome = '';
let cleanHome = '';
let scratch = '';
const env = { PATH: process.env.PATH ?? '' };

describe('the floor in the report', () => {
  before(() => {
    scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-floor-')));
    floorHome = path.join(scratch, 'floor');
    cpSync(path.join(REPO, 'fixtures', 'homes', 'hidden', 'relocated-linux'), floorHome, { recursive: true });
    cleanHome = path.join(scratch, 'clean');
    cpSync(path.join(REPO, 'fixtures', 'homes', 'hidden', 'case-macos'), cleanHome, { recursive: true });
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('JSON: countIsFloor with one cause per dotfile assignment, naming the file, line and variable', async () => {
    const r = await cli(['scan', '--root', floorHome, '--format', 'json', '--fail-on', 'none'], { cwd: scratch, env });
    assert.equal(r.code, 0, r.stderr);
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'floorCauses' in report && Array.isArray(report.floorCauses));
    assert.ok('countIsFloor' in report && report.countIsFloor === true);
    const causes: unknown[] = report.floorCauses;
    const codex = causes.find((c) => typeof c === 'object' && c !== null && 'variable' in c && c.variable === 'CODEX_HOME');
    assert.deepEqual(codex !== undefined && typeof codex === 'object' ? { ...codex, detail: undefined } : undefined, {
      kind: 'host-variable-set', path: path.join(floorHome, '.bashrc'), line: 3, variable: 'CODEX_HOME', hosts: ['codex'], detail: undefined,
    });
    // A value the audit cannot read statically is a cause too, without a value applied.
    assert.ok(causes.some((c) => typeof c === 'object' && c !== null && 'variable' in c && c.variable === 'OPENCODE_CONFIG_DIR'
      && 'detail' in c && typeof c.detail === 'string' && c.detail.includes("command's output")));
    assert.ok('hostEnv' in report && Array.isArray(report.hostEnv) && report.hostEnv.some((h: unknown) => typeof h === 'object' && h !== null
      && 'variable' in h && h.variable === 'CODEX_HOME' && 'from' in h && h.from === 'session-file' && 'value' in h && h.value === path.join(floorHome, 'work', 'codex-home')));
  });

  it('table: a note per cause', async () => {
    const r = await cli(['scan', '--root', floorHome, '--fail-on', 'none'], { cwd: scratch, env: env });
    assert.equal(r.code, 0, r.stderr);
    const text = r.stdout.replace(/\s+/g, ' ');
    assert.match(text, /Note: The entry count is a floor: \d+ things on the hosts' lookup paths could not be followed/);
    assert.match(text, /- host-variable-set: CODEX_HOME is set in ~\/\.bashrc:3; it moves the files of codex: its literal value was applied/);
  });

  it('SARIF: run properties and one tool execution notification per cause, located in the dotfile', async () => {
    const r = await cli(['scan', '--root', floorHome, '--format', 'sarif', '--fail-on', 'none'], { cwd: scratch, env });
    assert.equal(r.code, 0, r.stderr);
    interface Note { message: { text: string }; locations?: { physicalLocation: unknown }[] }
    interface Run { properties: { countIsFloor: boolean }; invocations: { toolExecutionNotifications: Note[] }[] }
    const log = JSON.parse(r.stdout) as { runs: Run[] };
    const run = log.runs[0];
    assert.equal(run?.properties.countIsFloor, true);
    const notes = run?.invocations[0]?.toolExecutionNotifications ?? [];
    const codex = notes.find((n) => n.message.text.includes('CODEX_HOME'));
    assert.ok(codex !== undefined);
    assert.deepEqual(codex.locations?.[0]?.physicalLocation, { artifactLocation: { uri: '.bashrc', uriBaseId: 'HOME' }, region: { startLine: 3 } });
  });

  it('--fail-on floor exits 1 on a floor count and 0 on a complete one', async () => {
    const floor = await cli(['scan', '--root', floorHome, '--fail-on', 'floor'], { cwd: scratch, env });
    assert.equal(floor.code, 1, floor.stdout + floor.stderr);
    const clean = await cli(['scan', '--root', cleanHome, '--platform', 'darwin', '--fail-on', 'floor'], { cwd: scratch, env });
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  });

  it('the policy file\'s fail-on: [floor] does the same', async () => {
    const policy = path.join(scratch, 'policy.yaml');
    writeFileSync(policy, 'version: 1\nfail-on: [floor]\n');
    assert.equal((await cli(['scan', '--root', floorHome, '--policy', policy], { cwd: scratch, env })).code, 1);
    assert.equal((await cli(['scan', '--root', cleanHome, '--platform', 'darwin', '--policy', policy], { cwd: scratch, env })).code, 0);
  });

  it('--host-env: a host variable whose value is no absolute path is a usage error naming the line (exit 2)', async () => {
    const bad = path.join(scratch, 'bad-env');
    writeFileSync(bad, 'PATH=/usr/bin\nCODEX_HOME=relative/dir\n');
    const r = await cli(['scan', '--root', cleanHome, '--list', '--host-env', bad], { cwd: scratch, env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--host-env .*bad-env:2: CODEX_HOME must be an absolute path/);
  });
});
