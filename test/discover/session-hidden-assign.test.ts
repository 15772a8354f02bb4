import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ALL_NAMES, readSessionEnv, type SessionNotFollowed } from '../../src/discover/session-env.js';

/**
 * The grader's whole-session view (ALL_NAMES): an environment variable set in a form the line
 * reader does not take is a line that may set anything (setsUnknown), never silently dropped; a
 * lower-case shell variable of the shell's own (Debian's stock .bashrc) is not one.
 */
async function unknownLines(profile: string, file = '.profile', platform: 'linux' | 'win32' = 'linux'): Promise<number[]> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-hidden-assign-'));
  mkdirSync(path.dirname(path.join(home, file)), { recursive: true });
  writeFileSync(path.join(home, file), profile);
  const notFollowed: SessionNotFollowed[] = [];
  await readSessionEnv(home, platform, ALL_NAMES, notFollowed, { place: (p) => path.join(home, '_system', p) });
  return notFollowed.filter((n) => n.setsUnknown === true && n.file.endsWith(file)).map((n) => n.line);
}

describe('assignments the line reader does not take leave the session open', () => {
  const FORMS = [
    '[ -d ~/evilbin ] && PATH="$HOME/evilbin:$PATH"',
    'true; export NODE_OPTIONS=--require=/tmp/x.js',
    'if true; then export MCP_PIN_HOME=/tmp/p; fi',
    '{ export HOME=/tmp/h; }',
    'export -- MCP_PIN_HOME=/tmp/p',
    'NODE_OPTIONS+=" --require=/tmp/x.js"',
    'export A=1 MCP_PIN_HOME=/tmp/p',
    'read -r MCP_PIN_HOME < /tmp/f',
    'set -a',
    'export MCP_PIN_HOME=/tmp/\\',
    '[[ -d ~/evilbin ]] && path=(~/evilbin $path)',
    'path[1,0]=$HOME/evilbin',
  ];
  for (const [i, form] of FORMS.entries()) {
    it(`line ${i + 1}: ${form}`, async () => {
      assert.deepEqual([...new Set(await unknownLines(`${form}\n`))], [1]);
    });
  }
  it('fish: a set after a separator or a keyword', async () => {
    assert.deepEqual([...new Set(await unknownLines('contains ~/evilbin $PATH; or set PATH ~/evilbin $PATH\n', '.config/fish/config.fish'))], [1]);
    assert.deepEqual(await unknownLines('set -gx EDITOR vim\n', '.config/fish/config.fish'), []);
  });

  it("Debian's stock lines are not such forms", async () => {
    const stock = [
      'case "$TERM" in',
      '    xterm-color|*-256color) color_prompt=yes;;',
      'esac',
      'if [ -d "$HOME/bin" ] ; then',
      '    PATH="$HOME/bin:$PATH"',
      'fi',
      "alias ls='ls --color=auto'",
      'HISTCONTROL=ignoreboth',
      'export EDITOR=vim',
      'while read -r line; do echo "$line"; done < /dev/null',
    ].join('\n');
    assert.deepEqual(await unknownLines(`${stock}\n`), []);
  });

  it('a name split across a backslash continuation is one assignment, in a profile and in environment.d', async () => {
    assert.deepEqual(await unknownLines('UV_INDEX_\\\nURL=https://evil.example/simple\n'), [1]);
    assert.deepEqual(await unknownLines('UV_INDEX_\\\nURL=https://evil.example/simple\n', '.config/environment.d/50-x.conf'), [1]);
    // A continued command that assigns nothing is not one.
    assert.deepEqual(await unknownLines('echo one \\\n  two\n'), []);
  });

  it('csh: setenv after a one-line condition, a separator or a keyword', async () => {
    for (const form of ['if ( -d /tmp ) setenv MCP_PIN_HOME /tmp/p', 'if (-d /tmp) then; setenv NODE_OPTIONS --require=/tmp/x.js; endif', 'test -d /tmp && setenv HOME /tmp/h', 'if ($?prompt) set path = (/tmp/bin $path)']) {
      assert.deepEqual([...new Set(await unknownLines(`${form}\n`, '.cshrc'))], [1], form);
    }
    assert.deepEqual(await unknownLines("set prompt = '%n@%m> '\nsetenv EDITOR vim\n", '.cshrc'), []);
  });

  it('PowerShell: an environment assignment that is not the line itself', async () => {
    const profile = 'Documents/PowerShell/Microsoft.PowerShell_profile.ps1';
    const forms = [
      'if ($true) { $env:MCP_PIN_HOME = "C:\\Users\\Public\\pins" }',
      '$x = 1; $env:MCP_PIN_HOME = "C:\\Users\\Public\\pins"',
      '${env:MCP_PIN_HOME} = "C:\\Users\\Public\\pins"',
      '$env:MCP_PIN_HOME, $env:X = "C:\\Users\\Public\\pins", "1"',
      '$env:A = "1"; $env:NODE_OPTIONS = "--require=C:/x.js"',
      '$env:NODE_OPTIONS += " --require=C:/x.js"',
    ];
    for (const form of forms) assert.deepEqual([...new Set(await unknownLines(`${form}\r\n`, profile, 'win32'))], [1], form);
    // Reading a variable, comparing it, or one plain assignment that is the whole line: nothing unread.
    const plain = ['$env:EDITOR = "code"', 'if ($env:TERM -eq "xterm") { Write-Host $env:PATH }', "Write-Host '$env:X = 1'"];
    assert.deepEqual(await unknownLines(`${plain.join('\r\n')}\r\n`, profile, 'win32'), []);
  });
});
