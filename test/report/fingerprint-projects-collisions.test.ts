import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { cli } from '../cli/commands/cli-run.js';
import { fingerprintOf } from '../../src/report/fingerprint.js';
import { finding } from '../../src/rules/types.js';
import { noPinningProxy } from '../../src/rules/no-pinning-proxy.js';
import { REPORT_SCHEMA_VERSION } from '../../src/report/model.js';

/**
 * Found by review on the project part of fingerprints (commits 63f02fa, 170dcd2). Each test is a
 * way a suppression or a baseline written for one entry covers a different one, or one entry's
 * identity moves with nothing changed. They fail against that code; production code is untouched.
 */

const local = (launch: string): Record<string, unknown> => ({ mcpServers: { db: { command: 'npx', args: ['-y', launch] } }, hasTrustDialogAccepted: true });
const GATE = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=some-mcp'];

async function scanJson(home: string, ...extra: string[]) {
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', ...extra]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return parseReport(r.stdout);
}

async function ignoreFile(fp: string): Promise<string> {
  const file = path.join(await tempDir('mcp-audit-ignore'), '.mcp-audit-ignore.yaml');
  await fs.writeFile(file, `- fingerprint: ${fp}\n  reason: reviewed this one entry only\n  expires: 2999-01-01\n`);
  return file;
}

/**
 * The subject joins its parts with U+001F, and the entry of the project that is the home itself
 * has no project part (its file lies inside its project). So the Hangar upstream `tickets\x1fproject:b`
 * of the home's project and the upstream `tickets` of project b have one subject
 * (`tickets\x1fproject:b`), with host, scope, file and server (the aggregator entry) equal too.
 */
test('a Hangar upstream named with U+001F and project: cannot take on another project\'s upstream fingerprint', async () => {
  const home = await materializeHome({
    'b/.keep': '',
    '.config/mcp-hangar/config.yaml': 'mcp_servers:\n  tickets:\n    command: [uvx, tickets-mcp]\n  "tickets\\x1fproject:b":\n    command: [uvx, other-mcp]\n',
  });
  const hangar = { mcpServers: { hangar: { command: 'mcp-hangar', args: ['--config', path.join(home, '.config/mcp-hangar/config.yaml'), 'serve'] } }, hasTrustDialogAccepted: true };
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects: { [home]: hangar, [path.join(home, 'b')]: hangar } }));
  const first = await scanJson(home);
  const row = (project: string, upstream: string) => first.entries.find((e) => e.project === project && e.upstream === upstream);
  const odd = row(home, 'tickets\u001fproject:b');
  const victim = row(path.join(home, 'b'), 'tickets');
  assert.ok(odd !== undefined && victim !== undefined, 'both upstream rows are reported');
  const oddPrint = odd.findings.find((f) => f.id === 'hangar-tools-unpinned')?.fingerprint;
  assert.ok(oddPrint !== undefined);
  const second = await scanJson(home, '--ignore-file', await ignoreFile(oddPrint));
  const after = second.entries.find((e) => e.project === path.join(home, 'b') && e.upstream === 'tickets');
  assert.equal(after?.findings.find((f) => f.id === 'hangar-tools-unpinned')?.suppressed, undefined,
    "the suppression written for the home project's odd upstream must not silence project b's tickets");
});

/**
 * relativeToHome keeps a path outside the home absolute and cuts the home off a path inside
 * it, by string: `<home>//p` (the folder <home>/p, recorded as written) becomes `/p`, the same
 * subject as the project `/p` outside the home.
 */
test('a project under the home recorded with // does not share a fingerprint with a project outside the home', async () => {
  const home = await materializeHome({ p: { dir: true, mode: 0o755 } });
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects: { '/p': local('outside-db'), [`${home}//p`]: local('home-p-db') } }));
  const first = await scanJson(home);
  const rows = first.entries.filter((e) => e.name === 'db');
  assert.equal(rows.length, 2);
  // Under --root a recorded path outside the recorded home maps below the root's _system/ (discover/paths.ts).
  const outside = rows.find((e) => e.project === path.join(home, '_system', 'p'));
  const inside = rows.find((e) => e.project === `${home}//p`);
  const print = (e: typeof outside) => e?.findings.find((f) => f.id === 'no-pinning-proxy')?.fingerprint;
  assert.ok(print(outside) !== undefined && print(inside) !== undefined);
  const second = await scanJson(home, '--ignore-file', await ignoreFile(print(outside) ?? ''));
  const after = second.entries.find((e) => e.project === `${home}//p`);
  assert.equal(after?.findings.find((f) => f.id === 'no-pinning-proxy')?.suppressed, undefined, 'the suppression for /p must not silence <home>/p');
});

/**
 * Same collision on the baseline's entry key: two entries with one key, the map keeps the last,
 * and a grade regression of the other is judged against the wrong grade. Run once per order so
 * whichever one the map keeps, the other regresses.
 */
for (const regressing of ['/p', 'home//p'] as const) {
  test(`a grade regression of ${regressing} is found against a baseline holding /p and <home>//p`, async () => {
    const home = await materializeHome({ p: { dir: true, mode: 0o755 } });
    const key = (k: typeof regressing) => (k === '/p' ? '/p' : `${home}//p`);
    const other = regressing === '/p' ? 'home//p' : '/p';
    const gated = { mcpServers: { db: { command: 'uvx', args: GATE } }, hasTrustDialogAccepted: true };
    const write = (regressed: boolean) => fs.writeFile(path.join(home, '.claude.json'),
      JSON.stringify({ projects: { [key(regressing)]: regressed ? local('now-bare') : gated, [key(other)]: local('always-bare') } }));
    await write(false);
    const base = await scanJson(home);
    assert.equal(base.schemaVersion, REPORT_SCHEMA_VERSION);
    // A row's project is the key mapped as discovery maps recorded paths (/p: below the root's _system/).
    const mapped = (k: typeof regressing) => (k === '/p' ? path.join(home, '_system', 'p') : key(k));
    assert.deepEqual(base.entries.filter((e) => e.name === 'db').map((e) => `${e.project}=${e.grade}`).sort(),
      [`${mapped(regressing)}=unverifiable`, `${mapped(other)}=unprotected`].sort());
    const baseline = path.join(await tempDir('mcp-audit-baseline'), 'baseline.json');
    await fs.writeFile(baseline, JSON.stringify(base));
    await write(true);
    const now = await scanJson(home, '--baseline', baseline);
    assert.deepEqual(now.baseline?.regressions.map((r) => `${r.from}->${r.to}`), ['unverifiable->unprotected'], 'the one entry that got worse is a regression');
  });
}

/** The control for the two above: with keys that do not collide the same regression is found (this passes). */
test('control: a grade regression of a ~/.claude.json project entry is found against a 1.2.0 baseline', async () => {
  const home = await materializeHome({ p: { dir: true, mode: 0o755 } });
  const gated = { mcpServers: { db: { command: 'uvx', args: GATE } }, hasTrustDialogAccepted: true };
  const write = (regressed: boolean) => fs.writeFile(path.join(home, '.claude.json'),
    JSON.stringify({ projects: { '/q': regressed ? local('now-bare') : gated, [path.join(home, 'p')]: local('always-bare') } }));
  await write(false);
  const baseline = path.join(await tempDir('mcp-audit-baseline'), 'baseline.json');
  await fs.writeFile(baseline, JSON.stringify(await scanJson(home)));
  await write(true);
  const now = await scanJson(home, '--baseline', baseline);
  assert.deepEqual(now.baseline?.regressions.map((r) => `${r.from}->${r.to}`), ['unverifiable->unprotected']);
});

/**
 * An audit of a restored copy under --root reads `/home/alice/p` at <root>/p and names that
 * project's .mcp.json entries by `p/.mcp.json`, as the live audit of /home/alice does. Its
 * ~/.claude.json entries keep the project as recorded, absolute: the subject is
 * `project:/home/alice/p` under --root but `project:p` live, so a baseline or ignore file from
 * the live home matches nothing in the --root audit of the same files (and back).
 */
test('a ~/.claude.json project entry has the same fingerprint under --root as when the project is recorded at the home', async () => {
  const home = await materializeHome({ p: { dir: true, mode: 0o755 } });
  const claude = path.join(home, '.claude.json');
  const printFor = async (recorded: string) => {
    await fs.writeFile(claude, JSON.stringify({ projects: { [recorded]: local('db-srv') } }));
    const e = (await scanJson(home)).entries.find((x) => x.name === 'db');
    return e?.findings.find((f) => f.id === 'no-pinning-proxy')?.fingerprint;
  };
  // The live layout: the home records its own path. The restored layout: the original user's path.
  const live = await printFor(path.join(home, 'p'));
  const restored = await printFor('/home/alice/p');
  assert.ok(live !== undefined);
  assert.equal(restored, live, 'one project folder of one home: one fingerprint, --root mapping or not');
});

/**
 * isInside(configPath, project) drops the project part for every project that contains the
 * config file: the home itself and each of its ancestors (`/`, `/home`: Claude Code run as root
 * in a container at `/` and at `/root`), and with CLAUDE_CONFIG_DIR=~/.claude also ~/.claude.
 * These are the inputs discovery gives outside --root (the project key as written).
 */
test('projects that contain the config file (the home, its ancestors) still get fingerprints of their own', () => {
  const f = finding(noPinningProxy, { server: 'db', program: 'npx' });
  const print = (configPath: string, project: string, home: string) =>
    fingerprintOf(f, { host: 'claude-code', scope: 'project', configPath, name: 'db', project }, home);
  assert.notEqual(print('/root/.claude.json', '/', '/root'), print('/root/.claude.json', '/root', '/root'), 'a server of project / and one of project /root (the home) are different entries');
  assert.equal(new Set(['/', '/home', '/home/u'].map((p) => print('/home/u/.claude.json', p, '/home/u'))).size, 3);
  const relocated = (project: string) => print('/home/u/.claude/.claude.json', project, '/home/u');
  assert.notEqual(relocated('/home/u'), relocated('/home/u/.claude'), 'CLAUDE_CONFIG_DIR=~/.claude: projects ~ and ~/.claude');
});

/**
 * The ndjson entry identity joins the same parts with U+001F; the baseline entry key is a JSON
 * array. So the two follow different rules: for the Hangar rows of the first test the entry key
 * tells them apart and the ndjson entry fingerprint does not.
 */
test('ndjson entry fingerprints tell apart what the baseline entry key tells apart (Hangar upstream with U+001F)', async () => {
  const home = await materializeHome({
    'b/.keep': '',
    '.config/mcp-hangar/config.yaml': 'mcp_servers:\n  tickets:\n    command: [uvx, tickets-mcp]\n  "tickets\\x1fproject:b":\n    command: [uvx, other-mcp]\n',
  });
  const hangar = { mcpServers: { hangar: { command: 'mcp-hangar', args: ['--config', path.join(home, '.config/mcp-hangar/config.yaml'), 'serve'] } }, hasTrustDialogAccepted: true };
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects: { [home]: hangar, [path.join(home, 'b')]: hangar } }));
  const nd = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'ndjson']);
  const records = nd.stdout.trim().split('\n').map((l) => JSON.parse(l) as { record?: string; server?: string; fingerprint?: string })
    .filter((x) => x.record === 'entry' && x.server === 'hangar');
  assert.equal(records.length, 4, nd.stderr);
  assert.equal(new Set(records.map((x) => x.fingerprint)).size, 4, 'four entries, four identities');
});
