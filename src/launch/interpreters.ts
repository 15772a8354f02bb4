/** Interpreters (`node script.js`, `python -m mod`, `python script.py`, `deno run …`) and containers. */
import { npmSpec } from './package-spec.js';
import { isPythonName, programName } from './program-name.js';
import { type Ctx, type Leaf, type Tok, execLeaf, noteDynamic, opaque, texts } from './context.js';
import { type Handler, npm, npx } from './runners.js';
import type { Frame, PackageRef } from './types.js';
import type { Mutable } from '../shared/extend.js';

interface Target {
  readonly module?: string;
  readonly script?: string;
  readonly package?: PackageRef;
}

/** An interpreter frame (with its module / script) as the last frame, and the process as leaf. */
function interpreterLeaf(prog: Tok, args: readonly Tok[], ctx: Ctx, target: Target): Leaf {
  noteDynamic(ctx, args);
  const name = programName(prog.text);
  const a = texts(args);
  const f: Mutable<Frame> = { kind: 'interpreter', program: prog.text, name, args: a };
  if (target.module !== undefined) f.module = target.module;
  if (target.script !== undefined) f.script = target.script;
  if (target.package !== undefined) f.package = target.package;
  ctx.frames.push(f);
  return { kind: 'exec', program: prog.text, name, args: a };
}

function refuse(prog: Tok, args: readonly Tok[], ctx: Ctx, reason: string): Leaf {
  ctx.frames.push({ kind: 'interpreter', program: prog.text, name: programName(prog.text), args: texts(args) });
  return opaque(reason, texts(args).join(' '));
}

const NODE_VALUES = ['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '--title',
  '-C', '--conditions', '--inspect-port', '--redirect-warnings', '--diagnostic-dir', '--report-dir',
  '--openssl-config', '--icu-data-dir', '--watch-path', '--disable-warning', '--env-file', '--stack-size'];

export const node: Handler = (prog, args, ctx, next) => {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]?.text ?? '';
    if (t === '-e' || t === '--eval' || t === '-p' || t === '--print' || t.startsWith('--eval=') || t.startsWith('--print=')) {
      return refuse(prog, args, ctx, 'inline code (node -e / -p)');
    }
    if (t === '-') return refuse(prog, args, ctx, 'script read from stdin');
    if (t === '--') {
      const s = args[i + 1];
      return s === undefined ? refuse(prog, args, ctx, 'node with no script') : interpreterLeaf(prog, args, ctx, { script: s.text });
    }
    if (t.startsWith('-')) { if (NODE_VALUES.includes(t)) i++; continue; }
    // `node …/npm/bin/npx-cli.js -y pkg` (a common Windows form) is npx itself.
    const cli = /^(npx|npm)-cli\.js$/i.exec(programName(t));
    if (cli?.[1] !== undefined) {
      ctx.frames.push({ kind: 'interpreter', program: prog.text, name: programName(prog.text), args: texts(args), script: t });
      const runner = cli[1].toLowerCase() === 'npx' ? npx : npm;
      return runner({ text: t }, args.slice(i + 1), ctx, next);
    }
    return interpreterLeaf(prog, args, ctx, { script: t });
  }
  return refuse(prog, args, ctx, 'node with no script reads stdin');
};

export const python: Handler = (prog, args, ctx) => {
  const launcher = programName(prog.text) === 'py';
  for (let i = 0; i < args.length; i++) {
    const t = args[i]?.text ?? '';
    if (launcher && i === 0 && /^-(\d[\d.-]*|V:.+)$/.test(t)) continue;
    if (t === '-') return refuse(prog, args, ctx, 'script read from stdin');
    if (t === '--') {
      const s = args[i + 1];
      return s === undefined ? refuse(prog, args, ctx, 'python with no script') : interpreterLeaf(prog, args, ctx, { script: s.text });
    }
    if (t.startsWith('--')) { if (t === '--check-hash-based-pycs') i++; continue; }
    const short = /^-([bBdEhiIOPqRsSuvVx]*)([mcWX])?(.*)$/.exec(t);
    if (short !== null) {
      const opt = short[2];
      const glued = short[3] ?? '';
      if (opt === undefined) continue;
      if (opt === 'c') return refuse(prog, args, ctx, 'inline code (python -c)');
      const value = glued !== '' ? glued : args[i + 1]?.text;
      if (glued === '') i++;
      if (opt === 'm') {
        return value === undefined ? refuse(prog, args, ctx, 'python -m with no module') : interpreterLeaf(prog, args, ctx, { module: value });
      }
      continue;
    }
    return interpreterLeaf(prog, args, ctx, { script: t });
  }
  return refuse(prog, args, ctx, 'python with no script reads stdin');
};

const DENO_VALUES = ['-c', '--config', '--import-map', '--lock', '--cert', '--location', '--seed', '--ext'];
const DENO_SUBCOMMANDS = ['task', 'eval', 'repl', 'install', 'compile', 'test', 'bench', 'fmt', 'lint', 'check', 'serve'];

export const deno: Handler = (prog, args, ctx) => {
  let i = 0;
  if (args[0]?.text === 'run') i = 1;
  else if (DENO_SUBCOMMANDS.includes(args[0]?.text ?? '')) return refuse(prog, args, ctx, `deno ${args[0]?.text ?? ''} does not run a plain script`);
  for (; i < args.length; i++) {
    const t = args[i]?.text ?? '';
    if (t.startsWith('-')) { if (DENO_VALUES.includes(t)) i++; continue; }
    if (t.startsWith('npm:')) return interpreterLeaf(prog, args, ctx, { script: t, package: npmSpec(t.slice(4)) });
    return interpreterLeaf(prog, args, ctx, { script: t });
  }
  return refuse(prog, args, ctx, 'deno with no script');
};

/** `docker run …`, `docker exec …`, `podman run …`: what runs is inside an image. Other subcommands are leaves. */
export const container: Handler = (prog, args, ctx) => {
  const a = texts(args);
  const sub = a[0] === 'container' || a[0] === 'compose' ? a[1] : a[0];
  if (sub === 'run' || sub === 'exec' || sub === 'start') {
    ctx.frames.push({ kind: 'exec', program: prog.text, name: programName(prog.text), args: a });
    return opaque('container image: what runs inside it cannot be seen from the config', a.join(' '));
  }
  return execLeaf(prog, args, ctx);
};

export { isPythonName };

/**
 * The interpreter's own options before its script or module, as its parser reads them (values
 * dropped): `python -Bu -W x -m m` → `-B`, `-u`, `-W`; `node --require=x s.js` → `--require`.
 */
export function interpreterOptions(frame: Frame): string[] {
  const stop = frame.module ?? frame.script;
  const end = stop === undefined ? frame.args.length : Math.max(0, frame.args.indexOf(stop));
  const before = frame.args.slice(0, end);
  const out: string[] = [];
  if (isPythonName(frame.name)) {
    for (let i = 0; i < before.length; i++) {
      const t = before[i] ?? '';
      if (t === '--') break;
      if (t.startsWith('--')) { out.push(t.split('=')[0] ?? t); if (t === '--check-hash-based-pycs') i++; continue; }
      const short = /^-([bBdEhiIOPqRsSuvVx]*)([mcWX])?(.*)$/.exec(t);
      if (short === null) continue;
      for (const c of short[1] ?? '') out.push(c === 'O' && (short[1] ?? '').includes('OO') ? '-OO' : `-${c}`);
      const opt = short[2];
      if (opt === undefined || opt === 'm' || opt === 'c') continue;
      out.push(`-${opt}`);
      if ((short[3] ?? '') === '') i++;
    }
    return [...new Set(out)];
  }
  for (let i = 0; i < before.length; i++) {
    const t = before[i] ?? '';
    if (t === '--') break;
    if (!t.startsWith('-')) continue;
    out.push(t.split('=')[0] ?? t);
    if (NODE_VALUES.includes(t)) i++;
  }
  return out;
}
