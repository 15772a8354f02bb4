import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { addAccount, removeAccount, ROOT_ONLY, uniqueName } from '../helpers/throwaway-accounts.js';
import { BIN } from '../cli/commands/cli-run.js';

/**
 * Red team red13 on 478401d (change 1871e63). Two real accounts whose homes do not exist, both
 * valid UTF-8 in the password database: one plain, one whose name holds U+FFFD itself (bytes
 * EF BF BD, a legal character). The baseline 37a8cc4 treats both alike (--user: no entries,
 * exit 0; --all-users: absent). home.ts undecodedHome() takes any absent name holding U+FFFD for
 * bytes that were not UTF-8, so the second is now a usage error (exit 2) and, under --all-users,
 * unreadable with home-unreadable, both saying "not valid UTF-8", which is untrue: the database's
 * bytes (getent's stdout as a Buffer) are valid UTF-8 and would tell the two cases apart.
 */
const plain = uniqueName('pl');
const fffd = uniqueName('fd');
let scratch = '';

function cli(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: scratch, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function accountRow(stdout: string, name: string): Record<string, unknown> {
  const report: unknown = JSON.parse(stdout);
  assert.ok(typeof report === 'object' && report !== null && 'accounts' in report);
  const accounts = report.accounts;
  assert.ok(typeof accounts === 'object' && accounts !== null && 'audited' in accounts && Array.isArray(accounts.audited));
  const rows: unknown[] = accounts.audited;
  const row = rows.find((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && 'name' in r && r.name === name);
  assert.ok(row !== undefined, JSON.stringify(accounts).slice(0, 300));
  return row;
}

describe('an absent passwd home whose valid UTF-8 name holds U+FFFD (red13)', ROOT_ONLY, () => {
  before(() => {
    scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-red13-absent-')));
    addAccount(plain, { home: path.join(scratch, 'gone', 'plain') });
    addAccount(fffd, { home: path.join(scratch, 'gone', 'r\uFFFD') });
  });
  after(() => {
    removeAccount(plain);
    removeAccount(fffd);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('--user treats it as the plain absent home (same exit, no claim that it is not UTF-8)', () => {
    const a = cli(['scan', '--user', plain, '--no-project-scan', '--format', 'json']);
    const b = cli(['scan', '--user', fffd, '--no-project-scan', '--format', 'json']);
    assert.doesNotMatch(b.stderr, /not valid UTF-8/);
    assert.equal(b.code, a.code, b.stderr.slice(0, 300));
  });

  it('--all-users reports it absent like the plain one, not unreadable as undecodable', () => {
    const r = cli(['scan', '--all-users', '--no-project-scan', '--format', 'json']);
    const a = accountRow(r.stdout, plain);
    const b = accountRow(r.stdout, fffd);
    assert.equal(a.status, 'absent');
    assert.deepEqual([b.status, b.reason], [a.status, a.reason]);
  });
});
