/**
 * The `env` launcher: GNU coreutils env(1) (https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html)
 * and BSD env(1) (https://man.freebsd.org/cgi/man.cgi?env). It reads PATH to find its program
 * (execvp) unless BSD `-P` names the directory; its options change the environment (applied by
 * the launch stage), the working directory (`-C`) or the lookup (`-P`).
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const GNU = 'https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html';
const BSD = 'https://man.freebsd.org/cgi/man.cgi?env';

export const envInventory: Inventory = {
  component: 'env',
  source: `${GNU}; ${BSD}`,
  items: [
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'execvp finds a program named without a slash on PATH', source: GNU },
    ...each('option', 'benign', ['-i', '--ignore-environment', '-', '-u', '--unset', '-S', '--split-string', '-0', '--null', '-v', '--debug',
      '--block-signal', '--default-signal', '--ignore-signal', '--list-signal-handling', '--'], 'clears or sets variables (applied), splits a string (applied), output and signal dispositions', GNU),
    ...each('option', 'changes-cwd', ['-C', '--chdir'], 'the directory the program starts in (applied to what it resolves against)', GNU),
    ...each('option', 'changes-lookup', ['-P'], 'BSD: the directory the program is looked up in, instead of PATH', BSD),
  ],
  configFiles: [],
};
