import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ALL_NAMES, literal, readSessionEnv, type LaunchOptionValue, type SessionNotFollowed } from '../../src/discover/session-env.js';

/** What the audited home's startup files say about host directory variables, read as text only. */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

function home(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-session-')));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const NAMES = new Set(['CODEX_HOME', 'XDG_CONFIG_HOME']);

describe('session files', () => {
  it('a literal is read; $HOME, ~ and variables the same files set literally are expanded', () => {
    const known = new Map([['HOME', '/h'], ['BASE', '/opt/b']]);
    assert.deepEqual(literal('"$HOME/x"', { home: '/h', known }), { value: '/h/x' });
    assert.deepEqual(literal('~/y', { home: '/h', known }), { value: '/h/y' });
    assert.deepEqual(literal("'${BASE}/z' # comment", { home: '/h', known }), { value: '/opt/b/z' });
    assert.deepEqual(literal('"${XDG_DATA_HOME:-$HOME/.local/share}/codex"', { home: '/h', known }), { value: '/h/.local/share/codex' });
    assert.deepEqual(literal('${BASE:-/nope}/q', { home: '/h', known }), { value: '/opt/b/q' });
  });

  it('anything else has no value, and says why', () => {
    const known = new Map([['HOME', '/h']]);
    assert.match(literal('$(mktemp -d)', { home: '/h', known }).unreadable ?? '', /command's output/);
    assert.match(literal('$UNSET/x', { home: '/h', known }).unreadable ?? '', /\$UNSET/);
    assert.match(literal('relative/dir', { home: '/h', known }).unreadable ?? '', /absolute/);
  });

  it('follows a literal `source`, reads ZDOTDIR\'s zsh files, and records forms it cannot read', async () => {
    const h = home({
      '.bashrc': 'if [ -f ~/.env.sh ]; then\n  . ~/.env.sh\nfi\n',
      '.env.sh': 'export CODEX_HOME="$HOME/cx"\n',
      '.zshenv': 'export ZDOTDIR=$HOME/.zsh\n',
      '.zsh/.zshrc': 'typeset -x XDG_CONFIG_HOME=$HOME/xdg\n',
      '.profile': 'eval "$(tool env)"; export CODEX_HOME XDG_CONFIG_HOME\n',
    });
    const got = (await readSessionEnv(h, 'linux', NAMES)).map((s) => [path.relative(h, s.file), s.line, s.name, s.value !== undefined ? path.relative(h, s.value) : `(${s.unreadable ?? ''})`]);
    assert.deepEqual(got, [
      ['.profile', 1, 'CODEX_HOME', '(set in a form the audit does not read)'],
      ['.profile', 1, 'XDG_CONFIG_HOME', '(set in a form the audit does not read)'],
      ['.env.sh', 1, 'CODEX_HOME', 'cx'],
      ['.zsh/.zshrc', 1, 'XDG_CONFIG_HOME', 'xdg'],
    ]);
  });

  it('fish, csh, environment.d and a launchd setenv', async () => {
    const h = home({
      '.config/fish/conf.d/ai.fish': 'set -gx CODEX_HOME /opt/cx\n',
      '.cshrc': 'setenv XDG_CONFIG_HOME /opt/xdg\n',
      '.config/environment.d/x.conf': 'CODEX_HOME=${HOME}/e\n',
      'Library/LaunchAgents/a.plist': '<array>\n<string>launchctl</string>\n<string>setenv</string>\n<string>CODEX_HOME</string>\n<string>/opt/l</string>\n</array>\n',
    });
    const linux = (await readSessionEnv(h, 'linux', NAMES)).map((s) => `${s.name}=${s.value ?? '?'}`).sort();
    assert.deepEqual(linux, ['CODEX_HOME=/opt/cx', `CODEX_HOME=${h}/e`, 'XDG_CONFIG_HOME=/opt/xdg'].sort());
    const mac = (await readSessionEnv(h, 'darwin', NAMES)).map((s) => `${s.name}=${s.value ?? '?'}`).sort();
    assert.ok(mac.includes('CODEX_HOME=/opt/l'), mac.join(' '));
  });

  it('Windows: a name in the registry hive NTUSER.DAT, as UTF-16LE, without a value', async () => {
    const h = home({});
    writeFileSync(path.join(h, 'NTUSER.DAT'), Buffer.concat([Buffer.from('regf'), Buffer.from('CODEX_HOME', 'utf16le')]));
    assert.deepEqual((await readSessionEnv(h, 'win32', NAMES)).map((s) => [s.name, s.value]), [['CODEX_HOME', undefined]]);
  });

  it('reads the system startup files placed in the audited tree, before the home\'s, and follows /etc/profile\'s loop', async () => {
    const h = home({
      '_sys/etc/profile': 'for i in /etc/profile.d/*.sh; do\n  [ -r $i ] && . $i\ndone\n',
      '_sys/etc/profile.d/a.sh': 'export BASE=/opt/base\n',
      '_sys/etc/environment': 'XDG_CONFIG_HOME="/srv/xdg"\n',
      '_sys/etc/security/pam_env.conf': 'CODEX_HOME DEFAULT=@{HOME}/pam-codex\n',
      '.profile': 'export CODEX_HOME="$BASE/cx"\n',
    });
    const place = (p: string): string => path.join(h, '_sys', p);
    const notFollowed: SessionNotFollowed[] = [];
    const got = (await readSessionEnv(h, 'linux', NAMES, notFollowed, { place })).map((s) => [path.relative(h, s.file), s.name, s.value]);
    assert.deepEqual(got, [
      ['_sys/etc/environment', 'XDG_CONFIG_HOME', '/srv/xdg'],
      ['_sys/etc/security/pam_env.conf', 'CODEX_HOME', `${h}/pam-codex`],
      ['.profile', 'CODEX_HOME', '/opt/base/cx'],
    ]);
    assert.deepEqual(notFollowed, []);
    // Without `place` (a bare home) no system file is read.
    assert.deepEqual((await readSessionEnv(h, 'linux', NAMES)).map((s) => path.relative(h, s.file)), ['.profile']);
  });

  it('follows nvm\'s backslash-dot, quoted words and loops over literal patterns; a loop over command output is a floor cause', async () => {
    const h = home({
      '.bashrc': [
        'export NVM_DIR="$HOME/.nvm"',
        '[ ! -s "$NVM_DIR/nvm.sh" ] || \\. "$NVM_DIR/nvm.sh"  # This loads nvm',
        'source ~/"my dots"/x.sh',
        'for f in ~/rc.d/*.sh; do . "$f"; done',
        'for g in $(ls ~/other); do . "$g"; done',
      ].join('\n'),
      '.nvm/nvm.sh': 'export CODEX_HOME=/opt/nvm\n',
      'my dots/x.sh': 'export XDG_CONFIG_HOME=/opt/quoted\n',
      'rc.d/1.sh': 'export CODEX_HOME=/opt/loop\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const got = (await readSessionEnv(h, 'linux', NAMES, notFollowed)).map((s) => `${s.name}=${s.value ?? '?'}`);
    assert.deepEqual(got, ['CODEX_HOME=/opt/nvm', 'XDG_CONFIG_HOME=/opt/quoted', 'CODEX_HOME=/opt/loop']);
    assert.deepEqual(notFollowed.map((n) => n.line), [5]);
    assert.match(notFollowed[0]?.detail ?? '', /\$\(ls/);
  });

  it('a line that only reads a host variable sets nothing; `${NAME:=…}` does', async () => {
    const h = home({ '.bashrc': 'echo "${XDG_CONFIG_HOME:-$HOME/.config}/x" $CODEX_HOME\n: "${CODEX_HOME:=/opt/d}"\n' });
    assert.deepEqual((await readSessionEnv(h, 'linux', NAMES)).map((s) => [s.line, s.name]), [[2, 'CODEX_HOME']]);
  });

  it('records the file values of a host option an alias or function gives, and which cannot be read', async () => {
    const h = home({
      '.bashrc': "alias claude='claude --mcp-config ~/a.json ~/b.json --verbose'\n",
      '.zshrc': 'function claude {\n  command claude --mcp-config=$HOME/c.json --mcp-config \'{"mcpServers":{}}\' rel.json "$@"\n}\nclaude --mcp-config ~/not-a-wrapper.json\n',
    });
    const launchOptions: LaunchOptionValue[] = [];
    const notFollowed: SessionNotFollowed[] = [];
    await readSessionEnv(h, 'linux', NAMES, notFollowed, { options: new Map([['claude', ['--mcp-config']]]), launchOptions });
    assert.deepEqual(launchOptions.map((o) => [path.relative(h, o.file), o.line, o.value !== undefined ? path.relative(h, o.value) : `(${o.unreadable ?? ''})`]), [
      ['.bashrc', 1, 'a.json'],
      ['.bashrc', 1, 'b.json'],
      ['.zshrc', 2, 'c.json'],
      ['.zshrc', 2, '(a JSON string, not a file)'],
      ['.zshrc', 2, '(not an absolute path)'],
    ]);
    // The alias adds another option (--verbose): a floor cause naming it; the function always is one;
    // line 4 runs claude itself with --mcp-config at every shell start, a form not followed: one too.
    assert.deepEqual(notFollowed.map((n) => [path.relative(h, n.file), n.line]), [['.bashrc', 1], ['.zshrc', 1], ['.zshrc', 4]]);
    assert.match(notFollowed[2]?.detail ?? '', /names --mcp-config in a form the audit does not follow/);
    assert.match(notFollowed[0]?.detail ?? '', /--verbose/);
  });

  it('a host command of an alias or function prefixed with `env NAME=V` or `NAME=V` gives its launch NAME, once per line', async () => {
    const h = home({ '.bashrc': "alias cx='env -u X CODEX_HOME=~/cx codex'\nai() {\n  CODEX_HOME=/srv/c command codex\n}\nalias ll='LC_ALL=C ls'\n" });
    const vars = await readSessionEnv(h, 'linux', NAMES);
    assert.deepEqual(vars.map((v) => [v.name, v.line, v.value]), [['CODEX_HOME', 1, path.join(h, 'cx')], ['CODEX_HOME', 3, '/srv/c']]);
    // The whole-session view: a prefix of a command that starts no host is that command's alone.
    const every = await readSessionEnv(h, 'linux', ALL_NAMES);
    assert.deepEqual(every.filter((v) => v.name === 'LC_ALL'), []);
    assert.ok(every.some((v) => v.name === 'CODEX_HOME' && v.line === 1));
  });

  it('reads nothing when the hosts have no such variable', async () => {
    assert.deepEqual(await readSessionEnv(home({ '.bashrc': 'export CODEX_HOME=/x\n' }), 'linux', new Set()), []);
  });
});
