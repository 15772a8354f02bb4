/**
 * Package runners: npx, npm exec, pnpm dlx, bunx, yarn dlx (npm) and uvx, uv tool run, uv run,
 * pipx run (PyPI). Each records the package it fetches and hands the inner command back to unwrap.
 */
import { npmSpec, pypiSpec } from './package-spec.js';
import { programName } from './program-name.js';
import { shellWords } from './shell-words.js';
import {
  type Ctx, type Leaf, type Next, type OptionSpec, type SeenOption, type Tok,
  execLeaf, hasOption, opaque, optionValues, scanOptions, texts,
} from './context.js';
import type { Frame, PackageRef } from './types.js';
import type { Mutable } from '../shared/extend.js';

export type Handler = (prog: Tok, args: readonly Tok[], ctx: Ctx, next: Next) => Leaf;

const NPX: OptionSpec = {
  values: ['-p', '--package', '-c', '--call', '-w', '--workspace', '--registry', '--cache', '--userconfig',
    '--prefix', '--loglevel', '--node-options', '--script-shell', '--before', '--scope'],
  flags: ['-y', '--yes', '--no', '--no-yes', '-q', '--quiet', '--silent', '-s', '--prefer-offline', '--prefer-online',
    '--offline', '--ignore-existing', '--no-install', '--ws', '--workspaces', '--include-workspace-root', '--verbose',
    '-d', '-dd', '--no-audit', '--legacy-peer-deps', '--force', '-f'],
};
const PNPM_DLX: OptionSpec = {
  values: ['--package', '--allow-build', '--reporter', '--dir', '-C', '--registry'],
  flags: ['-c', '--shell-mode', '--silent', '-s'],
};
const BUNX: OptionSpec = { values: ['-p', '--package'], flags: ['--bun', '--silent', '--verbose', '--no-install'] };
const YARN_DLX: OptionSpec = { values: ['-p', '--package'], flags: ['-q', '--quiet'] };

const UV_VALUES = ['--from', '--with', '--with-editable', '--with-requirements', '--python', '-p', '--index',
  '--index-url', '-i', '--extra-index-url', '--default-index', '--find-links', '-f', '--constraints', '-c',
  '--overrides', '--build-constraints', '-b', '--env-file', '--cache-dir', '--directory', '--project',
  '--config-file', '--python-preference', '--index-strategy', '--keyring-provider', '--resolution', '--prerelease',
  '--exclude-newer', '--refresh-package', '--upgrade-package', '-P', '--reinstall-package', '--no-build-package',
  '--no-binary-package', '--link-mode', '--color', '--allow-insecure-host', '--fork-strategy', '--config-setting',
  '-C', '--torch-backend', '--with-executables-from', '--package', '--extra', '--group', '--only-group',
  '--no-group'];
const UV_FLAGS = ['--isolated', '--offline', '-q', '--quiet', '-v', '--verbose', '--no-cache', '-n', '--refresh',
  '--upgrade', '-U', '--reinstall', '--no-build', '--no-binary', '--native-tls', '--no-progress', '--no-config',
  '--no-python-downloads', '--managed-python', '--no-managed-python', '--compile-bytecode', '--no-sources', '--lfs',
  '--no-env-file', '--show-resolution', '--preview', '--no-project', '--frozen', '--locked', '--all-extras',
  '--no-dev', '--dev', '--no-sync', '--active', '--no-editable', '--exact', '--inexact', '--all-packages',
  '--all-groups', '--no-default-groups', '--gui-script', '--only-dev', '-s', '--script', '-m', '--module', '-qq', '-vv'];
const UV: OptionSpec = { values: UV_VALUES, flags: UV_FLAGS };
const UV_GLOBAL: OptionSpec = {
  values: ['--directory', '--project', '--cache-dir', '--python-preference', '--color', '--config-file'],
  flags: ['-q', '--quiet', '-v', '--verbose', '--offline', '--no-cache', '-n', '--native-tls', '--no-config',
    '--no-progress', '--preview', '--no-python-downloads', '--managed-python', '--no-managed-python'],
};
const PIPX_RUN: OptionSpec = {
  values: ['--spec', '--python', '--pip-args', '--index-url', '-i', '--backend', '--fetch-missing-python'],
  flags: ['--no-cache', '--path', '--pypackages', '--system-site-packages', '-q', '--quiet', '-v', '--verbose',
    '-e', '--editable', '--preinstall'],
};

function frame(prog: Tok, args: readonly Tok[], kind: Frame['kind'], pkg: PackageRef | undefined,
  seen: readonly SeenOption[] = []): Frame {
  const f: Mutable<Frame> = { kind, program: prog.text, name: programName(prog.text), args: texts(args) };
  if (seen.length > 0) f.options = seen.map((o) => (o.value === undefined ? { flag: o.flag } : { flag: o.flag, value: o.value }));
  if (pkg !== undefined) f.package = pkg;
  return f;
}

/** Run a package's bin directly: the package's name is the leaf (`npx -y mcp-remote@0.1.15 url`). */
function runPackageBin(pkg: PackageRef, rest: readonly Tok[], ctx: Ctx, next: Next): Leaf {
  if (pkg.name.includes('/') && !pkg.name.startsWith('@')) {
    return opaque('package from a path, URL or git spec: its bin is unknown', pkg.name);
  }
  if (pkg.name.startsWith('@')) return execLeaf({ text: pkg.name }, rest, ctx, pkg.name);
  return next([{ text: pkg.name }, ...rest], ctx);
}

/**
 * npx's own pre-parse (npm/cli@v11.19.1:bin/npx-cli.js, the loop before cli()) takes the word after
 * any option that is neither one of its switches (npm's Boolean definitions and a few of its own)
 * nor `--key=value` as that option's value, when the word does not start with `-`. npm itself
 * reads these three as switches: after one of them the package is swallowed, npx inserts no `--`
 * before it, and npm then reads the options after the package as its own and drops the first `--`.
 */
const NPX_SWALLOWS = ['--no', '--no-yes', '--no-audit'];

/** Runner frames: `npx` (npx-cli.js's pre-parse), `npm exec` (npm's own parser over the whole line), or another runner. */
type RunnerKind = 'npx' | 'npm-exec' | 'other';

/** npx / bunx / yarn dlx / pnpm dlx, from the argument after the runner (and its subcommand). */
function npmRunner(prog: Tok, all: readonly Tok[], from: number, spec: OptionSpec, ctx: Ctx, next: Next, kind: RunnerKind = 'other'): Leaf {
  const scan = scanOptions(all, from, spec);
  if (!scan.ok) { ctx.frames.push(frame(prog, all, 'package-runner', undefined)); return opaque(scan.reason, texts(all).join(' ')); }
  if (kind === 'npx' && !scan.dashDash) {
    const swallowed = all.slice(from, scan.next).findIndex((t, i, before) => NPX_SWALLOWS.includes(t.text) && i === before.length - 1);
    if (swallowed >= 0 && all[scan.next] !== undefined) {
      ctx.frames.push(frame(prog, all, 'package-runner', undefined, scan.seen));
      return opaque(`npx takes the word after ${all[from + swallowed]?.text ?? ''} as its value (npm/cli@v11.19.1:bin/npx-cli.js) where npm reads a switch: npm then reads the options after the package and drops the first --, so what runs is not what the line reads`, texts(all).join(' '));
    }
  }
  // npm exec parses options anywhere up to the first `--`, which it drops (npm-exec docs, "npx vs
  // npm exec"): an option after the package is npm's, not the package's.
  if (kind === 'npm-exec' && !scan.dashDash) {
    const after = all.slice(scan.next + 1);
    const end = after.findIndex((t) => t.text === '--');
    const beforeEnd = end < 0 ? after : after.slice(0, end);
    const option = beforeEnd.find((t) => t.text.startsWith('-') && t.text !== '-');
    if (option !== undefined) {
      ctx.frames.push(frame(prog, all, 'package-runner', undefined, scan.seen));
      return opaque(`npm exec reads ${option.text} after the package as its own option (https://docs.npmjs.com/cli/v11/commands/npm-exec#npx-vs-npm-exec)`, texts(all).join(' '));
    }
    if (end >= 0) return npmRunner(prog, [...all.slice(0, scan.next + 1), ...after.slice(0, end), ...after.slice(end + 1)], from, spec, ctx, next, 'other');
  }
  const explicit = optionValues(scan.seen, '-p', '--package')[0];
  const call = optionValues(scan.seen, '-c', '--call')[0];
  const rest = all.slice(scan.next);
  const shellMode = hasOption(scan.seen, '-c', '--shell-mode') && call === undefined;
  if (call !== undefined || shellMode) {
    ctx.frames.push(frame(prog, all, 'package-runner', explicit === undefined ? undefined : npmSpec(explicit), scan.seen));
    const line = call ?? texts(rest).join(' ');
    const words = shellWords(line);
    if (!words.ok) return { kind: 'opaque', why: words.problem };
    return next(words.value, ctx);
  }
  const head = rest[0];
  if (head === undefined) {
    ctx.frames.push(frame(prog, all, 'package-runner', explicit === undefined ? undefined : npmSpec(explicit), scan.seen));
    return opaque('package runner with no package to run', texts(all).join(' '));
  }
  if (explicit !== undefined) {
    ctx.frames.push(frame(prog, all, 'package-runner', npmSpec(explicit), scan.seen));
    return next(rest, ctx);
  }
  const pkg = npmSpec(head.text);
  ctx.frames.push(frame(prog, all, 'package-runner', pkg, scan.seen));
  if (head.dynamic !== undefined) return opaque(`package depends on ${head.dynamic}`, head.text);
  return runPackageBin(pkg, rest.slice(1), ctx, next);
}

export const npx: Handler = (prog, args, ctx, next) => npmRunner(prog, args, 0, NPX, ctx, next, 'npx');
export const bunx: Handler = (prog, args, ctx, next) => npmRunner(prog, args, 0, BUNX, ctx, next);
export const pnpx: Handler = (prog, args, ctx, next) => npmRunner(prog, args, 0, PNPM_DLX, ctx, next);

/** `npm exec|x …`; `npm start|run …` run package.json scripts (opaque); anything else is a leaf. */
export const npm: Handler = (prog, args, ctx, next) => {
  const sub = args[0]?.text;
  if (sub === 'exec' || sub === 'x') return npmRunner(prog, args, 1, NPX, ctx, next, 'npm-exec');
  if (sub === 'start' || sub === 'run' || sub === 'run-script' || sub === 'test') {
    ctx.frames.push(frame(prog, args, 'package-runner', undefined));
    return opaque('npm script: the command lives in package.json', texts(args).join(' '));
  }
  return execLeaf(prog, args, ctx);
};

/** `pnpm dlx …` (npm registry); `pnpm exec cmd` runs a local bin. */
export const pnpm: Handler = (prog, args, ctx, next) => {
  const sub = args[0]?.text;
  if (sub === 'dlx') return npmRunner(prog, args, 1, PNPM_DLX, ctx, next);
  if (sub === 'exec') { ctx.frames.push(frame(prog, args, 'package-runner', undefined)); return next(args.slice(1), ctx); }
  return execLeaf(prog, args, ctx);
};

export const yarn: Handler = (prog, args, ctx, next) => {
  if (args[0]?.text === 'dlx') return npmRunner(prog, args, 1, YARN_DLX, ctx, next);
  return execLeaf(prog, args, ctx);
};

export const bun: Handler = (prog, args, ctx, next) => {
  if (args[0]?.text === 'x') return npmRunner(prog, args, 1, BUNX, ctx, next);
  return execLeaf(prog, args, ctx);
};

/** uvx / uv tool run from argument `from`: `--from pkg==ver cmd …` or `pkg[==ver|@ver] …`. */
function uvToolRun(prog: Tok, all: readonly Tok[], from: number, ctx: Ctx, next: Next, spec: OptionSpec, fromFlag: string,
  pre: readonly SeenOption[] = []): Leaf {
  const scan = scanOptions(all, from, spec);
  if (!scan.ok) { ctx.frames.push(frame(prog, all, 'package-runner', undefined)); return opaque(scan.reason, texts(all).join(' ')); }
  // The last one wins (pipx --spec is an argparse store option); uvx refuses a repeated --from anyway.
  const explicit = optionValues(scan.seen, fromFlag).at(-1);
  const rest = all.slice(scan.next);
  const head = rest[0];
  if (head === undefined) {
    ctx.frames.push(frame(prog, all, 'package-runner', explicit === undefined ? undefined : pypiSpec(explicit), [...pre, ...scan.seen]));
    return opaque('package runner with no command to run', texts(all).join(' '));
  }
  if (explicit !== undefined) {
    ctx.frames.push(frame(prog, all, 'package-runner', pypiSpec(explicit), [...pre, ...scan.seen]));
    return next(rest, ctx);
  }
  const pkg = pypiSpec(head.text);
  ctx.frames.push(frame(prog, all, 'package-runner', pkg, [...pre, ...scan.seen]));
  if (head.dynamic !== undefined) return opaque(`package depends on ${head.dynamic}`, head.text);
  if (pkg.name.includes('/') || pkg.name.includes(':')) return opaque('package from a path or URL: its command is unknown', pkg.name);
  return next([{ text: pkg.name }, ...rest.slice(1)], ctx);
}

export const uvx: Handler = (prog, args, ctx, next) => uvToolRun(prog, args, 0, ctx, next, UV, '--from');

/** `uv [global opts] run …` and `uv tool run …`; other subcommands are leaves. */
export const uv: Handler = (prog, args, ctx, next) => {
  const g = scanOptions(args, 0, UV_GLOBAL);
  if (!g.ok) { ctx.frames.push(frame(prog, args, 'uv-run', undefined)); return opaque(g.reason, texts(args).join(' ')); }
  const sub = args[g.next]?.text;
  if (sub === 'tool' && args[g.next + 1]?.text === 'run') return uvToolRun(prog, args, g.next + 2, ctx, next, UV, '--from', g.seen);
  if (sub !== 'run') return execLeaf(prog, args, ctx);
  const scan = scanOptions(args, g.next + 1, UV);
  ctx.frames.push(frame(prog, args, 'uv-run', undefined, scan.ok ? [...g.seen, ...scan.seen] : g.seen));
  if (!scan.ok) return opaque(scan.reason, texts(args).join(' '));
  const rest = args.slice(scan.next);
  const head = rest[0];
  // `uv run -m mod` runs the first positional as a module: python -m mod.
  if (hasOption(scan.seen, '-m', '--module') && head !== undefined) return next([{ text: 'python' }, { text: '-m' }, ...rest], ctx);
  if (head === undefined) return opaque('uv run with no command', texts(args).join(' '));
  if (/\.pyw?$/i.test(head.text)) return next([{ text: 'python' }, ...rest], ctx);
  return next(rest, ctx);
};

/** `pipx run [--spec pkg==ver] app …`. */
export const pipx: Handler = (prog, args, ctx, next) => {
  if (args[0]?.text !== 'run') return execLeaf(prog, args, ctx);
  return uvToolRun(prog, args, 1, ctx, next, PIPX_RUN, '--spec');
};

/** Every option each runner's scanner accepts, by the component whose inventory must list it (test/launch/inventories.test.ts). */
export const RUNNER_OPTIONS: Readonly<Record<string, readonly OptionSpec[]>> = {
  npm: [NPX], pnpm: [PNPM_DLX], bun: [BUNX], yarn: [YARN_DLX], uv: [UV, UV_GLOBAL], pipx: [PIPX_RUN],
};
