/**
 * The `program` claim: what the host will exec is the genuine proxy's artifact, proven by facts
 * read about this entry, never by the absence of a danger.
 *
 * - A runner spec (`uvx --from P prog`, `npx -y P@v`): P is one of the proxy's own published names
 *   (its module's `packages`), and `prog` is one of its programs whose role is the proxy.
 * - A path: the file exists, it and every directory above it are owned by root or the user and
 *   writable by no one else, and it lies inside an installed copy of the proxy's package whose
 *   metadata names it (`*.dist-info/METADATA` `Name:` with the script in `RECORD`, or `package.json`
 *   `name` with the script in `bin`), or its bytes match a launcher the proxy released (sha256).
 * - A bare name: proven only where the PATH the host passes is known (the entry sets it): the
 *   program is then looked up there and proven as a path. The host's own PATH cannot be read.
 *
 * What runs a proxy's program is taken on trust only where no file can be read, and then as a
 * stated assumption (the runner the host finds by name), shown by `why`.
 */
import path from 'node:path';
import { isBareName } from '../launch/program-name.js';
import { pypiName } from '../launch/package-spec.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import { envValue } from '../proxies/args.js';
import type { Ecosystem, PinningProxy, ProxyProgram, VersionSource } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import type { Identified } from './release.js';
import { ownPackage } from './release.js';
import type { ArtifactFiles } from './stores/artifact-files.js';
import { sitePackagesOf, verifyPythonEnv } from './python-env.js';
import { recordRows } from './site-packages.js';
import { trustedPath } from './trusted-path.js';
import type { ClaimOutcome, FileFact } from './types.js';
import { release } from './versions.js';
import { parseJsonValue } from '../parse/json-value.js';

export interface ArtifactContext {
  readonly server: string;
  readonly uid: number | undefined;
  readonly files: ArtifactFiles;
  /** false for `check`: the files a launch names lie on the user's machine, not in the commit. */
  readonly examineFiles: boolean;
  /** Windows layouts: owner and mode bits prove nothing there. */
  readonly posix: boolean;
}

export interface ProgramOutcome extends ClaimOutcome {
  /** The release an installed copy or a released launcher identifies, when one was read. */
  readonly installed?: Identified;
  /**
   * Where that release was read: an install's own metadata (a version source the module must list),
   * or a launcher whose bytes the module records with its release.
   */
  readonly installedVia?: VersionSource | 'released-launcher';
}

/** The proxy's program that runs in this frame, and the subcommand words that select its role. */
function programOf(frame: Frame, proxy: PinningProxy): ProxyProgram | undefined {
  const candidates = proxy.programs.filter((p) => (p.kind === 'module' ? frame.module === p.name : frame.kind !== 'interpreter' && frame.name === p.name));
  if (candidates.length === 0) return undefined;
  const words = wordsBeforeSeparator(frame.args);
  // A subcommand that is not the proxy (`mcp-pin lookup`, `mcptrust lock`) wins wherever it stands.
  const other = candidates.find((p) => p.role === 'other' && p.subcommand.length > 0 && words.includes(p.subcommand[0] ?? ''));
  if (other !== undefined) return other;
  const proxyWith = candidates.find((p) => p.role === 'proxy' && p.subcommand.length > 0 && words.includes(p.subcommand[0] ?? ''));
  if (proxyWith !== undefined) return proxyWith;
  return candidates.find((p) => p.subcommand.length === 0);
}

function wordsBeforeSeparator(args: readonly string[]): readonly string[] {
  const cut = args.indexOf('--');
  return cut < 0 ? args : args.slice(0, cut);
}

/** The frame that runs the proxy: the last frame naming one of its programs. */
function proxyFrameIndex(chain: LaunchChain, proxy: PinningProxy): number {
  for (let i = chain.frames.length - 1; i >= 0; i--) {
    const f = chain.frames[i];
    if (f !== undefined && programOf(f, proxy) !== undefined) return i;
  }
  return -1;
}

const notProven = (open: string, findings: readonly Finding[] = [], extra: Partial<ProgramOutcome> = {}): ProgramOutcome =>
  ({ findings, proof: [], open, assumptions: [], files: [], ...extra });

/** `Key: value` from a METADATA (RFC 822 style) header block. */
function header(text: string, key: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    if (line === '') return undefined;
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (m !== null && m[1]?.toLowerCase() === key.toLowerCase()) return m[2]?.trim();
  }
  return undefined;
}

/**
 * A console script in a virtualenv's `bin/`: the `*.dist-info` of the proxy's package in
 * `lib/python3.*\/site-packages` whose `RECORD` lists that very script (packaging.python.org
 * "Recording installed projects": RECORD paths are relative to site-packages), and the whole
 * environment, interpreter included, proven as grade/python-env.ts reads it.
 */
async function pythonInstall(file: string, proxy: PinningProxy, ctx: ArtifactContext): Promise<{ fact: string; release?: string; metadata: string; broken?: string; assumptions?: readonly string[] } | undefined> {
  const bin = path.posix.dirname(file);
  if (path.posix.basename(bin) !== 'bin') return undefined;
  const venv = path.posix.dirname(bin);
  const lib = path.posix.join(venv, 'lib');
  for (const py of (await ctx.files.readDir(lib)) ?? []) {
    if (!/^python3(\.\d+)?$/.test(py)) continue;
    const site = path.posix.join(lib, py, 'site-packages');
    for (const d of (await ctx.files.readDir(site)) ?? []) {
      if (!d.endsWith('.dist-info')) continue;
      const metadataPath = path.posix.join(site, d, 'METADATA');
      const metadata = await ctx.files.readText(metadataPath);
      const name = metadata === undefined ? undefined : header(metadata, 'Name');
      if (name === undefined || !proxy.packages.pypi.some((n) => pypiName(n) === pypiName(name))) continue;
      const record = await ctx.files.readText(path.posix.join(site, d, 'RECORD'));
      const script = path.posix.relative(site, file);
      if (record === undefined || !recordRows(record).some((r) => r.path === script)) continue;
      const version = metadata === undefined ? undefined : header(metadata, 'Version');
      const rel = version === undefined ? undefined : release('pypi', version);
      const one = await sitePackagesOf(venv, ctx.files);
      const env = one === undefined || 'why' in one
        ? { ok: false as const, why: one?.why ?? `${lib} could not be read` }
        : await verifyPythonEnv({ root: venv, site, py, distInfo: d, script: file }, ctx);
      if (!env.ok) return { fact: '', metadata: metadataPath, broken: `${metadataPath} names ${name}, but ${env.why}` };
      return {
        fact: `${metadataPath} names ${name}${version !== undefined ? ` ${version}` : ''}, and its RECORD lists ${script} with its hash; ${env.fact}`,
        metadata: metadataPath, ...(rel !== undefined ? { release: rel } : {}), assumptions: env.assumptions,
      };
    }
  }
  return undefined;
}

/** An npm bin: the file resolves into `node_modules/<pkg>/`, whose package.json names the proxy and maps the bin to it. */
async function npmInstall(file: string, proxy: PinningProxy, ctx: ArtifactContext): Promise<{ fact: string; release?: string; metadata: string } | undefined> {
  const real = (await ctx.files.realpath(file)) ?? file;
  for (const name of proxy.packages.npm) {
    const marker = `/node_modules/${name}/`;
    const at = real.lastIndexOf(marker);
    if (at < 0) continue;
    const root = real.slice(0, at + marker.length - 1);
    const manifestPath = path.posix.join(root, 'package.json');
    const text = await ctx.files.readText(manifestPath);
    if (text === undefined) continue;
    let doc: unknown;
    try { doc = parseJsonValue(text); } catch { continue; }
    if (typeof doc !== 'object' || doc === null) continue;
    if (Reflect.get(doc, 'name') !== name) continue;
    const bin: unknown = Reflect.get(doc, 'bin');
    const targets = typeof bin === 'string' ? [bin] : typeof bin === 'object' && bin !== null ? Object.values(bin).filter((v): v is string => typeof v === 'string') : [];
    if (!targets.some((t) => path.posix.join(root, t) === real)) continue;
    const version: unknown = Reflect.get(doc, 'version');
    const rel = typeof version === 'string' ? release('npm', version) : undefined;
    return { fact: `${manifestPath} names ${name}${typeof version === 'string' ? ` ${version}` : ''} and maps a bin to ${real}`, metadata: manifestPath, ...(rel !== undefined ? { release: rel } : {}) };
  }
  return undefined;
}

/** A path-named program: trusted ownership, then an install that names it or a released launcher's bytes. */
async function pathArtifact(file: string, frame: Frame, proxy: PinningProxy, ctx: ArtifactContext, how: string): Promise<ProgramOutcome> {
  if (!ctx.examineFiles) {
    return { findings: [], proof: [], notExamined: `${file} lies on the user's machine, not in the committed config: check does not examine it`, assumptions: [], files: [] };
  }
  const trusted = await trustedPath(file, ctx);
  if (!trusted.ok) return notProven(`${how}: ${trusted.why}`);
  const program = programOf(frame, proxy);
  const py = await pythonInstall(file, proxy, ctx);
  if (py?.broken !== undefined) return notProven(`${how}: ${py.broken}`);
  const installed = py ?? (await npmInstall(file, proxy, ctx));
  const role = program?.role === 'proxy' ? `${frame.name} is ${proxy.id}'s proxy program (${program.source})` : undefined;
  const files: FileFact[] = [];
  if (installed !== undefined && role !== undefined) {
    files.push({ path: installed.metadata, state: 'read', summary: installed.fact, by: proxy.id });
    const eco: Ecosystem = installed.metadata.endsWith('package.json') ? 'npm' : 'pypi';
    // A dist-info RECORD hashes every file (verified above); npm keeps no per-file hashes.
    const unhashed = eco === 'npm' ? [`program: assumed the files of the copy at ${path.posix.dirname(installed.metadata)} are those npm unpacked from the release its package.json names (npm keeps no per-file hashes)`] : [];
    return {
      findings: [], proof: [how, trusted.fact, installed.fact, role], assumptions: [...unhashed, ...(py?.assumptions ?? [])], files,
      ...(installed.release !== undefined ? {
        installed: { ok: true, ecosystem: eco, release: installed.release, how: `the installed copy's ${path.posix.basename(installed.metadata)} says ${installed.release}` },
        installedVia: eco === 'npm' ? 'package-json' : 'dist-info',
      } : {}),
    };
  }
  const digest = await ctx.files.sha256(file);
  const launcher = digest === undefined ? undefined : proxy.launchers.find((l) => l.sha256 === digest);
  if (launcher !== undefined) {
    const assumptions = launcher.findsByName.map((n) => `program: assumed the ${n} that ${launcher.file} finds on the host's PATH is genuine (the host's PATH is not readable)`);
    // The launcher's release identifies what runs only when it is a release of the proxy's package;
    // an untagged checkout's launcher runs whatever code the checkout holds.
    const eco: Ecosystem | undefined = proxy.packages.pypi.length > 0 ? 'pypi' : proxy.packages.npm.length > 0 ? 'npm' : undefined;
    const rel = eco === undefined ? undefined : release(eco, launcher.release);
    return {
      findings: [], proof: [how, trusted.fact, `its sha256 ${digest} matches ${launcher.file} of ${proxy.id} ${launcher.release} (${launcher.source})`],
      assumptions, files: [],
      ...(eco !== undefined && rel !== undefined ? { installed: { ok: true, ecosystem: eco, release: rel, how: `its bytes are those of release ${launcher.release}'s ${launcher.file}` }, installedVia: 'released-launcher' } : {}),
    };
  }
  return notProven(`${how}: ${file} is neither inside an installed copy of ${proxy.id}'s package whose metadata names it, nor a launcher ${proxy.id} released${program?.role === 'other' ? `, and ${frame.name} ${program.subcommand.join(' ')} is not the proxy` : ''}`);
}

/** The directories of a PATH value, as the C library searches them (execvp(3)): an empty entry is the working directory. */
function pathDirs(value: string): string[] {
  return value.split(':').map((d) => (d === '' ? '.' : d));
}

export async function programClaim(chain: LaunchChain, proxy: PinningProxy, ctx: ArtifactContext): Promise<ProgramOutcome> {
  if (chain.leaf.kind === 'url') return notProven(`remote entry: recognised as ${proxy.id} from its URL or name; what serves that URL is not verified`);
  if (chain.leaf.kind === 'opaque') return notProven(`recognised as ${proxy.id}, but the launch line cannot be followed: ${chain.leaf.why.reason}`);
  const at = proxyFrameIndex(chain, proxy);
  const frame = chain.frames[at];
  if (frame === undefined) return notProven(`no frame runs one of ${proxy.id}'s own programs (${[...new Set(proxy.programs.map((p) => p.name))].join(', ')})`);
  const program = programOf(frame, proxy);
  if (program?.role !== 'proxy') {
    const what = `runs ${frame.name}${program !== undefined && program.subcommand.length > 0 ? ` ${program.subcommand.join(' ')}` : ''}, which is not ${proxy.id}'s proxy${program !== undefined ? ` (${program.what})` : ''}`;
    return notProven(what, [finding(launchOptionInjection, { server: ctx.server, proxy: proxy.id, what })]);
  }
  const runner = at > 0 ? chain.frames[at - 1] : undefined;
  if (runner !== undefined && (runner.kind === 'package-runner' || runner.kind === 'uv-run')) {
    const pkg = runner.package;
    if (pkg === undefined) return notProven(`${runner.name} runs ${frame.name} from its project environment, whose packages were not read`);
    if (!ownPackage(proxy, pkg.ecosystem, pkg.name)) {
      const what = `runs ${frame.name} from package ${pkg.name}, which is not one of ${proxy.id}'s published ${pkg.ecosystem} names (${proxy.packages[pkg.ecosystem].join(', ') || 'none'})`;
      return notProven(what, [finding(launchOptionInjection, { server: ctx.server, proxy: proxy.id, what })]);
    }
    // The runner runs the command word as the shell would: a word with a slash is that file
    // (execvp(3): no PATH search), not the program the package installed (astral-sh/uv
    // crates/uv/src/commands/tool/run.rs runs the given executable and only warns when the package
    // provides no such one; npm/cli workspaces/libnpmexec/lib/run-script.js runs the command with
    // the package's bin folder put on PATH, which a path never consults).
    if (!isBareName(frame.program)) {
      return notProven(`${runner.name} fetches ${pkg.name}, but runs ${frame.program} by its path, not the program the package installs`);
    }
    const assumptions = isBareName(runner.program)
      ? [`program: assumed the ${runner.name} the host finds on its PATH is the genuine ${runner.name} (the host's PATH is not readable)`] : [];
    const proof = [
      `${runner.name} fetches ${pkg.name}, one of ${proxy.id}'s published ${pkg.ecosystem} names`,
      `${frame.name} is ${proxy.id}'s proxy program (${program.source})`,
    ];
    if (!isBareName(runner.program)) {
      if (!ctx.examineFiles) return { findings: [], proof: [], notExamined: `${runner.program} lies on the user's machine: check does not examine it`, assumptions, files: [] };
      const trusted = await trustedPath(runner.program, ctx);
      if (!trusted.ok) return notProven(`the runner ${trusted.why}`);
      proof.push(trusted.fact);
      assumptions.push(`program: assumed ${runner.program} is the genuine ${runner.name}`);
    }
    return { findings: [], proof, assumptions, files: [] };
  }
  const named = frame.kind === 'interpreter' ? frame.script ?? frame.program : frame.program;
  if (frame.kind === 'interpreter' && frame.module !== undefined) {
    return notProven(`${frame.program} -m ${frame.module}: which installed copy provides the module depends on the interpreter's path, which was not read`);
  }
  if (!isBareName(named)) {
    if (!path.posix.isAbsolute(named)) return notProven(`${named} is a relative path: it resolves against whatever directory the host starts in`);
    return pathArtifact(named, frame, proxy, ctx, `${frame.name} is run by path`);
  }
  // Found by name: only a PATH the entry itself passes is known.
  const given = envValue(chain, 'PATH');
  if (!given.found || given.value === null || given.value === '') {
    return notProven(`${named} is found by name through the host's PATH, which cannot be read`);
  }
  for (const dir of pathDirs(given.value)) {
    if (!path.posix.isAbsolute(dir)) return notProven(`${named} is looked up through the entry's PATH, whose entry ${dir} is relative to the working directory`);
    const candidate = path.posix.join(dir, named);
    const st = await ctx.files.stat(candidate);
    if (st.kind === 'missing') continue;
    return pathArtifact(candidate, frame, proxy, ctx, `${named} is found through the PATH the entry passes, at ${candidate}`);
  }
  return notProven(`${named} is not found in any directory of the PATH the entry passes`);
}
