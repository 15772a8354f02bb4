/**
 * POSIX shells running a `-c` string (and the shebang of a launcher script). What each reads before
 * the command, from its own manual: bash (https://www.gnu.org/software/bash/manual/bash.html,
 * "Bash Startup Files": a non-interactive bash runs $BASH_ENV; `-l` the login files; `-i` ~/.bashrc;
 * SHELLOPTS/BASHOPTS turn options on, e.g. xtrace, which expands PS4; exported functions
 * `BASH_FUNC_name%%` replace commands), zsh (https://zsh.sourceforge.io/Doc/Release/Files.html:
 * /etc/zshenv and $ZDOTDIR/.zshenv on every start), dash and POSIX sh
 * (https://pubs.opengroup.org/onlinepubs/9799919799/utilities/sh.html: ENV for interactive shells).
 */
import type { ConfigFileSpec, Inventory, InventoryItem } from '../../shared/inventory.js';
import { each } from './build.js';

const BASH = 'https://www.gnu.org/software/bash/manual/bash.html';
const STARTUP = `${BASH}#Bash-Startup-Files`;
const ZSH = 'https://zsh.sourceforge.io/Doc/Release/Files.html';
const SH = 'https://pubs.opengroup.org/onlinepubs/9799919799/utilities/sh.html';

const lookup: InventoryItem = { kind: 'env', name: 'PATH', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'a command named without a slash is looked up on PATH', source: `${SH}#tag_20_110_13` };
const shellOptions = (source: string): InventoryItem[] => [
  ...each('option', 'benign', ['-c', '-e', '-u', '-f', '-o', '+o', '-O', '+O', '--norc', '--noprofile', '--posix', '--', '-'], 'the command string, stricter errors, no globbing, no start-up files', source),
  ...each('option', 'runs-code', ['-i', '-l', '--login', '--rcfile', '--init-file', '-x', '-v'], 'interactive or login start-up files run first; xtrace expands PS4', source),
];
const loginFiles = (source: string, files: readonly string[]): ConfigFileSpec[] =>
  files.map((path) => ({ path, format: 'script', scope: path.startsWith('~') ? 'user' : 'system', onlyWith: ['-l', '--login'], source }));

export const bashInventory: Inventory = {
  component: 'bash',
  source: BASH,
  items: [
    lookup,
    ...each('env', 'runs-code', ['BASH_ENV', 'SHELLOPTS', 'BASHOPTS', 'PS4', 'PROMPT_COMMAND', 'BASH_XTRACEFD', 'ENV', 'EXECIGNORE', 'GLOBIGNORE', 'BASH_LOADABLES_PATH'],
      'a start-up file run before the command; options turned on from the environment (xtrace expands PS4, which can run a command substitution)', STARTUP),
    { kind: 'env-family', name: 'BASH_FUNC_', effect: 'runs-code', note: 'an exported function BASH_FUNC_name%% replaces the command `name` (uv, dirname …)', source: `${BASH}#Shell-Functions` },
    ...each('env', 'unknown', ['CDPATH', 'POSIXLY_CORRECT', 'TMOUT', 'HISTFILE'], 'changes how the script behaves', `${BASH}#Bash-Variables`),
    ...each('env', 'benign', ['IFS', 'PS1', 'PS2', 'HOSTNAME', 'OLDPWD', 'INPUTRC', 'HISTSIZE', 'HISTCONTROL'], 'IFS is reset at start-up; prompts and history are interactive only', `${BASH}#Bash-Variables`),
    ...shellOptions(`${BASH}#Invoking-Bash`),
  ],
  configFiles: [
    ...loginFiles(STARTUP, ['/etc/profile', '~/.bash_profile', '~/.bash_login', '~/.profile']),
  ],
};

export const zshInventory: Inventory = {
  component: 'zsh',
  source: ZSH,
  items: [
    lookup,
    ...each('env', 'runs-code', ['ZDOTDIR', 'ENV', 'PS4', 'SHELLOPTS', 'FPATH', 'fpath', 'MODULE_PATH', 'module_path'], '$ZDOTDIR/.zshenv runs on every start; autoloaded functions and modules from a chosen path', ZSH),
    ...shellOptions('https://zsh.sourceforge.io/Doc/Release/Invocation.html'),
  ],
  configFiles: [
    { path: '/etc/zshenv', format: 'script', scope: 'system', source: `${ZSH} (always read)` },
    { path: '/etc/zsh/zshenv', format: 'script', scope: 'system', os: ['linux'], source: `${ZSH} (Debian's location of /etc/zshenv)` },
    { path: '~/.zshenv', format: 'script', scope: 'user', skippedBy: ['-f', '--no-rcs'], source: `${ZSH} ($ZDOTDIR/.zshenv, ZDOTDIR defaulting to the home)` },
    ...loginFiles(ZSH, ['/etc/zprofile', '~/.zprofile', '/etc/zlogin', '~/.zlogin']),
  ],
};

/** dash, POSIX sh, ksh, mksh, ash: a non-interactive shell reads no start-up file; ENV only when interactive. */
export const posixShInventory: Inventory = {
  component: 'sh',
  source: SH,
  items: [
    lookup,
    ...each('env', 'runs-code', ['ENV', 'PS4', 'FPATH'], 'ENV is run by an interactive shell; xtrace expands PS4; ksh autoloads functions from FPATH', SH),
    ...each('env', 'unknown', ['CDPATH', 'POSIXLY_CORRECT'], 'changes how the script behaves', SH),
    ...each('env', 'benign', ['IFS', 'PS1', 'PS2'], 'IFS is reset at start-up; prompts are interactive only', SH),
    ...shellOptions(SH),
  ],
  configFiles: loginFiles(SH, ['/etc/profile', '~/.profile']),
};
