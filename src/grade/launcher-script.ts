/**
 * A program named by absolute path may be a script: the kernel runs its `#!` interpreter first
 * (execve(2): the interpreter path, then the rest of the line as one argument), which reads its own
 * environment (bash: BASH_ENV), and `#!/usr/bin/env NAME` finds NAME on PATH. A shell launcher the
 * proxy released (its sha256 in the module's `launchers`) runs a known command line, whose frames
 * join the chain; any other shell script runs something not known.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { envSplit } from '../launch/env-split.js';
import { frameInventories } from '../launch/inventories/index.js';
import { isBareName } from '../launch/program-name.js';
import { unwrapArgv } from '../launch/unwrap.js';
import type { Frame } from '../launch/types.js';
import type { ReadOutcome } from '../discover/read-file.js';
import type { PinningProxy } from '../proxies/types.js';
import type { Inventory } from '../shared/inventory.js';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);

/** A component the script adds, with the frame it stands for (options, kind, working directory). */
export interface ScriptComponent {
  readonly inv: Inventory;
  readonly frame: Frame;
  readonly byName: boolean;
  /** The directory its config search starts from, when it is not the host's working directory. */
  readonly dir?: string;
}

export interface LauncherScript {
  readonly components: readonly ScriptComponent[];
  /** What was read, in words (for `why`). */
  readonly fact?: string;
  /** Set when the script runs something not known: the environment cannot be proven. */
  readonly open?: string;
}

const frame = (name: string, args: readonly string[] = []): Frame => ({ kind: 'exec', program: name, name, args });

/** `#!` line → the interpreter's program name and the words env would run, when the interpreter is env. */
function shebang(line: string): { interp: string; viaEnv: boolean; byName: boolean; words: readonly string[] } | undefined {
  const rest = line.slice(2).trim();
  const sp = rest.search(/[ \t]/);
  const interp = sp < 0 ? rest : rest.slice(0, sp);
  const arg = sp < 0 ? '' : rest.slice(sp).trim();
  if (path.posix.basename(interp) !== 'env') return { interp: path.posix.basename(interp), viaEnv: false, byName: false, words: [] };
  // Linux passes the whole rest of the line as one argument: only `-S` splits it.
  const split = arg.startsWith('-S') ? envSplit(arg.slice(2).trim()) : { ok: true as const, value: [{ text: arg }] };
  if (!split.ok) return undefined;
  const words = split.value.map((t) => t.text).filter((w) => w !== '' && !w.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  const name = words[0];
  return name === undefined ? undefined : { interp: path.posix.basename(name), viaEnv: true, byName: isBareName(name), words };
}

/** What the absolute program of the first frame adds to the chain when it is a script; undefined when it is not one. */
export async function launcherScript(program: string, args: readonly string[], by: PinningProxy, read: (p: string) => Promise<ReadOutcome>):
  Promise<LauncherScript | undefined> {
  const got = await read(program);
  if (got.kind !== 'text' || !got.text.startsWith('#!')) return undefined;
  const line = got.text.split('\n')[0] ?? '';
  const bang = shebang(line);
  if (bang === undefined) return { components: [], open: `${program} starts with a #! line env cannot run as written` };
  const out: ScriptComponent[] = [];
  if (bang.viaEnv) {
    for (const inv of frameInventories({ name: 'env' }) ?? []) out.push({ inv, frame: frame('env'), byName: bang.byName });
  }
  const interp = frameInventories({ name: bang.interp });
  if (interp === undefined) return { components: out, open: `${program} runs with ${bang.interp}, which has no inventory` };
  for (const inv of interp) out.push({ inv, frame: frame(bang.interp), byName: true });
  if (!SHELLS.has(bang.interp)) return { components: out, fact: `${program} is a ${bang.interp} script` };
  const sha = createHash('sha256').update(got.text, 'utf8').digest('hex');
  const released = by.launchers.find((l) => l.sha256 === sha);
  if (released === undefined) {
    return { components: out, open: `${program} is a ${bang.interp} script that is not a launcher ${by.id} released: what it runs and reads is not known` };
  }
  const dir = path.dirname(program);
  const argv = released.runs.flatMap((w) => (w === '<args>' ? [...args] : [w === '<dir>' ? dir : w]));
  const chain = unwrapArgv(argv);
  for (const f of chain.frames) {
    const invs = frameInventories(f);
    if (invs === undefined) continue; // the proxy's own program: its runtime and inputs are already in the chain
    const moved = (f.options ?? []).find((o) => o.flag === '--directory' || o.flag === '--project')?.value;
    for (const inv of invs) out.push({ inv, frame: f, byName: released.findsByName.includes(f.name), ...(moved !== undefined ? { dir: moved } : {}) });
  }
  return {
    components: out,
    fact: `${program} is ${released.file} as ${by.id} released it (${released.release}, sha256 ${sha.slice(0, 12)}…): it runs ${released.runs.join(' ')}, finding ${released.findsByName.join(', ')} on PATH`,
  };
}
