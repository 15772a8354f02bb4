import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { execWords, unitWords } from '../../src/discover/launch-files.js';
import { ALL_NAMES, readSessionEnv, type LaunchOptionValue, type SessionNotFollowed } from '../../src/discover/session-env.js';

/** Desktop entries and systemd user units: what each launch line sets and passes to a host. */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

function home(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-launch-')));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const NAMES = new Set(['GOOSE_PATH_ROOT', 'CODEX_HOME', 'OPENCLAW_CONFIG_PATH']);
const OPTIONS = new Map([['claude', ['--mcp-config']]]);

describe('desktop entry Exec= words', () => {
  it('removes string escapes, then quoting, and drops field codes', () => {
    assert.deepEqual(execWords('env A=1 "/opt/My App/app" --x=\\\\$HOME %U'), ['env', 'A=1', '/opt/My App/app', '--x=\\$HOME']);
    assert.deepEqual(execWords('prog "a \\\\"quoted\\\\" b" 100%% %f'), ['prog', 'a "quoted" b', '100%']);
    // A string escape is removed first: `\s` is a space, which then separates arguments.
    assert.deepEqual(execWords('prog\\sone two'), ['prog', 'one', 'two']);
    assert.equal(execWords('prog "open'), undefined);
  });
});

describe('systemd unit words', () => {
  it('double and single quotes, C escapes, an open quote', () => {
    assert.deepEqual(unitWords('A=1 "B=two words" \'C=x y\' D=a\\ b'), ['A=1', 'B=two words', 'C=x y', 'D=a b']);
    assert.equal(unitWords('"A=1'), undefined);
  });
});

describe('launch files of a Linux session', () => {
  it('a desktop entry: env NAME=V is recorded for its launch, a host option read, a relative value not a path', async () => {
    const h = home({
      '.local/share/applications/goose.desktop': '[Desktop Entry]\nExec=env -u X GOOSE_PATH_ROOT=/srv/g /usr/lib/goose/Goose %U\n',
      '.local/share/applications/sub/ai.desktop': '[Desktop Entry]\nName=AI\n[Desktop Action extra]\nExec=claude --mcp-config /etc/m.json %F\n[Other Group]\nExec=claude --mcp-config /ignored.json\n',
      '.local/share/applications/rel.desktop': '[Desktop Entry]\nExec=env CODEX_HOME=~/.cx codex\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const launchOptions: LaunchOptionValue[] = [];
    const vars = await readSessionEnv(h, 'linux', NAMES, notFollowed, { options: OPTIONS, launchOptions });
    assert.deepEqual(vars.map((v) => [v.name, path.relative(h, v.file), v.line, v.value ?? v.unreadable]).sort(), [
      ['CODEX_HOME', '.local/share/applications/rel.desktop', 2, 'not an absolute path (a desktop entry runs no shell)'],
      ['GOOSE_PATH_ROOT', '.local/share/applications/goose.desktop', 2, '/srv/g'],
    ]);
    assert.deepEqual(launchOptions.map((o) => [o.option, o.value, o.line]), [['--mcp-config', '/etc/m.json', 4]]);
    assert.deepEqual(notFollowed, []);
  });

  it('a desktop entry\'s unfollowed host option, sh -c naming a host, and an install inside the home are floor causes; a system program with field codes is not', async () => {
    const h = home({
      '.local/share/applications/a.desktop': '[Desktop Entry]\nExec=/usr/share/code/code --user-data-dir /x %F\n',
      '.local/share/applications/b.desktop': '[Desktop Entry]\nExec=sh -c "cd ~/w && claude"\n',
      '.local/share/applications/c.desktop': '[Desktop Entry]\nExec=/usr/bin/codium %F\n',
    });
    const own = path.join(h, 'opt', 'VSCode', 'code');
    writeFileSync(path.join(h, '.local/share/applications/d.desktop'), `[Desktop Entry]\nExec=${own} %F\n`);
    const notFollowed: SessionNotFollowed[] = [];
    await readSessionEnv(h, 'linux', NAMES, notFollowed, { options: new Map([['code', ['--profile']]]) });
    const details = notFollowed.map((n) => `${path.basename(n.file)}:${n.line} ${n.detail.slice(n.detail.indexOf(' ') + 1)}`).sort();
    assert.equal(details.length, 3, details.join('\n'));
    assert.match(details[0] ?? '', /^a\.desktop:2 has a launch line \(Exec=\) that starts code with options the audit does not follow \(--user-data-dir\)/);
    assert.match(details[1] ?? '', /^b\.desktop:2 Exec= runs sh -c with code the audit does not evaluate/);
    assert.match(details[2] ?? '', /^d\.desktop:2 Exec= starts code from .*opt\/VSCode, an install inside the home/);
  });

  it('a user unit: Environment= (%h), an EnvironmentFile= of a drop-in, $NAME in ExecStart', async () => {
    const h = home({
      '.config/systemd/user/claw.service': '[Service]\nEnvironment="OPENCLAW_CONFIG_PATH=%h/claw.json" M=/m\nExecStart=/usr/bin/claude --mcp-config ${M}/servers.json\n',
      '.config/systemd/user/claw.service.d/env.conf': '[Service]\nEnvironmentFile=-%h/agent.env\n',
      'agent.env': '# comment\nCODEX_HOME="/srv/cx"\n',
      '.config/systemd/user/other.service.d/x.conf': '[Unit]\nEnvironment=GOOSE_PATH_ROOT=/not-service\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const launchOptions: LaunchOptionValue[] = [];
    const vars = await readSessionEnv(h, 'linux', NAMES, notFollowed, { options: OPTIONS, launchOptions });
    assert.deepEqual(vars.map((v) => [v.name, v.value ?? v.unreadable]).sort(), [
      ['CODEX_HOME', '/srv/cx'], ['OPENCLAW_CONFIG_PATH', path.join(h, 'claw.json')],
    ]);
    assert.deepEqual(launchOptions.map((o) => [o.option, o.value]), [['--mcp-config', '/m/servers.json']]);
    assert.deepEqual(notFollowed, []);
  });

  it('the whole-session view takes a launch\'s own variables only where it starts a host', async () => {
    const h = home({
      '.config/systemd/user/sync.service': '[Service]\nExecStart=/usr/bin/syncthing serve\nEnvironment=STNORESTART=1\n',
      '.config/systemd/user/cx.service': '[Service]\nExecStart=/usr/bin/codex mcp-server\nEnvironment=NODE_OPTIONS=--x\n',
      '.local/share/applications/w.desktop': '[Desktop Entry]\nExec=env WINEPREFIX=/w wine x.exe\n',
    });
    const vars = await readSessionEnv(h, 'linux', ALL_NAMES, [], {});
    assert.deepEqual(vars.map((v) => v.name).filter((n) => ['STNORESTART', 'NODE_OPTIONS', 'WINEPREFIX'].includes(n)), ['NODE_OPTIONS']);
  });
});
