import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readSessionEnv, type SessionNotFollowed } from '../../src/discover/session-env.js';
import { materializeHome } from '../helpers/materialize.js';

/** kitty, Alacritty, WezTerm and GNU screen set the environment of every shell they start. */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

async function home(files: Record<string, string>): Promise<string> {
  const dir = await materializeHome(files, 'mcp-audit-termenv');
  temps.push(dir);
  return dir;
}

const NAMES = new Set(['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GOOSE_PATH_ROOT']);
const rows = (h: string, vars: Awaited<ReturnType<typeof readSessionEnv>>): string[] =>
  vars.map((v) => `${v.name} ${path.relative(h, v.file)}:${v.line} ${v.value ?? `(${v.unreadable ?? ''})`}`).sort();

describe('terminal emulators that set the environment of their shells', () => {
  it('kitty: ${NAME} of an unknown variable has no value; geninclude is a floor cause', async () => {
    const h = await home({ '.config/kitty/kitty.conf': 'env CODEX_HOME=${NOPE}/cx\nenv GOOSE_PATH_ROOT=/srv/g\ngeninclude gen.py\n' });
    const notFollowed: SessionNotFollowed[] = [];
    const vars = await readSessionEnv(h, 'linux', NAMES, notFollowed);
    assert.deepEqual(rows(h, vars), [
      'CODEX_HOME .config/kitty/kitty.conf:1 (uses ${NOPE}, a variable of kitty\'s environment the audit does not know)',
      'GOOSE_PATH_ROOT .config/kitty/kitty.conf:2 /srv/g',
    ]);
    assert.deepEqual(notFollowed.map((n) => [n.line, n.setsUnknown]), [[3, true]]);
  });

  it('Alacritty legacy YAML env; WezTerm Lua expressions have no value; screen setenv', async () => {
    const h = await home({
      '.alacritty.yml': 'env:\n  CLAUDE_CONFIG_DIR: /srv/claude\n',
      '.wezterm.lua': 'return {\n  set_environment_variables = { CODEX_HOME = os.getenv("X") .. "/cx" },\n}\n',
      '.screenrc': 'setenv GOOSE_PATH_ROOT /srv/goose\n',
    });
    const vars = await readSessionEnv(h, 'linux', NAMES, []);
    assert.deepEqual(rows(h, vars), [
      'CLAUDE_CONFIG_DIR .alacritty.yml:2 /srv/claude',
      'CODEX_HOME .wezterm.lua:2 (a Lua expression the audit does not evaluate)',
      'GOOSE_PATH_ROOT .screenrc:1 /srv/goose',
    ]);
  });
});
