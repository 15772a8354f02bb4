import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { extraWriters } from './stores/file-state.js';

/**
 * The binary an entry names by absolute path decides what runs, as PATH does for a bare name: a
 * launcher on a network share, or one that another account (or anyone) can replace, is not
 * necessarily the proxy. Checked on this machine's files; a path that does not exist here (a
 * dotfiles repo audited elsewhere) is not judged. What a launcher script reads when it runs (its
 * interpreter's variables, the programs it finds on PATH) is the environment claim's (launcher-script.ts).
 */
export async function binaryLocationFindings(chain: LaunchChain, rec: Recognition, server: string, uid: number | undefined):
  Promise<Finding[]> {
  const program = chain.frames[0]?.program;
  if (program === undefined) return [];
  const report = (what: string): Finding[] => [finding(launchOptionInjection, { server, what, proxy: rec.proxy })];
  if (/^(\\\\|\/\/)[^\\/]/.test(program)) return report(`runs ${program} from a network share`);
  if (!path.posix.isAbsolute(program)) return [];
  let st: import('node:fs').Stats;
  try {
    st = await fs.stat(program);
  } catch {
    return [];
  }
  const trusted = (owner: number): boolean => owner === 0 || (uid !== undefined && owner === uid);
  const fileWho = extraWriters(st.mode & 0o7777);
  if (fileWho !== undefined || !trusted(st.uid)) {
    return report(`runs ${program}, which ${fileWho !== undefined ? `${fileWho} can write` : 'another account owns'}`);
  }
  for (let dir = path.posix.dirname(program); ; dir = path.posix.dirname(dir)) {
    try {
      const d = await fs.stat(dir);
      const sticky = (d.mode & 0o1000) !== 0;
      const who = extraWriters(d.mode & 0o7777);
      if ((who !== undefined && !sticky) || !trusted(d.uid)) {
        return [...report(`runs ${program} from ${dir}, which ${who !== undefined && !sticky ? `${who} can write` : 'another account owns'}`)];
      }
    } catch {
      return [];
    }
    if (dir === '/') return [];
  }
}
