import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { assertValidReport, readRepoFile } from '../../report/validate.js';
import { parseNdjson } from '../../report/validate-ndjson.js';
import {
  addAccount, cursorConfig, removeAccount, ROOT_ONLY, uniqueName, writeOwned, type Throwaway,
} from '../../helpers/throwaway-accounts.js';
import type { AccountsSection, AccountSummary, ReportEntry } from '../../../src/report/model.js';
import type { Io } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/run.js';
import { processEnv } from '../../../src/shared/env.js';
import { BIN } from './cli-harness.js';

/**
 * `scan --all-users` as root against real accounts made for the run (useradd -m), each with its
 * own Cursor config; the operator's cwd and $HOME hold configs too, which must never be
 * attributed to any account. Removed afterwards (userdel -r).
 */
const created: string[] = [];
let scratch = '';
let cwd = '';
let fakeHome = '';
const acct: Record<'a' | 'b' | 'stolen' | 'filehome', Throwaway | undefined> = { a: undefined, b: undefined, stolen: undefined, filehome: undefined };

function need(t: Throwaway | undefined): Throwaway {
  if (t === undefined) throw new Error('account not created');
  return t;
}

function cli(args: readonly string[], env: NodeJS.ProcessEnv = { ...process.env, HOME: fakeHome }): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scan --all-users as root, with throwaway accounts', ROOT_ONLY, () => {
  before(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-all-users-'));
    cwd = path.join(scratch, 'operator-project');
    fakeHome = path.join(scratch, 'operator-home');
    mkdirSync(path.join(cwd, '.cursor'), { recursive: true });
    writeFileSync(path.join(cwd, '.mcp.json'), cursorConfig('operator-cwd-server'));
    writeFileSync(path.join(cwd, '.cursor', 'mcp.json'), cursorConfig('operator-cwd-server'));
    mkdirSync(path.join(fakeHome, '.cursor'), { recursive: true });
    writeFileSync(path.join(fakeHome, '.cursor', 'mcp.json'), cursorConfig('operator-home-server'));
    for (const key of ['a', 'b', 'stolen'] as const) {
      const name = uniqueName(key.slice(0, 1));
      created.push(name);
      const t = addAccount(name);
      acct[key] = t;
      writeOwned(t, '.cursor/mcp.json', cursorConfig(`srv-${name}`));
    }
    // A home owned by another account: chown it to a.
    chownSync(need(acct.stolen).home, need(acct.a).uid, need(acct.a).gid);
    // A home that is a file, not a directory.
    const fileHome = path.join(scratch, 'not-a-directory');
    writeFileSync(fileHome, 'x');
    const name = uniqueName('f');
    created.push(name);
    acct.filehome = addAccount(name, { home: fileHome });
  });

  after(() => {
    for (const name of created) removeAccount(name);
    if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  });

  it("finds each account's entries under its own home; nothing of the operator's cwd or $HOME is attributed to anyone", () => {
    const r = cli(['scan', '--all-users', '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const report: unknown = JSON.parse(r.stdout);
    assertValidReport(report);
    const accounts: AccountsSection | undefined = report.accounts;
    assert.ok(accounts !== undefined);
    for (const key of ['a', 'b'] as const) {
      const t = need(acct[key]);
      const summary: AccountSummary | undefined = accounts.audited.find((x) => x.name === t.name);
      assert.deepEqual(summary, {
        name: t.name, uid: t.uid, home: t.home, foundBy: 'getent passwd', status: 'audited',
        coverage: { enforcing: 0, wired: 0, unverifiable: 0, unprotected: 1, total: 1, ratio: 0 },
      });
      const mine: ReportEntry[] = report.entries.filter((e) => e.account === t.name);
      assert.deepEqual(mine.map((e) => [e.name, e.configPath]), [[`srv-${t.name}`, path.join(t.home, '.cursor', 'mcp.json')]]);
    }
    for (const e of report.entries) {
      const owner = accounts.audited.find((x) => x.name === e.account);
      assert.ok(owner !== undefined, `entry ${e.name} has an account`);
      assert.ok(e.configPath.startsWith(`${owner.home}/`), `${e.configPath} is under ${owner.home}`);
      assert.ok(!e.name.startsWith('operator-'), `operator config attributed to ${owner.name}: ${e.configPath}`);
      assert.ok(!e.configPath.startsWith('/root/') && !e.configPath.startsWith(scratch), e.configPath);
    }
    assert.ok(!accounts.audited.some((x) => x.name === 'root' || x.uid === 0), 'root is not a human account here');
    assert.equal(report.trustedHome.user, 'root');
  });

  it('a home owned by another account is a finding (and still audited); a home that is not a directory is listed as unreadable', () => {
    const r = cli(['scan', '--all-users', '--format', 'json']);
    const report: unknown = JSON.parse(r.stdout);
    assertValidReport(report);
    const stolen = need(acct.stolen);
    const owner = report.findings.filter((f) => f.id === 'home-foreign-owner');
    assert.deepEqual(owner.map((f) => f.account), [stolen.name]);
    assert.match(owner[0]?.message ?? '', new RegExp(`owned by ${need(acct.a).name}, not by ${stolen.name}`));
    assert.equal(report.accounts?.audited.find((x) => x.name === stolen.name)?.status, 'audited');
    const fileHome = need(acct.filehome);
    assert.deepEqual(report.accounts?.audited.find((x) => x.name === fileHome.name)?.status, 'unreadable');
    assert.equal(report.accounts?.audited.find((x) => x.name === fileHome.name)?.reason, 'not a directory');
    assert.deepEqual(report.findings.filter((f) => f.id === 'home-unreadable').map((f) => f.account), [fileHome.name]);
  });

  it('ndjson: every record validates, names its account and uid, deterministic across runs', () => {
    const first = cli(['scan', '--all-users', '--format', 'ndjson']);
    const second = cli(['scan', '--all-users', '--format', 'ndjson']);
    assert.equal(first.stdout, second.stdout);
    const records = parseNdjson(first.stdout);
    assert.equal(records.at(-1)?.['record'], 'summary');
    assert.equal(records.filter((x) => x['record'] === 'summary').length, 1);
    const a = need(acct.a);
    const entry = records.find((x) => x['record'] === 'entry' && x['account'] === a.name);
    assert.equal(entry?.['uid'], a.uid);
    assert.equal(entry?.['server'], `srv-${a.name}`);
    assert.equal(entry?.['machine'], os.hostname());
    assert.deepEqual(entry?.['findingIds'], ['no-pinning-proxy']);
  });

  it('the table, markdown, SARIF and summary reporters show each account', () => {
    const a = need(acct.a);
    // Text is wrapped to the terminal (80 columns off a TTY): compare with the line breaks as spaces.
    const table = cli(['scan', '--all-users']).stdout.replace(/\n(?!\n)/g, ' ');
    assert.match(table, new RegExp(`Account ${a.name} \\(uid ${a.uid}\\) home ${a.home} \\(getent passwd\\) — 0/1 enforcing`));
    assert.match(table, new RegExp(`~/.cursor/mcp.json`));
    const md = cli(['scan', '--all-users', '--format', 'markdown']).stdout;
    assert.match(md, new RegExp(`\\| <code>${a.name}</code> \\| ${a.uid} \\| <code>${a.home}</code> \\| getent passwd \\| audited \\|`));
    assert.match(md, new RegExp(`\\| <code>${a.name}</code> \\| cursor \\| user \\| <code>srv-${a.name}</code>`));
    const sarif: unknown = JSON.parse(cli(['scan', '--all-users', '--format', 'sarif']).stdout);
    assert.ok(JSON.stringify(sarif).includes(`"account":"${a.name}"`));
    const line = cli(['scan', '--all-users', '--format', 'summary']).stdout;
    assert.match(line, /^FAIL \d+\/\d+ enforcing .*; \d+ accounts \(unreadable: [^)]*\)\n$/);
  });

  it('hosts --all-users lists each account with its own locations, each a schemas/hosts.schema.json document', () => {
    const r = cli(['hosts', '--all-users', '--found', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out: unknown = JSON.parse(r.stdout);
    const b = need(acct.b);
    assert.ok(typeof out === 'object' && out !== null && 'accounts' in out && Array.isArray(out.accounts));
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats.default(ajv);
    const schema: unknown = JSON.parse(readRepoFile('schemas/hosts.schema.json'));
    assert.ok(typeof schema === 'object' && schema !== null);
    const validHosts = ajv.compile(schema);
    // The whole document is one of the schema's two shapes (the --all-users one), not only its parts.
    assert.ok(validHosts(out), JSON.stringify(validHosts.errors));
    const accounts: unknown[] = out.accounts;
    for (const a of accounts) {
      if (typeof a === 'object' && a !== null && 'hosts' in a) assert.ok(validHosts(a.hosts), JSON.stringify(validHosts.errors));
    }
    const mine: unknown = out.accounts.find((x: unknown) => typeof x === 'object' && x !== null && 'name' in x && x.name === b.name);
    assert.ok(typeof mine === 'object' && mine !== null && 'hosts' in mine && typeof mine.hosts === 'object' && mine.hosts !== null && 'locations' in mine.hosts);
    const locations: unknown = mine.hosts.locations;
    assert.ok(Array.isArray(locations));
    assert.deepEqual(locations.map((l: unknown) => (typeof l === 'object' && l !== null && 'path' in l ? l.path : undefined)),
      [path.join(b.home, '.cursor', 'mcp.json')]);
    const table = cli(['hosts', '--all-users', '--found']).stdout.replace(/\n(?!\n)/g, ' ');
    assert.match(table, new RegExp(`Account ${b.name} \\(uid ${b.uid}\\), home ${b.home} \\(getent passwd\\): audited`));
  });

  it('--user NAME works with no getent on PATH', () => {
    const a = need(acct.a);
    const r = cli(['scan', '--user', a.name, '--format', 'json'], { PATH: path.join(scratch, 'empty-bin') });
    assert.equal(r.code, 1, r.stderr);
    const report: unknown = JSON.parse(r.stdout);
    assertValidReport(report);
    assert.deepEqual(report.trustedHome, { path: a.home, source: 'user-flag', user: a.name });
    // (--user keeps the operator's cwd as a project root, as it always has: user-scope entries only here.)
    assert.deepEqual(report.entries.filter((e) => e.scope === 'user').map((e) => e.name), [`srv-${a.name}`]);
  });

  it('--user NAME and --all-users with getent gone from the machine (hidden in a private mount namespace): /etc/passwd answers', (t) => {
    const a = need(acct.a);
    const hidden = (args: string): { status: number | null; stdout: string; stderr: string } => spawnSync('/usr/bin/unshare',
      ['-m', '/bin/sh', '-c', `mount --bind /dev/null /usr/bin/getent && test ! -s /usr/bin/getent && exec "$0" "$1" ${args}`, process.execPath, BIN],
      { cwd, encoding: 'utf8', env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' } });
    const one = hidden(`scan --user ${a.name} --format json`);
    if (one.status !== 0 && one.status !== 1 && /mount|unshare/.test(one.stderr)) {
      t.skip(`no private mount namespace here (${one.stderr.trim()}); the PATH test above still ran`);
      return;
    }
    assert.equal(one.status, 1, one.stderr);
    const report: unknown = JSON.parse(one.stdout);
    assertValidReport(report);
    assert.equal(report.trustedHome.path, a.home);
    const all = hidden('scan --all-users --format json');
    const everyone: unknown = JSON.parse(all.stdout);
    assertValidReport(everyone);
    assert.equal(everyone.accounts?.audited.find((x) => x.name === a.name)?.foundBy, '/etc/passwd');
    assert.equal(everyone.accounts?.listedBy, '/etc/passwd');
  });

  it("probing another account's servers from a non-root uid is refused before anything runs; as root it is not", async () => {
    const a = need(acct.a);
    const io = (uid: number): { io: Io; out: () => string } => {
      let stderr = '';
      return {
        io: { stdout: { write: () => true }, stderr: { write: (t: string) => { stderr += t; } }, readStdin: async () => '', env: { ...processEnv({ cwd: a.home }), uid } },
        out: () => stderr,
      };
    };
    const refused = io(a.uid + 1);
    assert.equal(await run(['scan', '--user', a.name, '--probe', '--no-project-scan', '--format', 'json'], refused.io), 2);
    assert.match(refused.out(), new RegExp(`--probe: not probing ${a.name}'s servers: running ${a.name}'s servers as ${a.name} needs root`));
    const asRoot = io(0);
    const code = await run(['scan', '--user', a.name, '--probe', '--no-project-scan', '--format', 'json'], asRoot.io);
    assert.equal(code, 1, asRoot.out());
    assert.doesNotMatch(asRoot.out(), /not probing/);
  });

  it('probe and why take one account: --all-users is refused there, never ignored', () => {
    for (const args of [['probe', '--all-users'], ['why', 'srv', '--all-users']]) {
      const r = cli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /one account/);
    }
  });

  it('--all-users refuses --user, --root and --project', () => {
    for (const extra of [['--user', 'root'], ['--root', scratch], ['--project', scratch]]) {
      const r = cli(['scan', '--all-users', ...extra]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--all-users/);
    }
  });
});
