import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { envCodeInjection } from '../rules/env-code-injection.js';
import { envPathOverride } from '../rules/env-path-override.js';
import { envValue } from '../proxies/args.js';
import { foundByName } from './env-risk.js';
import { extraWriters } from './stores/file-state.js';

const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);
/** Start-up files a non-interactive shell runs: bash `BASH_ENV`, POSIX sh `ENV` (some shells), zsh `$ZDOTDIR/.zshenv`. */
const SHELL_STARTUP = ['BASH_ENV', 'ENV', 'ZDOTDIR'];

/** The first line of a file, read (never executed) up to 256 bytes. */
async function firstLine(file: string): Promise<string | undefined> {
  let handle: import('node:fs/promises').FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const buf = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buf, 0, 256, 0);
    const text = buf.subarray(0, bytesRead).toString('latin1');
    return text.split('\n')[0];
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/**
 * What the kernel runs for a `#!` launcher (execve(2): interpreter path, then one optional
 * argument). `#!/usr/bin/env NAME` (or `env -S NAME …`) finds NAME through PATH, which the entry's
 * env sets; a shell interpreter reads its start-up variables first.
 */
function shebang(line: string | undefined): { byName?: string; shell?: string } {
  if (line?.startsWith('#!') !== true) return {};
  const words = line.slice(2).trim().split(/[ \t]+/).filter((w) => w !== '');
  const interp = path.posix.basename(words[0] ?? '');
  if (interp === 'env') {
    const name = words.slice(1).find((w) => !w.startsWith('-'));
    return name === undefined ? {} : { byName: name, ...(POSIX_SHELLS.has(name) ? { shell: name } : {}) };
  }
  return POSIX_SHELLS.has(interp) ? { shell: interp } : {};
}

/** Findings the first line of the absolute-path launcher adds: PATH or a shell start-up variable now reaches a lookup. */
async function launcherFindings(chain: LaunchChain, rec: Recognition, server: string, program: string): Promise<Finding[]> {
  const { byName, shell } = shebang(await firstLine(program));
  const out: Finding[] = [];
  const set = (name: string): boolean => { const v = envValue(chain, name); return v.found && v.value !== null && v.value !== ''; };
  if (byName !== undefined && set('PATH') && !rec.bareName && !foundByName(chain)) {
    out.push(finding(envPathOverride, { server, proxy: rec.proxy, name: 'PATH' }));
  }
  const shellFrame = chain.frames.some((f) => f.kind === 'shell' && POSIX_SHELLS.has(f.name));
  if (shell !== undefined && !shellFrame) {
    for (const name of SHELL_STARTUP.filter(set)) {
      out.push(finding(envCodeInjection, { server, proxy: rec.proxy, name, runtime: `${shell} start-up file of ${path.posix.basename(program)}, before ${rec.runtime}` }));
    }
  }
  return out;
}

/**
 * The binary an entry names by absolute path decides what runs, as PATH does for a bare name: a
 * launcher on a network share, or one that another account (or anyone) can replace, is not
 * necessarily the proxy. Checked on this machine's files; a path that does not exist here (a
 * dotfiles repo audited elsewhere) is not judged.
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
  const launcher = await launcherFindings(chain, rec, server, program);
  for (let dir = path.posix.dirname(program); ; dir = path.posix.dirname(dir)) {
    try {
      const d = await fs.stat(dir);
      const sticky = (d.mode & 0o1000) !== 0;
      const who = extraWriters(d.mode & 0o7777);
      if ((who !== undefined && !sticky) || !trusted(d.uid)) {
        return [...launcher, ...report(`runs ${program} from ${dir}, which ${who !== undefined && !sticky ? `${who} can write` : 'another account owns'}`)];
      }
    } catch {
      return launcher;
    }
    if (dir === '/') return launcher;
  }
}
