/** The state unwrap.ts threads through the wrapper handlers, and the small helpers they share. */
import { programName } from './program-name.js';
import type { EnvAssignment, Frame, LaunchChain, OpaqueReason } from './types.js';

/** One argv element; `dynamic` says why its runtime value is unknown (variable, tilde, glob …). */
export interface Tok {
  readonly text: string;
  readonly dynamic?: string;
}

export type Leaf = LaunchChain['leaf'];

export interface MutableAssignment extends EnvAssignment {
  cleared?: true;
}

export interface Ctx {
  readonly frames: Frame[];
  readonly env: MutableAssignment[];
  readonly unresolved: OpaqueReason[];
  depth: number;
}

/** Continue unwrapping an inner command line. */
export type Next = (argv: readonly Tok[], ctx: Ctx) => Leaf;

export const MAX_DEPTH = 24;

export function opaque(reason: string, text: string): Leaf {
  return { kind: 'opaque', why: { reason, text } };
}

export function texts(argv: readonly Tok[]): string[] {
  return argv.map((t) => t.text);
}

export function tok(text: string): Tok {
  return { text };
}

/** Record the argument words whose value is not known from the config alone. */
export function noteDynamic(ctx: Ctx, argv: readonly Tok[]): void {
  for (const t of argv) {
    if (t.dynamic === undefined) continue;
    if (ctx.unresolved.some((u) => u.text === t.text && u.reason === t.dynamic)) continue;
    ctx.unresolved.push({ reason: t.dynamic, text: t.text });
  }
}

export interface OptionSpec {
  /** Options that take the next argument as their value. */
  readonly values: readonly string[];
  /** Options that take no value. */
  readonly flags: readonly string[];
}

export interface SeenOption {
  readonly flag: string;
  readonly value?: string;
}

export type Scan =
  | { readonly ok: true; readonly next: number; readonly seen: readonly SeenOption[]; readonly dashDash: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Read a runner's own options from argv[from] until the first positional (or `--`). An option we
 * do not know refuses: we cannot tell whether it swallows the next argument.
 */
export function scanOptions(argv: readonly Tok[], from: number, spec: OptionSpec): Scan {
  const seen: SeenOption[] = [];
  let i = from;
  while (i < argv.length) {
    const t = argv[i]?.text ?? '';
    if (t === '--') return { ok: true, next: i + 1, seen, dashDash: true };
    if (!t.startsWith('-') || t === '-') break;
    const eq = t.indexOf('=');
    if (t.startsWith('--') && eq > 0) {
      seen.push({ flag: t.slice(0, eq), value: t.slice(eq + 1) });
      i++;
      continue;
    }
    if (spec.flags.includes(t)) { seen.push({ flag: t }); i++; continue; }
    if (spec.values.includes(t)) {
      const v = argv[i + 1];
      if (v === undefined) return { ok: false, reason: `option ${t} without its value` };
      seen.push({ flag: t, value: v.text });
      i += 2;
      continue;
    }
    const glued = spec.values.find((f) => f.length === 2 && t.startsWith(f) && t.length > 2);
    if (glued !== undefined) { seen.push({ flag: glued, value: t.slice(2) }); i++; continue; }
    return { ok: false, reason: `unknown option ${t}: cannot tell whether it takes a value` };
  }
  return { ok: true, next: i, seen, dashDash: false };
}

/** Values of one option (any of its spellings) in the order seen. */
export function optionValues(seen: readonly SeenOption[], ...names: readonly string[]): string[] {
  const out: string[] = [];
  for (const s of seen) if (names.includes(s.flag) && s.value !== undefined) out.push(s.value);
  return out;
}

export function hasOption(seen: readonly SeenOption[], ...names: readonly string[]): boolean {
  return seen.some((s) => names.includes(s.flag));
}

/** The innermost program: an `exec` frame and the matching leaf. */
export function execLeaf(prog: Tok, args: readonly Tok[], ctx: Ctx, name: string = programName(prog.text)): Leaf {
  noteDynamic(ctx, args);
  const a = texts(args);
  ctx.frames.push({ kind: 'exec', program: prog.text, name, args: a });
  return { kind: 'exec', program: prog.text, name, args: a };
}
