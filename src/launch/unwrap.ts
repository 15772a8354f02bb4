/**
 * unwrap(entry) → LaunchChain: what a config entry really runs, seen through package runners,
 * env prefixes, shells and interpreters. What cannot be resolved becomes an opaque leaf with a
 * reason; nothing is guessed. Pure and total: never throws, whatever the entry holds.
 */
import type { ServerEntry } from '../parse/types.js';
import { type Ctx, type Leaf, type MutableAssignment, type Next, type Tok, MAX_DEPTH, execLeaf, opaque } from './context.js';
import { container, deno, node, python } from './interpreters.js';
import { isPythonName, programName } from './program-name.js';
import { type Handler, bun, bunx, npm, npx, pipx, pnpm, pnpx, uv, uvx, yarn } from './runners.js';
import { cmd, env, posixShell, powershell } from './shells.js';
import type { EnvAssignment, LaunchChain, OpaqueReason } from './types.js';

const HANDLERS: Readonly<Record<string, Handler>> = {
  npx, bunx, pnpx, npm, pnpm, yarn, bun, uvx, uv, pipx,
  env,
  sh: posixShell, bash: posixShell, zsh: posixShell, dash: posixShell, ksh: posixShell, ash: posixShell, mksh: posixShell,
  cmd,
  powershell, pwsh: powershell,
  node, nodejs: node,
  deno,
  docker: container, podman: container,
};

/** Every program name the launch stage unwraps (besides Python's: python, python3.12, py …): each has an inventory. */
export const UNWRAPPED_PROGRAMS: readonly string[] = Object.keys(HANDLERS);

function handlerFor(name: string): Handler | undefined {
  if (Object.hasOwn(HANDLERS, name)) return HANDLERS[name];
  return isPythonName(name) ? python : undefined;
}

/** `$X`, `${X}`, `%X%`: the program position depends on a variable. */
function variableIn(program: string): boolean {
  return program.includes('$') || /%[A-Za-z_][^%\s]*%/.test(program);
}

const step: Next = (argv, ctx) => {
  ctx.depth++;
  if (ctx.depth > MAX_DEPTH) return opaque('wrappers nested too deep', argv.map((t) => t.text).join(' '));
  const [head, ...args] = argv;
  if (head === undefined) return opaque('empty command', '');
  if (head.text.trim() === '') return opaque('empty program name', head.text);
  if (head.dynamic !== undefined || variableIn(head.text)) {
    return opaque(`program depends on ${head.dynamic ?? 'variable expansion'}`, head.text);
  }
  const handler = handlerFor(programName(head.text));
  return handler === undefined ? execLeaf(head, args, ctx) : handler(head, args, ctx, step);
};

/** JSON argv elements: host-side `${…}` interpolation (Claude Code, VS Code, Cursor) marks the value as unknown. */
function jsonTok(text: string): Tok {
  return /\$\{[^}]*\}/.test(text) ? { text, dynamic: 'host-side ${…} interpolation' } : { text };
}

function entryEnv(raw: unknown): MutableAssignment[] {
  const out: MutableAssignment[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const name of Object.keys(raw)) {
    const value: unknown = Reflect.get(raw, name);
    if (typeof value === 'string' || value === null) out.push({ name, value, source: 'entry-env' });
  }
  return out;
}

function stringArgs(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return undefined;
  const out: string[] = [];
  for (const a of raw) {
    if (typeof a !== 'string') return undefined;
    out.push(a);
  }
  return out;
}

function freeze(ctx: Ctx, leaf: Leaf): LaunchChain {
  const env = ctx.env.map((a): EnvAssignment => (a.cleared === true ? { name: a.name, value: a.value, source: a.source, cleared: true } : { name: a.name, value: a.value, source: a.source }));
  const chain: LaunchChain = { frames: [...ctx.frames], leaf, env };
  const unresolved: OpaqueReason[] = [...ctx.unresolved];
  return unresolved.length === 0 ? chain : { ...chain, unresolved };
}

function unwrapEntry(entry: ServerEntry): LaunchChain {
  const ctx: Ctx = { frames: [], env: entryEnv(entry.env), unresolved: [], depth: 0 };
  const command: unknown = entry.command;
  const url: unknown = entry.url;
  const remote = entry.transport === 'http' || entry.transport === 'sse';
  if (typeof url === 'string' && url.trim() !== '' && (remote || typeof command !== 'string' || command === '')) {
    return freeze(ctx, { kind: 'url', url });
  }
  if (typeof command !== 'string' || command === '') {
    return freeze(ctx, opaque(typeof url === 'string' ? 'empty url' : 'entry has neither a command nor a url', ''));
  }
  const args = stringArgs(entry.args);
  if (args === undefined) return freeze(ctx, opaque('args is not a list of strings', ''));
  return freeze(ctx, step([jsonTok(command), ...args.map(jsonTok)], ctx));
}

export function unwrap(entry: ServerEntry): LaunchChain {
  try {
    return unwrapEntry(entry);
  } catch (cause: unknown) {
    // Only reachable on a malformed entry object (e.g. a throwing getter): data, not a crash.
    const message = cause instanceof Error ? cause.message : 'unknown error';
    return { frames: [], leaf: opaque(`entry could not be read: ${message}`, ''), env: [] };
  }
}

/**
 * Unwraps a bare argv (a proxy's upstream command line, program first) as if it were an entry's
 * command and args, with no env of its own. Pure and total.
 */
export function unwrapArgv(argv: readonly string[]): LaunchChain {
  const ctx: Ctx = { frames: [], env: [], unresolved: [], depth: 0 };
  try {
    return freeze(ctx, step(argv.map(jsonTok), ctx));
  } catch (cause: unknown) {
    const message = cause instanceof Error ? cause.message : 'unknown error';
    return { frames: [], leaf: opaque(`argv could not be read: ${message}`, ''), env: [] };
  }
}
