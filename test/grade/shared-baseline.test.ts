import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import { cli } from '../cli/commands/cli-run.js';
import { REPO, testEnv } from '../hosts/helpers.js';

/**
 * Two entries of two hosts wrap different upstreams in mcpindex-gate under one server id (`fs`),
 * so they share ~/.mcpindex/pins/fs.json (fixtures/homes/shared-baseline): neither row's baseline
 * is proven. With the same upstream in both, they share it rightly and stay enforcing. Through the real CLI.
 */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

interface Row { readonly host: string; readonly name: string; readonly grade: string; readonly findings: readonly { readonly id: string }[] }

function home(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-shared-baseline-')));
  temps.push(dir);
  cpSync(path.join(REPO, 'fixtures', 'homes', 'shared-baseline'), dir, { recursive: true });
  for (const f of ['fs.json', '.ever-pinned.json']) chmodSync(path.join(dir, '.mcpindex', 'pins', f), 0o600);
  chmodSync(path.join(dir, '.mcpindex', 'pins'), 0o700);
  chmodSync(path.join(dir, '.mcpindex'), 0o700);
  return dir;
}

async function rows(dir: string): Promise<readonly Row[]> {
  const r = await cli(['scan', '--root', dir, '--no-project-scan', '--platform', 'linux', '--format', 'json'], { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '' } });
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return (JSON.parse(r.stdout) as { entries: readonly Row[] }).entries;
}

describe('one server id of one store shared by entries that run different servers', () => {
  it('different upstreams: both rows are unverifiable with baseline-shared', async () => {
    const got = await rows(home());
    assert.equal(got.length, 2);
    for (const r of got) {
      assert.equal(r.grade, 'unverifiable', `${r.host}/${r.name}`);
      assert.ok(r.findings.some((f) => f.id === 'baseline-shared'), `${r.host}/${r.name}: ${r.findings.map((f) => f.id).join()}`);
    }
  });

  it('the same upstream in both: they share the baseline rightly and stay enforcing', async () => {
    const dir = home();
    const cursor = readFileSync(path.join(dir, '.cursor', 'mcp.json'), 'utf8');
    writeFileSync(path.join(dir, '.config', 'Claude', 'claude_desktop_config.json'), cursor);
    const got = await rows(dir);
    assert.equal(got.length, 2);
    for (const r of got) {
      assert.ok(!r.findings.some((f) => f.id === 'baseline-shared'), `${r.host}/${r.name}`);
      assert.equal(r.grade, 'enforcing', `${r.host}/${r.name}: ${r.findings.map((f) => f.id).join()}`);
    }
  });
});

/**
 * The same homes through the audit in this process (the CLI runs the bundle, which in-process
 * mutation testing does not see): the rows' grades and their baseline claims.
 */
describe('shared baselines, graded in process', () => {
  async function graded(dir: string): Promise<readonly { host: string; name: string; grade: string; findings: readonly { id: string }[]; baseline: boolean | undefined }[]> {
    const r = await audit({ root: dir, projectScan: false, platform: 'linux' }, testEnv('linux'));
    return r.rows.map((row) => ({ host: row.host, name: row.name, grade: row.grade, findings: row.findings, baseline: row.evidence.find((c) => c.claim === 'baseline')?.proven }));
  }

  it('different upstreams under one id: each row loses its baseline, and names the other', async () => {
    const got = await graded(home());
    assert.equal(got.length, 2);
    for (const r of got) {
      assert.equal(r.grade, 'unverifiable', `${r.host}/${r.name}`);
      assert.equal(r.baseline, false, `${r.host}/${r.name}`);
      assert.equal(r.findings.filter((f) => f.id === 'baseline-shared').length, 1, `${r.host}/${r.name}`);
    }
  });

  it('the same upstream under one id stays enforcing, with its baseline proven', async () => {
    const dir = home();
    writeFileSync(path.join(dir, '.config', 'Claude', 'claude_desktop_config.json'), readFileSync(path.join(dir, '.cursor', 'mcp.json'), 'utf8'));
    const got = await graded(dir);
    assert.equal(got.length, 2);
    for (const r of got) {
      assert.equal(r.grade, 'enforcing', `${r.host}/${r.name}: ${r.findings.map((f) => f.id).join()}`);
      assert.equal(r.baseline, true, `${r.host}/${r.name}`);
    }
  });
});
