import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Session files that put a folder of the home on PATH, in each shell's own form, where a script
 * named like a host program passes a config file (`claude --mcp-config FILE`): the folder is read
 * as the stock ~/.local/bin is, so the file's entries are listed. Lines that set what cannot be read
 * statically (eval, a variable name in pieces, a PATH folder from a command's output) are floor
 * causes naming their file and line. Homes are written to a temporary folder (fish's universal
 * variables hold absolute paths) and audited through the real CLI.
 */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

interface Entry { readonly host: string; readonly name: string; readonly configPath: string }
interface Cause { readonly kind: string; readonly detail: string; readonly path?: string; readonly line?: number }

function write(home: string, rel: string, text: string, mode = 0o644): void {
  const file = path.join(home, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode);
}

/** A wrapper `claude` in `dir` passing ~/<name>.json, which holds one server named `name`. */
function wrapper(home: string, dir: string, name: string): void {
  write(home, path.join(dir, 'claude'), `#!/bin/sh\nexec /usr/local/bin/claude --mcp-config ~/${name}.json "$@"\n`, 0o755);
  write(home, `${name}.json`, JSON.stringify({ mcpServers: { [name]: { command: 'npx', args: ['-y', `${name}@1.0.0`] } } }));
}

async function scan(home: string, platform = 'linux'): Promise<{ entries: readonly Entry[]; causes: readonly Cause[] }> {
  const r = await cli(['scan', '--root', home, '--platform', platform, '--list', '--format', 'json'], { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '' } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { entries: readonly Entry[]; floorCauses: readonly Cause[] };
  return { entries: out.entries, causes: out.floorCauses.filter((c) => c.kind === 'not-followed') };
}

function newHome(): string {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-path-folders-')));
  temps.push(home);
  return home;
}

/** A new home whose ~/.bashrc holds `lines`. */
function bashrcHome(lines: readonly string[]): string {
  const home = newHome();
  write(home, '.bashrc', [...lines, ''].join('\n'));
  return home;
}

describe('folders the session files put on PATH are read for host wrappers', () => {
  it('sh, zsh, csh and fish forms each bring their folder\'s wrapper config into the count', async () => {
    const home = newHome();
    write(home, '.bashrc', 'export PATH="$HOME/shbin:$PATH"\nPATH+=:~/appendbin\n');
    write(home, '.zshrc', 'path=(~/zbin $path)\n');
    write(home, '.cshrc', 'set path = ( ~/cbin $path )\nsetenv PATH ~/envbin:$PATH\n');
    write(home, '.config/fish/config.fish', 'fish_add_path -g ~/fbin\nset -gx PATH ~/setbin $PATH\n');
    write(home, '.config/fish/fish_variables', `# This file contains fish universal variable definitions.\nSETUVAR fish_user_paths:${home}/uvbin\\x1e${home}/uvbin2\n`);
    const dirs = ['shbin', 'appendbin', 'zbin', 'cbin', 'envbin', 'fbin', 'setbin', 'uvbin', 'uvbin2'];
    for (const d of dirs) wrapper(home, d, `w-${d}`);
    // A folder no file puts on PATH stays unread: its wrapper's config is not an entry.
    wrapper(home, 'notonpath', 'w-notonpath');
    const { entries } = await scan(home);
    const names = new Set(entries.filter((e) => e.host === 'claude-code').map((e) => e.name));
    for (const d of dirs) assert.ok(names.has(`w-${d}`), `w-${d} (a wrapper in ~/${d}) is listed; listed: ${[...names].join(', ')}`);
    assert.ok(!names.has('w-notonpath'));
  });

  it('a PATH folder from a command\'s output, eval and a variable name in pieces are floor causes at their lines', async () => {
    const home = bashrcHome([
      'export PATH="$(brew --prefix)/bin:$PATH"',
      'eval "$(cat ~/.envs)"',
      'export "CODEX_"HOME=~/cx',
      'P=CODEX; export ${P}_HOME=~/cx',
      'printf -v "$n" %s ~/cx',
      'set -- "$@"',
      'export PATH=~/ok:$PATH',
    ]);
    write(home, '.config/fish/config.fish', 'set -gx (echo CODEX_)HOME ~/cx\n');
    const { causes } = await scan(home);
    const bashrc = path.join(home, '.bashrc');
    const at = (file: string, line: number, word: RegExp): void => {
      assert.ok(causes.some((c) => c.path === file && c.line === line && word.test(c.detail)), `no cause at ${file}:${line} matching ${String(word)}:\n${causes.map((c) => `${c.path ?? ''}:${c.line ?? ''} ${c.detail}`).join('\n')}`);
    };
    at(bashrc, 1, /on PATH.*command's output/);
    at(bashrc, 2, /eval/);
    at(bashrc, 3, /"CODEX_"HOME/);
    at(bashrc, 4, /\$\{P\}_HOME/);
    at(bashrc, 5, /printf -v/);
    at(path.join(home, '.config/fish/config.fish'), 1, /computed/);
    // POSIX `set --` sets positional parameters, and a literal PATH folder is followed: neither is a cause.
    for (const line of [6, 7]) assert.ok(!causes.some((c) => c.path === bashrc && c.line === line), `line ${line} is no cause`);
  });

  it('evals of known output: Debian\'s dircolors and lesspipe are followed, Homebrew\'s shellenv puts its folders on PATH; the same names from a home folder are causes', async () => {
    const home = bashrcHome([
      '[ -x /usr/bin/lesspipe ] && eval "$(SHELL=/bin/sh lesspipe)"',
      'test -r ~/.dircolors && eval "$(dircolors -b ~/.dircolors)" || eval "$(dircolors -b)"',
      'eval "$(~/.linuxbrew/bin/brew shellenv)"',
      'eval "$(brew shellenv)"',
      'eval "$(dircolors -b)" && eval "$(cat ~/.envs)"',
    ]);
    wrapper(home, '.linuxbrew/bin', 'w-brew');
    write(home, '.linuxbrew/etc/paths', `${home}/.linuxbrew/bin\n${home}/brewpaths\n`);
    wrapper(home, 'brewpaths', 'w-brewpaths');
    const first = await scan(home);
    const bashrc = path.join(home, '.bashrc');
    const lines = (causes: readonly Cause[]): number[] => causes.filter((c) => c.path === bashrc).map((c) => c.line ?? 0);
    assert.deepEqual(lines(first.causes), [4, 5], first.causes.map((c) => c.detail).join('\n'));
    const names = new Set(first.entries.map((e) => e.name));
    assert.ok(names.has('w-brew') && names.has('w-brewpaths'), [...names].join(', '));
    // A `dircolors` in a folder of the home on the PATH may print anything: its eval is a cause.
    write(home, 'bin/dircolors', '#!/bin/sh\necho export CODEX_HOME=/tmp/x\n', 0o755);
    assert.deepEqual(lines((await scan(home)).causes), [2, 4, 5]);
  });

  it('PowerShell: Invoke-Expression, SetEnvironmentVariable and the env: drive cmdlets are causes at their lines', async () => {
    const home = newHome();
    const rel = 'Documents/PowerShell/Microsoft.PowerShell_profile.ps1';
    write(home, rel, [
      'iex (Get-Content ~/envs.ps1 -Raw)',
      "[Environment]::SetEnvironmentVariable('CODEX_' + 'HOME', 'C:\\x', 'Process')",
      "Set-Item -Path ('env:CODEX_' + 'HOME') -Value 'C:\\x'",
      "$env:EDITOR = 'code'",
      '',
    ].join('\r\n'));
    const { causes } = await scan(home, 'win32');
    const profile = path.join(home, rel);
    assert.deepEqual(causes.filter((c) => c.path === profile).map((c) => c.line), [1, 2, 3], causes.map((c) => c.detail).join('\n'));
  });

  it('a session file that cannot be read (a FIFO) is a floor cause naming it, and nothing hangs', async (t) => {
    const home = newHome();
    mkdirSync(path.join(home, '.config', 'environment.d'), { recursive: true });
    const fifo = path.join(home, '.config', 'environment.d', '10-x.conf');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.error !== undefined || made.status !== 0) { t.skip('mkfifo is not available here'); return; }
    const { causes } = await scan(home);
    assert.ok(causes.some((c) => c.path === fifo && /cannot be read/.test(c.detail)), causes.map((c) => `${c.path ?? ''} ${c.detail}`).join('\n'));
  });
});
