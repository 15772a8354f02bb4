/**
 * The variables of a launch as they reach its processes: the host's env files, the entry's `env`
 * (a `null` value as the host treats it), and each `env` frame's assignments, with `env -i`,
 * `env -u` and later assignments ending earlier ones. Values never leave grade/.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import type { Platform } from '../shared/env.js';
import type { Reaching } from './env-reach.js';

/**
 * Hosts that document a `null` env value as "remove the variable": VS Code's extension API
 * (`McpStdioServerDefinition.env`: "overwrite or remove (if null)") and the builds that share its
 * MCP code. Elsewhere Node's child_process writes `${value}`, the string "null".
 */
const NULL_UNSETS = new Set(['vscode', 'vscode-insiders', 'vscodium']);

/**
 * Why an env key cannot be taken at its word: Node's child_process writes `${key}=${value}`
 * (lib/child_process.js normalizeSpawnArguments), so `A=B` as a key is the variable `A`; a NUL
 * ends the C string; whitespace and an empty name are names no lookup matches.
 */
export function malformedKey(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.includes('=')) return "it contains '=': the child sees the variable before it";
  if (name.includes('\0')) return 'it contains a NUL byte: the name ends there';
  if (/\s/.test(name)) return 'it contains whitespace';
  return undefined;
}

/**
 * Every variable that reaches a process of the chain, and from which frame to which: the host's
 * env files first (reaching the host itself, frame -1), then the entry's env, then each env frame's
 * assignments (from the frame after it). A later assignment of a name ends the earlier one where it
 * starts; `env -i` ends every earlier one after its own frame. Malformed entry keys are findings.
 */
export function reachingVariables(chain: LaunchChain, entry: ServerEntry, injected: readonly Reaching[], platform: Platform):
  { reaching: Reaching[]; malformed: { name: string; why: string }[] } {
  const key = (n: string): string => (platform === 'win32' ? n.toUpperCase() : n);
  const nullUnsets = NULL_UNSETS.has(entry.host);
  const out: Reaching[] = [...injected.filter((v) => v.from === -1)];
  const malformed = new Map<string, string>();
  for (const a of chain.env) {
    if (a.source !== 'entry-env') continue;
    const why = malformedKey(a.name);
    if (why !== undefined) { malformed.set(a.name, why); continue; }
    const value = a.value === null && !nullUnsets ? 'null' : a.value;
    out.push({ name: a.name, value, label: a.name, from: -1, to: Number.MAX_SAFE_INTEGER });
  }
  chain.frames.forEach((f, i) => {
    if (f.clearsEnv === true) for (let k = 0; k < out.length; k++) { const v = out[k]; if (v !== undefined && v.from <= i) out[k] = { ...v, to: Math.min(v.to, i) }; }
    for (const a of f.env ?? []) out.push({ name: a.name, value: a.value, label: a.name, from: i + 1, to: Number.MAX_SAFE_INTEGER });
    for (const v of injected) if (v.from === i) out.push(v);
  });
  // A later assignment of the same name ends an earlier one; two spellings of one Windows name in the entry both reach (the host picks one).
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (v === undefined) continue;
    const later = out.slice(i + 1).find((w) => key(w.name) === key(v.name) && !(w.from === -1 && v.from === -1 && w.file === undefined && v.file === undefined && w.name !== v.name));
    if (later !== undefined) out[i] = { ...v, to: Math.min(v.to, later.from - 1) };
  }
  return { reaching: out.filter((v) => v.to >= v.from), malformed: [...malformed].map(([name, why]) => ({ name, why })) };
}
