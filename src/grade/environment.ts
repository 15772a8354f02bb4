/**
 * The `environment` claim: everything that reaches the processes of the launch, read and judged
 * against the inventories of the components that run (src/launch/inventories/, the proxy's own
 * `inputs`). The effective environment of each process = what the host loads (its env files, in
 * its order) + the entry's `env` + each `env` frame's assignments, later ones winning; each
 * component's config files are looked for where its own search looks; each option on the line is
 * looked up in its component's inventory. Proven only when every variable that reaches a component
 * is benign to it (or read by none of them), every file that could apply was looked for and holds
 * only benign keys, and every option has a modelled benign effect. The host's own process
 * environment cannot be read: a stated assumption.
 */
import path from 'node:path';
import { namesPresent } from '../discover/fold-case.js';
import { mapRecordedPath } from '../discover/paths.js';
import { readConfigFile, type ReadOutcome } from '../discover/read-file.js';
import { ALL_NAMES, readSessionEnv, type SessionNotFollowed, type SessionVariable } from '../discover/session-env.js';
import { chdirAfter } from '../launch/cwd-sensitive.js';
import { INVENTORIES, frameInventories, npmInventory, runtimeInventories } from '../launch/inventories/index.js';
import { interpreterOptions } from '../launch/interpreters.js';
import { isBareName } from '../launch/program-name.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { PROXIES } from '../proxies/index.js';
import type { PinningProxy, Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { envCodeInjection } from '../rules/env-code-injection.js';
import { envFamilyUnproven } from '../rules/env-family-unproven.js';
import { envFileUnread } from '../rules/env-file-unread.js';
import { envHomeOverride } from '../rules/env-home-override.js';
import { envInputUnproven } from '../rules/env-input-unproven.js';
import { envKeyMalformed } from '../rules/env-key-malformed.js';
import { envOverrideInert } from '../rules/env-override-inert.js';
import { envPackageSource } from '../rules/env-package-source.js';
import { envPathOverride } from '../rules/env-path-override.js';
import { envStoreOverride } from '../rules/env-store-override.js';
import { launchConfigUnproven } from '../rules/launch-config-unproven.js';
import { launchConfigUnreadable } from '../rules/launch-config-unreadable.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { runnerReleaseCutoff } from '../rules/runner-release-cutoff.js';
import type { ConfigFileSpec, Inventory } from '../shared/inventory.js';
import type { Platform } from '../shared/env.js';
import { parseConfig } from './config-files.js';
import { candidates, type SearchContext } from './config-search.js';
import { EFFECT_WORDS, benignValue, configItem, envItem, optionItem, verdicts, type Reaching, type Reader, type Verdict } from './env-reach.js';
import { launcherScript } from './launcher-script.js';
import { reachingVariables } from './env-assignments.js';
import type { ClaimOutcome, FileFact, GradeContext } from './types.js';

export interface EnvironmentInput {
  readonly chain: LaunchChain;
  readonly entry: ServerEntry;
  readonly rec: Recognition;
  readonly by: PinningProxy;
  readonly ctx: Pick<GradeContext, 'home' | 'platform' | 'auditRoot' | 'readConfig' | 'sessionGlob'>;
}

/** Every proxy module's own inputs: a variable one of them reads is worth reporting where none of this chain does. */
const PROXY_INPUTS: readonly Inventory[] = PROXIES.flatMap((p) => (p.pins ? [p.inputs] : []));

type Cwd = Reader['cwd'];

/** The working directory the host gives the entry (as discovery established it). */
function hostCwd(entry: Pick<ServerEntry, 'cwd' | 'launchCwd'>, home: string): Cwd {
  const cwd = entry.cwd !== undefined && entry.cwd.trim() !== '' ? { kind: 'explicit' as const, path: entry.cwd } : entry.launchCwd;
  if (cwd === undefined) return { unknown: 'not known (discovery does not model it for this host)' };
  if (cwd.kind === 'home') return { path: home };
  if (cwd.kind === 'explicit' || cwd.kind === 'project') return path.isAbsolute(cwd.path) ? { path: cwd.path } : { unknown: `the relative directory ${cwd.path}` };
  return { unknown: cwd.why };
}

/**
 * The host process's own working directory, against which it looks for its env files (Gemini CLI
 * `loadSettings(process.cwd())` → `findEnvFile(workspaceDir)`, google-gemini/gemini-cli@0038e45d
 * packages/cli/src/config/settings.ts): where it starts the entry when the entry names no cwd. An
 * entry's own `cwd` moves only the server, never where the host read its .env.
 */
function hostProcessCwd(entry: ServerEntry, home: string): Cwd {
  const at = entry.launchCwd;
  if (at?.kind !== 'explicit') return hostCwd(at === undefined ? {} : { launchCwd: at }, home);
  // The entry named its cwd, so discovery recorded that: the host's own folder is the project's, or not known for a user entry.
  return entry.project !== undefined ? { path: entry.project } : { unknown: `the folder ${entry.host} itself runs in (the entry's cwd moves only the server)` };
}

/** A directory relative to `base` (env -C, uv --directory), or why it is not known. */
function moved(base: Cwd, dir: string | undefined): Cwd {
  if (dir === undefined) return base;
  if (path.isAbsolute(dir)) return { path: dir };
  return 'path' in base ? { path: path.resolve(base.path, dir) } : { unknown: `${dir} below a working directory that is ${base.unknown}` };
}

/** A POSIX shell's own options before its command string: `-lc` → `-l`, `-c`. */
function shellOptions(f: Frame): string[] {
  const out: string[] = [];
  for (const a of f.args) {
    if (a === '--' || !/^[-+]/.test(a)) break;
    if (a.startsWith('--')) { out.push(a); continue; }
    for (const c of a.slice(1)) out.push(`-${c}`);
    if (a.slice(1).includes('c')) break;
  }
  return out;
}

/** The options a frame's component reads, as the launch stage parsed them. */
function frameOptions(f: Frame): string[] {
  if (f.kind === 'package-runner' || f.kind === 'uv-run') return (f.options ?? []).map((o) => o.flag);
  if (f.kind === 'interpreter') return interpreterOptions(f);
  if (f.kind === 'shell' && f.name !== 'cmd' && f.name !== 'powershell' && f.name !== 'pwsh') return shellOptions(f);
  // cmd and PowerShell options are case-insensitive and abbreviable: compared lower-cased, without `-` or `/`.
  if (f.kind === 'shell') return f.args.map((a) => a.toLowerCase().replace(/^[-/]+/, '')).map((a) => ('noprofile'.startsWith(a) && a.length >= 3 ? 'noprofile' : a));
  return [...f.args];
}

const skippedBy = (spec: ConfigFileSpec, options: readonly string[]): boolean =>
  (spec.skippedBy ?? []).some((s) => options.includes(s) || options.includes(s.toLowerCase().replace(/^[-/]+/, '')));

interface State {
  readonly input: EnvironmentInput;
  readonly findings: Finding[];
  readonly proof: string[];
  readonly files: FileFact[];
  readonly assumptions: Set<string>;
  readonly open: string[];
  readonly injected: Reaching[];
  readonly readPaths: Set<string>;
  benignKeys: number;
}

const subjectOf = (s: State): { server: string; proxy: string } => ({ server: s.input.entry.name, proxy: s.input.rec.proxy });

/** A key of a config file, judged by the inventory of the component that reads it. */
function judgeKey(s: State, reader: Reader, file: string, key: string, line: number, value: string | undefined, spec: ConfigFileSpec): void {
  const inv: Inventory = spec.format === 'npmrc' ? npmInventory : reader.inv;
  const name = spec.format === 'ini' ? key.slice(key.indexOf('.') + 1) : key;
  const item = spec.format === 'script' ? undefined : configItem(inv, name);
  const effect = item === undefined ? (spec.format === 'script' ? 'runs-code' : 'unknown')
    : benignValue(item, value ?? '\u0000', s.input.ctx.home, s.input.ctx.platform) ? 'benign' : item.effect;
  if (effect === 'benign') { s.benignKeys++; return; }
  if (effect === 'changes-release') {
    s.findings.push(finding(runnerReleaseCutoff, { ...subjectOf(s), launcher: inv.component, option: `${key} (${file}:${line})` }));
    return;
  }
  s.findings.push(finding(launchConfigUnproven, { ...subjectOf(s), reader: inv.component, file, line: String(line), key, effect: EFFECT_WORDS[effect] }));
}

/** Looks for every file one reader's inventory names; reads, parses and judges the ones found. */
async function readFiles(s: State, reader: Reader, search: SearchContext, env: ReadonlyMap<string, string>): Promise<void> {
  const specs = reader.inv.configFiles.filter((f) => (f.os === undefined || f.os.includes(s.input.ctx.platform))
    && (f.onlyIn === undefined || f.onlyIn.includes(reader.frameKind))
    && (f.onlyWith === undefined || f.onlyWith.some((o) => reader.options.includes(o)))
    && !skippedBy(f, reader.options));
  const groups = new Map<string, ConfigFileSpec[]>();
  for (const spec of specs) groups.set(spec.group ?? `#${groups.size}`, [...(groups.get(spec.group ?? `#${groups.size}`) ?? []), spec]);
  for (const group of groups.values()) {
    const lists = await Promise.all(group.map(async (spec) => ({ spec, ...(await candidates(spec, reader.cwd, search)) })));
    if (lists.some((l) => l.standIns)) {
      s.assumptions.add('environment: assumed under --root the home is taken to be /home/<user>; its parent folders are read below <root>/_system/');
    }
    // Alternatives (a group) are tried folder by folder in spec order, then the fixed paths: the first found is the one loaded.
    const order = lists.flatMap((l) => l.list.map((c) => ({ spec: l.spec, c, rank: c.kind === 'path' && l.spec.walk !== undefined ? c.dirIndex : 1e6 })))
      .sort((a, b) => a.rank - b.rank);
    const first = group[0]?.group !== undefined;
    for (const { spec, c } of first ? order : lists.flatMap((l) => l.list.map((c2) => ({ spec: l.spec, c: c2 })))) {
      if (c.kind === 'not-examined') {
        s.files.push({ path: c.display, state: 'not-examined', summary: c.why, by: reader.inv.component });
        s.open.push(`${reader.inv.component} may read ${c.display}, which was not examined: ${c.why}`);
        continue;
      }
      if (s.readPaths.has(c.path)) continue;
      s.readPaths.add(c.path);
      const got = await search.read(c.path);
      if (got.kind === 'absent') { s.files.push({ path: c.path, state: 'absent', summary: 'does not exist', by: reader.inv.component }); continue; }
      if (got.kind === 'problem') {
        s.files.push({ path: c.path, state: 'unreadable', summary: got.detail, by: reader.inv.component });
        s.findings.push(finding(launchConfigUnreadable, { ...subjectOf(s), reader: reader.inv.component, file: c.path, reason: got.detail }));
        if (first) break;
        continue;
      }
      const parsed = parseConfig(got.text, spec, env);
      if (!parsed.ok) {
        s.files.push({ path: c.path, state: 'unreadable', summary: parsed.reason, by: reader.inv.component });
        s.findings.push(finding(launchConfigUnreadable, { ...subjectOf(s), reader: reader.inv.component, file: c.path, reason: parsed.reason }));
      } else if (spec.format === 'dotenv' || spec.format === 'json-env') {
        // Variables a component loads into its own environment reach it and every process after it.
        for (const k of parsed.keys) {
          s.injected.push({ name: k.key, value: k.value ?? '', label: `${k.key} (from ${c.path}:${k.line})`, from: reader.at, to: Number.MAX_SAFE_INTEGER, file: { path: c.path, line: k.line } });
        }
        s.files.push({ path: c.path, state: 'read', summary: parsed.keys.length === 0 ? 'sets no variable' : `sets ${parsed.keys.map((k) => k.key).join(', ')}`, by: reader.inv.component });
      } else {
        const before = s.findings.length;
        for (const k of parsed.keys) judgeKey(s, reader, c.path, k.key, k.line, k.value, spec);
        const keys = parsed.keys.map((k) => k.key);
        s.files.push({ path: c.path, state: 'read', summary: keys.length === 0 ? 'sets nothing' : `${s.findings.length === before ? 'holds only' : 'holds'} ${keys.join(', ')}`, by: reader.inv.component });
      }
      if (first) break;
    }
  }
}

/** Every option on the line, judged by its frame's own component. */
function judgeOptions(s: State, frames: readonly Frame[], readers: readonly Reader[]): void {
  frames.forEach((f, i) => {
    const own = readers.find((r) => r.at === i);
    if (own === undefined) return;
    if (f.kind === 'env') {
      const next = frames[i + 1]?.program;
      if (f.lookup !== undefined && next !== undefined && isBareName(next)) {
        s.findings.push(finding(launchOptionInjection, { ...subjectOf(s), what: `passes -P ${f.lookup} to ${f.name}, which looks ${next} up there instead of on PATH` }));
      }
      return;
    }
    if (f.kind !== 'package-runner' && f.kind !== 'uv-run' && f.kind !== 'interpreter' && !(f.kind === 'shell' && own.inv.component !== 'cmd' && own.inv.component !== 'powershell')) return;
    for (const flag of own.options) {
      const item = optionItem(own.inv, flag);
      const effect = item?.effect ?? 'unknown';
      if (effect === 'benign') continue;
      if (effect === 'changes-release') { s.findings.push(finding(runnerReleaseCutoff, { ...subjectOf(s), launcher: f.name, option: flag })); continue; }
      s.findings.push(finding(launchOptionInjection, { ...subjectOf(s), what: `passes ${flag} to ${f.name}, which ${EFFECT_WORDS[effect]}` }));
    }
  });
}

/** One finding per variable: the first non-benign verdict, in the words of its rule. */
function judgeVariable(s: State, v: Reaching, found: readonly Verdict[]): void {
  const bad = found.find((x) => x.effect !== 'benign');
  if (bad === undefined) return;
  const base = { ...subjectOf(s), name: v.label };
  const reader = bad.reader.inv.component;
  switch (bad.effect) {
    case 'runs-code': s.findings.push(finding(envCodeInjection, { ...base, runtime: reader })); return;
    case 'moves-store': s.findings.push(finding(envStoreOverride, base)); return;
    case 'moves-home': s.findings.push(finding(envHomeOverride, base)); return;
    case 'changes-lookup': s.findings.push(finding(envPathOverride, base)); return;
    case 'changes-source':
    case 'changes-cwd': s.findings.push(finding(envPackageSource, { ...base, launcher: reader })); return;
    case 'changes-release': s.findings.push(finding(runnerReleaseCutoff, { ...subjectOf(s), launcher: reader, option: v.label })); return;
    case 'changes-mode':
    case 'changes-identity':
    case 'unknown':
      if (bad.viaFamily) s.findings.push(finding(envFamilyUnproven, { ...base, family: `${bad.item.name}*`, reader }));
      else s.findings.push(finding(envInputUnproven, { ...base, reader, note: bad.item.note }));
      return;
    case 'benign': return;
  }
}

export async function environmentClaim(input: EnvironmentInput): Promise<ClaimOutcome> {
  const { chain, entry, by, ctx } = input;
  const s: State = { input, findings: [], proof: [], files: [], assumptions: new Set(), open: [], injected: [], readPaths: new Set(), benignKeys: 0 };
  if (chain.leaf.kind === 'url') {
    return { findings: [], proof: ['the entry is remote (url): the host starts no local process whose environment could change what answers'], assumptions: [], files: [] };
  }
  if (chain.leaf.kind === 'opaque') {
    return { findings: [], proof: [], open: `the launch line cannot be followed (${chain.leaf.why.reason}): which components read the environment is not known`, assumptions: [], files: [] };
  }
  const read = readerFor(ctx);
  const search: SearchContext = { home: ctx.home, platform: ctx.platform, auditRoot: ctx.auditRoot === true, read };
  const frames = chain.frames;
  const base = hostCwd(entry, ctx.home);
  const cwdAt = (i: number): Cwd => moved(base, chdirAfter(frames, i));
  const readers: Reader[] = [];
  const hostFiles = entry.hostEnvFiles;
  if (hostFiles === undefined) s.open.push(`discovery did not establish which env files ${entry.host} loads`);
  const hostInv: Inventory = {
    component: `host ${entry.host}`, source: hostFiles?.source ?? 'not established',
    items: [
      { kind: 'env', name: 'PATH', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'the host spawns a command named without a slash through the PATH it passes (Node child_process: options.env.PATH)', source: 'https://nodejs.org/api/child_process.html#child_processspawncommand-args-options' },
      ...(ctx.platform === 'win32' ? [{ kind: 'env' as const, name: 'PATHEXT', effect: 'changes-lookup' as const, when: { kind: 'program-by-name' as const }, note: 'suffixes a bare name may carry', source: 'https://nodejs.org/api/child_process.html#spawning-bat-and-cmd-files-on-windows' }] : []),
    ],
    configFiles: hostFiles?.files ?? [],
  };
  readers.push({ inv: hostInv, at: -1, options: [], byName: frames[0] !== undefined && isBareName(frames[0].program), frameKind: 'host', cwd: hostProcessCwd(entry, ctx.home) });
  const last = frames.length - 1;
  for (let i = 0; i <= last; i++) {
    const f = frames[i];
    if (f === undefined) continue;
    let invs = frameInventories(f);
    if (i === last) {
      const runtime = f.kind === 'exec' ? runtimeInventories(by.runtime) : invs;
      if (runtime === undefined) s.open.push(`${by.id} runs in a ${by.runtime} runtime, whose inputs are not inventoried`);
      invs = [...(runtime ?? []), by.inputs];
    }
    if (invs === undefined) { s.open.push(`${f.name} has no inventory: what it reads is not known`); continue; }
    const next = frames[i + 1];
    const byName = next !== undefined && isBareName(next.program) && !(f.kind === 'env' && f.lookup !== undefined);
    const uvDir = f.kind === 'uv-run' ? (f.options ?? []).find((o) => o.flag === '--directory' || o.flag === '--project')?.value : undefined;
    for (const inv of invs) readers.push({ inv, at: i, options: frameOptions(f), byName, frameKind: f.kind, cwd: moved(cwdAt(i), uvDir) });
  }
  // A script named by absolute path: its interpreter and, for a released launcher, what it runs join frame 0's process.
  const first = frames[0];
  if (first !== undefined && path.isAbsolute(first.program)) {
    const script = await launcherScript(first.program, first.args, by, read);
    if (script?.fact !== undefined) s.proof.push(script.fact);
    if (script?.open !== undefined) s.open.push(script.open);
    for (const c of script?.components ?? []) {
      readers.push({ inv: c.inv, at: 0, options: frameOptions(c.frame), byName: c.byName, frameKind: c.frame.kind, cwd: moved(cwdAt(0), c.dir) });
    }
  }
  // The environment as the chain shows it, for npm's ${VAR} in npmrc keys (entry env only: the host's own cannot be read).
  const known = new Map<string, string>();
  for (const a of chain.env) if (a.value !== null && a.cleared !== true) known.set(a.name, a.value);
  for (const r of readers) {
    await readFiles(s, r, search, known);
    for (const a of r.inv.assumes ?? []) s.assumptions.add(`environment: assumed ${a}`);
  }
  judgeOptions(s, frames, readers);
  await sessionVariables(s, ctx, frames);
  // Variables the host copies from its own environment (Codex `env_vars`): they reach every
  // component, with the host's value, which is not read.
  for (const name of entry.forwardedEnv ?? []) {
    s.injected.push({ name, value: '', valueUnknown: true, label: `${name} (forwarded by ${entry.host} from its own environment)`, from: -1, to: Number.MAX_SAFE_INTEGER });
  }
  const assigned = reachingVariables(chain, entry, s.injected, ctx.platform);
  for (const m of assigned.malformed) s.findings.push(finding(envKeyMalformed, { ...subjectOf(s), name: JSON.stringify(m.name), why: m.why }));
  const reaching = assigned.reaching;
  let benign = 0;
  const unread: string[] = [];
  for (const v of reaching) {
    const found = verdicts(v, readers, ctx.home, ctx.platform);
    if (found.length === 0) {
      unread.push(v.name);
      if ([...INVENTORIES, ...PROXY_INPUTS].some((inv) => { const hit = envItem(inv, v.name, ctx.platform); return hit !== undefined && hit.item.effect !== 'benign'; }) && v.value !== null) {
        s.findings.push(finding(envOverrideInert, { ...subjectOf(s), name: v.label, runtime: by.runtime }));
      }
      continue;
    }
    if (found.every((x) => x.effect === 'benign')) benign++;
    judgeVariable(s, v, found);
  }
  const envFile = envFileOf(entry.raw);
  if (envFile !== undefined) s.findings.push(finding(envFileUnread, { ...subjectOf(s), path: envFile }));
  s.assumptions.add("environment: assumed the host's own process environment sets nothing these inventories do not classify benign beyond what the home's session files set: the process itself cannot be read");
  const components = [...new Set(readers.map((r) => r.inv.component))];
  const names = [...new Set(reaching.map((v) => v.name))].sort();
  s.proof.push(names.length === 0
    ? `the entry's env, its env frames and the files its components load were read: together they set 0 variables for the launch (inventories applied: ${components.join(', ')})`
    : `${names.length} variable(s) reach the launch (${names.join(', ')}): ${benign} classified benign by the inventories that list them, ${unread.length} listed in none of the inventories applied (${components.join(', ')}), so no component of the launch reads them`);
  const looked = s.files.filter((f) => f.state !== 'not-examined').length;
  s.proof.push(`${looked} config file(s) looked for: ${s.files.filter((f) => f.state === 'read').length} read (${s.benignKeys} benign key(s)), ${s.files.filter((f) => f.state === 'absent').length} absent`);
  const optionCount = readers.filter((r) => r.at >= 0).reduce((n, r, i, all) => (all.findIndex((x) => x.at === r.at) === i ? n + r.options.length : n), 0);
  s.proof.push(`${optionCount} option(s) of the launch line looked up in their components' inventories`);
  const open = s.open[0];
  return {
    findings: s.findings, proof: s.proof, ...(open !== undefined ? { open } : {}),
    assumptions: [...s.assumptions], files: s.files,
  };
}

interface Session {
  readonly vars: readonly SessionVariable[];
  readonly unread: readonly SessionNotFollowed[];
  readonly pathDirs: readonly string[];
  readonly files: number;
}

/** One read of the home's session files per audit (every entry inherits the same session). */
const SESSIONS = new WeakMap<object, Promise<Session>>();
function sessionOf(ctx: EnvironmentInput['ctx']): Promise<Session> {
  const known = SESSIONS.get(ctx);
  if (known !== undefined) return known;
  const got = (async (): Promise<Session> => {
    const notFollowed: SessionNotFollowed[] = [];
    const pathDirs: string[] = [];
    const vars = await readSessionEnv(ctx.home, ctx.platform, ALL_NAMES, notFollowed, {
      place: (p) => mapRecordedPath(p, { platform: ctx.platform, home: ctx.home, auditRoot: ctx.auditRoot === true }), pathDirs,
      ...(ctx.readConfig !== undefined ? { read: ctx.readConfig } : {}),
      ...(ctx.sessionGlob !== undefined ? { glob: ctx.sessionGlob } : {}),
    });
    return { vars, unread: notFollowed.filter((n) => n.setsUnknown === true), pathDirs, files: new Set(vars.map((v) => v.file)).size };
  })();
  SESSIONS.set(ctx, got);
  return got;
}

/**
 * What the home's session files (discover/session-env.ts: shell start-up files, environment.d,
 * pam_environment, launchd, PowerShell profiles, and the system's /etc files) set: a host started
 * from that session passes it to the launch. Each assignment reaches the launch as the host's own
 * variable (the entry's env overrides it), judged by the same inventories; PATH is judged by what
 * its folders hold: a folder the files put on PATH that holds a program the launch looks up by
 * name runs that instead. A line whose effect cannot be read (eval, a source not followed, a
 * computed name) leaves the claim open.
 */
async function sessionVariables(s: State, ctx: EnvironmentInput['ctx'], frames: readonly Frame[]): Promise<void> {
  const session = await sessionOf(ctx);
  const unread = session.unread[0];
  if (unread !== undefined) s.open.push(`${unread.detail}: what it sets in the session the host may be started from is not known`);
  for (const v of session.vars) {
    if (v.name === 'PATH') continue;
    // A value the reader could not take literally is still set (null would mean unset): an opaque string no benign check accepts.
    s.injected.push({ name: v.name, value: v.value ?? `\0${v.unreadable ?? 'unread'}`, label: `${v.name} (set by ${v.file}:${v.line})`, from: -1, to: Number.MAX_SAFE_INTEGER, file: { path: v.file, line: v.line } });
  }
  const byName = [...new Set(frames.map((f) => f.program).filter((p) => isBareName(p)))];
  const candidates = byName.flatMap((name) => (ctx.platform === 'win32' ? ['', '.exe', '.cmd', '.bat', '.com'].map((x) => name + x) : [name]));
  for (const dir of byName.length === 0 ? [] : session.pathDirs) {
    // One listing per folder for every name the launch looks up.
    const looked = namesPresent(dir, candidates, ctx.platform);
    const hits = 'present' in looked ? looked.present : [`${byName.join(', ')}, perhaps (the folder cannot be listed: ${looked.unlisted})`];
    for (const hit of hits) s.findings.push(finding(envPathOverride, { ...subjectOf(s), name: `PATH (a session file puts ${dir} on it, which holds ${hit})` }));
  }
  s.proof.push(`the home's session files were read: ${session.vars.length} assignment(s) in ${session.files} file(s), ${session.pathDirs.length} folder(s) put on PATH${byName.length > 0 ? `, none holding ${byName.join(', ')}` : ''}`);
}

/**
 * One read per file per audit: every entry of a config shares ~/.npmrc, /etc/uv/uv.toml and the
 * folders above the home, and the grader passes one context object for the whole audit.
 */
const READS = new WeakMap<object, (p: string) => Promise<ReadOutcome>>();
function readerFor(ctx: EnvironmentInput['ctx']): (p: string) => Promise<ReadOutcome> {
  const known = READS.get(ctx);
  if (known !== undefined) return known;
  const base = ctx.readConfig ?? readConfigFile;
  const seen = new Map<string, Promise<ReadOutcome>>();
  const read = (p: string): Promise<ReadOutcome> => {
    let got = seen.get(p);
    if (got === undefined) { got = base(p); seen.set(p, got); }
    return got;
  };
  READS.set(ctx, read);
  return read;
}

/** The entry's `envFile` (VS Code, Cursor), as written; its contents are not read. */
function envFileOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const v: unknown = Reflect.get(raw, 'envFile');
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

