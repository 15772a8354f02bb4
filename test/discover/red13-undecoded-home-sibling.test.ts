import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cursorConfig, removeAccount, ROOT_ONLY, uniqueName } from '../helpers/throwaway-accounts.js';
import { BIN } from '../cli/commands/cli-run.js';

/**
 * Red team red13 on 478401d (change 1871e63). A real account whose home in the password database
 * is not valid UTF-8 (`<scratch>/u` + byte 0xff), holding a real Cursor config with a launched
 * server. Beside it is a folder really named with U+FFFD (`<scratch>/u` + EF BF BD), empty: the
 * name Node decodes the database's bytes to. home.ts undecodedHome() guesses "not valid UTF-8"
 * only when the decoded name does not exist, so here it takes the sibling for the home: --user
 * and --all-users audit the empty sibling, report no entries and exit 0, and the real home's
 * server vanishes (the baseline 37a8cc4 does the same; the change's own claim "a name really
 * holding U+FFFD exists as spelled and is kept" is the hole). Fail closed would be a usage error
 * (as when the sibling is absent) or the real home's entries: the database's bytes
 * (getent's stdout as a Buffer, os.userInfo({ encoding: 'buffer' })) say which.
 */
const name = uniqueName('ff');
let scratch = '';
let realHome: Buffer = Buffer.alloc(0);

function cli(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: scratch, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('an undecodable passwd home beside a folder really named with U+FFFD (red13)', ROOT_ONLY, () => {
  before(() => {
    scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-red13-fffd-')));
    realHome = Buffer.concat([Buffer.from(`${scratch}/u`), Buffer.from([0xff])]);
    mkdirSync(Buffer.concat([realHome, Buffer.from('/.cursor')]), { recursive: true });
    writeFileSync(Buffer.concat([realHome, Buffer.from('/.cursor/mcp.json')]), cursorConfig('real-home-server'));
    mkdirSync(path.join(scratch, 'u\uFFFD'));
    // useradd takes the home's bytes from the shell (a Node argument string cannot hold byte 0xff).
    execFileSync('/bin/sh', ['-c', `/usr/sbin/useradd -M -d "$(printf '%s/u\\377' "$1")" -s /bin/sh "$2"`, 'sh', scratch, name], { stdio: 'pipe' });
  });
  after(() => {
    removeAccount(name);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('the database really holds the byte 0xff for the home (the setup is what it claims)', () => {
    const line = execFileSync('/usr/bin/getent', ['passwd', name]);
    assert.ok(line.includes(realHome), line.toString('latin1'));
  });

  it('--user does not audit the U+FFFD sibling as the home and pass with no entries', () => {
    const r = cli(['scan', '--user', name, '--no-project-scan', '--format', 'json']);
    const refused = r.code === 2 && /not valid UTF-8/.test(r.stderr);
    assert.ok(refused || r.stdout.includes('real-home-server'),
      `exit ${String(r.code)}, stderr ${r.stderr.slice(0, 300)}, stdout ${r.stdout.slice(0, 300)}`);
  });

  it('--all-users does not report the account audited with no entries', () => {
    const r = cli(['scan', '--all-users', '--no-project-scan', '--format', 'json']);
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'accounts' in report);
    const row = JSON.stringify(report.accounts);
    const at = row.indexOf(`"name":"${name}"`);
    assert.ok(at !== -1, row.slice(0, 300));
    const mine = row.slice(at, row.indexOf('}}', at) + 2);
    assert.ok(!/"status":"audited"/.test(mine) || r.stdout.includes('real-home-server'), mine);
  });
});
