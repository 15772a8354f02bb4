import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from '../cli/commands/cli-harness.js';
import { REPO } from '../hosts/helpers.js';
import { parseNdjson } from '../report/validate-ndjson.js';

/**
 * The README's Fleet recipes, run as written: each ```sh recipe=NAME block through /bin/sh with
 * MCP_AUDIT pointing at this build and an MDM-short PATH; the PowerShell one through pwsh when it is
 * installed, else its mcp-audit command line alone.
 */
const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const RECIPES = new Map([...README.matchAll(/^```(\w+) recipe=([\w-]+)\n([\s\S]*?)^```$/gm)].map((m) => [m[2] ?? '', { lang: m[1] ?? '', text: m[3] ?? '' }]));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-recipes-'));
const shim = path.join(scratch, 'mcp-audit');
writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
chmodSync(shim, 0o755);
const ENV = { PATH: '/usr/bin:/bin:/usr/sbin:/sbin', MCP_AUDIT: shim, MCP_AUDIT_LOG_DIR: path.join(scratch, 'log') };

function recipe(name: string): { lang: string; text: string } {
  const r = RECIPES.get(name);
  assert.ok(r !== undefined, `README recipe ${name}`);
  return r;
}

function runSh(name: string): { code: number | null; stdout: string; stderr: string } {
  const file = path.join(scratch, `${name}.sh`);
  writeFileSync(file, recipe(name).text);
  const r = spawnSync('/bin/sh', [file], { cwd: scratch, env: ENV, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const verdictExit = (line: string): number => (/^(PASS|NONE) /.test(line) ? 0 : /^FAIL /.test(line) ? 1 : 2);

describe('README Fleet recipes', () => {
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('the README holds exactly the five recipes', () => {
    assert.deepEqual([...RECIPES.keys()].sort(), ['fleet', 'intune-windows', 'jamf', 'kandji-intune-macos', 'siem']);
  });

  it('Jamf: one <result> element around the one-line summary, exit 0', () => {
    const r = runSh('jamf');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^<result>(PASS|FAIL|PARTIAL|NONE) \d+\/\d+ enforcing [^<>\n]*\d+ accounts?[^<>\n]*<\/result>\n$/);
  });

  it('Kandji / Intune macOS: the summary line, and the exit code its verdict gives', () => {
    const r = runSh('kandji-intune-macos');
    assert.equal(r.stdout.split('\n').length, 2, r.stdout);
    assert.equal(r.code, verdictExit(r.stdout), `${r.stdout} ${r.stderr}`);
  });

  it('Intune Windows: its mcp-audit command line (through pwsh when installed) gives the same line and exit code', () => {
    const { text } = recipe('intune-windows');
    const pwsh = ['/usr/bin/pwsh', '/usr/local/bin/pwsh', '/opt/microsoft/powershell/7/pwsh'].find((p) => existsSync(p));
    let r: SpawnSyncReturns<string>;
    if (pwsh !== undefined) {
      const file = path.join(scratch, 'intune.ps1');
      writeFileSync(file, text);
      r = spawnSync(pwsh, ['-NoProfile', '-File', file], { cwd: scratch, env: ENV, encoding: 'utf8' });
    } else {
      const line = text.split('\n').find((l) => l.startsWith('& $McpAudit '));
      assert.ok(line !== undefined, 'the recipe calls & $McpAudit …');
      r = spawnSync(shim, line.slice('& $McpAudit '.length).split(' '), { cwd: scratch, env: ENV, encoding: 'utf8' });
    }
    assert.match(r.stdout, /^(PASS|FAIL|PARTIAL|NONE) /);
    assert.equal(r.status, verdictExit(r.stdout), r.stderr);
  });

  it('Fleet: ndjson on stdout, every record valid, the summary last', () => {
    const r = runSh('fleet');
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    const records = parseNdjson(r.stdout);
    assert.equal(records.at(-1)?.['record'], 'summary');
  });

  it('SIEM: each run appends its timestamped records to one file and leaves no temporary file', () => {
    const first = runSh('siem');
    const second = runSh('siem');
    assert.ok(first.code === 0 || first.code === 1, first.stderr);
    assert.equal(second.code, first.code);
    const log = path.join(ENV.MCP_AUDIT_LOG_DIR, 'mcp-audit.ndjson');
    const records = parseNdjson(readFileSync(log, 'utf8'));
    assert.equal(records.filter((x) => x['record'] === 'summary').length, 2);
    assert.ok(records.every((x) => typeof x['generatedAt'] === 'string'));
    assert.ok(!existsSync(path.join(ENV.MCP_AUDIT_LOG_DIR, 'run.ndjson.tmp')));
  });
});
