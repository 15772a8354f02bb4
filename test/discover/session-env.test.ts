import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { literal, readSessionEnv } from '../../src/discover/session-env.js';

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

  it('reads nothing when the hosts have no such variable', async () => {
    assert.deepEqual(await readSessionEnv(home({ '.bashrc': 'export CODEX_HOME=/x\n' }), 'linux', new Set()), []);
  });
});
