import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readSessionEnv, type SessionNotFollowed } from '../../src/discover/session-env.js';

/** Hyprland, tmux and VS Code's integrated terminal set the environment of what they start. */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

function home(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-appenv-')));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const NAMES = new Set(['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GOOSE_PATH_ROOT']);
const rows = (h: string, vars: Awaited<ReturnType<typeof readSessionEnv>>): string[] =>
  vars.map((v) => `${v.name} ${path.relative(h, v.file)}:${v.line} ${v.value ?? `(${v.unreadable ?? ''})`}`).sort();

describe('programs that set the environment of what they start', () => {
  it('Hyprland: env = NAME,VALUE with $variables; a source it cannot resolve is a floor cause', async () => {
    const h = home({
      '.config/hypr/hyprland.conf': '$d = /srv/claude\nenv = CLAUDE_CONFIG_DIR,$d # comment\nenvd = CODEX_HOME, $nope/x\nsource = $unset/more.conf\nenv = GOOSE_PATH_ROOT,~/g\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const vars = await readSessionEnv(h, 'linux', NAMES, notFollowed);
    assert.deepEqual(rows(h, vars), [
      'CLAUDE_CONFIG_DIR .config/hypr/hyprland.conf:2 /srv/claude',
      'CODEX_HOME .config/hypr/hyprland.conf:3 (uses $nope, a variable the audit does not know)',
      'GOOSE_PATH_ROOT .config/hypr/hyprland.conf:5 (not an absolute path)',
    ]);
    assert.deepEqual(notFollowed.map((n) => [n.line, n.setsUnknown]), [[4, true]]);
  });

  it('Hyprland 0.55 Lua: hl.env with a string or os.getenv("HOME") .. "…"; another form is a floor cause; uwsm env is shell', async () => {
    const h = home({
      '.config/hypr/hyprland.lua': 'hl.env("XCURSOR_SIZE", "24")\nhl.env("CLAUDE_CONFIG_DIR", os.getenv("HOME") .. "/.claude-lua") -- comment\nhl.env(name, "/x")\n',
      '.config/hypr/modules/ai.lua': "hl.env('CODEX_HOME', '/srv/cx')\n",
      '.config/uwsm/env-hyprland': 'export GOOSE_PATH_ROOT=$HOME/g\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const vars = await readSessionEnv(h, 'linux', NAMES, notFollowed);
    assert.deepEqual(rows(h, vars), [
      `CLAUDE_CONFIG_DIR .config/hypr/hyprland.lua:2 ${path.join(h, '.claude-lua')}`,
      'CODEX_HOME .config/hypr/modules/ai.lua:1 /srv/cx',
      `GOOSE_PATH_ROOT .config/uwsm/env-hyprland:1 ${path.join(h, 'g')}`,
    ]);
    assert.deepEqual(notFollowed.map((n) => [path.basename(n.file), n.line, n.setsUnknown]), [['hyprland.lua', 3, true]]);
  });

  it('tmux: set-environment and NAME=value set; -u, -r and -h do not; run-shell is a floor cause', async () => {
    const h = home({
      '.tmux.conf': 'CODEX_HOME=~/cx\nsetenv -gu CLAUDE_CONFIG_DIR /a\nset-environment -h GOOSE_PATH_ROOT /b\nset-environment -t main GOOSE_PATH_ROOT \'/srv/g\'\nrun-shell ~/.tmux/plugins/tpm/tpm\n',
    });
    const notFollowed: SessionNotFollowed[] = [];
    const vars = await readSessionEnv(h, 'darwin', NAMES, notFollowed);
    assert.deepEqual(rows(h, vars), [`CODEX_HOME .tmux.conf:1 ${path.join(h, 'cx')}`, 'GOOSE_PATH_ROOT .tmux.conf:4 /srv/g']);
    assert.deepEqual(notFollowed.map((n) => [n.line, n.setsUnknown]), [[5, true]]);
  });

  it('VS Code: terminal.integrated.env.<os> of the platform, in a profile too; ${env:NAME} unknown is no value', async () => {
    const settings = '{ "terminal.integrated.env.windows": { "CODEX_HOME": "C:\\\\cx" }, "terminal.integrated.env.linux": { "CODEX_HOME": "${env:NOPE}/x" } }';
    const h = home({
      'AppData/Roaming/Cursor/User/settings.json': settings,
      '.config/Code/User/profiles/abc/settings.json': settings,
    });
    assert.deepEqual(rows(h, await readSessionEnv(h, 'win32', NAMES)), ['CODEX_HOME AppData/Roaming/Cursor/User/settings.json:1 C:/cx']);
    assert.deepEqual(rows(h, await readSessionEnv(h, 'linux', NAMES)), [
      'CODEX_HOME .config/Code/User/profiles/abc/settings.json:1 (uses ${env:NOPE}, whose value the editor\'s session holds)',
    ]);
  });
});
