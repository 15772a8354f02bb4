/**
 * Which release of a proxy will run, as a fact read about this entry: an exact pin in the spec a
 * runner fetches, or an installed copy whose metadata was read from disk (grade/artifact.ts). Never
 * guessed: a range, a tag or a bare name leaves the release unidentified.
 */
import path from 'node:path';
import semver from 'semver';
import type { Frame, LaunchChain } from '../launch/types.js';
import { pypiName } from '../launch/package-spec.js';
import type { Ecosystem, PinningProxy } from '../proxies/types.js';
import { sitePackagesOf, verifyPythonEnv } from './python-env.js';
import type { TrustContext } from './trusted-path.js';
import type { FileFact } from './types.js';
import { pypiSatisfies, release } from './versions.js';

export type Identified =
  | { readonly ok: true; readonly ecosystem: Ecosystem; readonly release: string; readonly how: string }
  | {
      readonly ok: false;
      readonly why: string;
      /** The version as written, when there is one. */
      readonly written?: string;
      /** The oldest release a written range allows, when the ecosystem's library can tell. */
      readonly oldest?: { readonly ecosystem: Ecosystem; readonly release: string };
    };

/** Is `name` one of the proxy's own published names in `ecosystem` (PEP 503 names for PyPI)? */
export function ownPackage(proxy: { readonly packages: Readonly<Record<Ecosystem, readonly string[]>> }, ecosystem: Ecosystem, name: string): boolean {
  const names = proxy.packages[ecosystem];
  return ecosystem === 'pypi' ? names.some((n) => pypiName(n) === pypiName(name)) : names.includes(name);
}

/** The runner frame that fetches one of the proxy's own packages, if any. */
export function ownRunnerFrame(chain: LaunchChain, proxy: PinningProxy): Frame | undefined {
  return chain.frames.find((f) => f.package !== undefined && ownPackage(proxy, f.package.ecosystem, f.package.name));
}

const SEPARATOR: Readonly<Record<Ecosystem, string>> = { npm: '@', pypi: '==', go: '@' };

/** The release the spec pins, from the runner frame that fetches the proxy's own package. */
export function specRelease(frame: Frame, cacheOnly: string | undefined): Identified {
  const pkg = frame.package;
  if (pkg === undefined) return { ok: false, why: `${frame.name} names no package` };
  const written = pkg.version?.trim();
  if (written === undefined || written === '') {
    return { ok: false, why: `${frame.name} fetches ${pkg.name} with no version: whatever release the index or the runner's cache holds at launch` };
  }
  if (written === 'latest') {
    return {
      ok: false, written,
      why: cacheOnly !== undefined
        ? `${pkg.name}@latest under ${cacheOnly} is the newest release the runner cached, whichever that is`
        : `${pkg.name}@latest is whatever the index serves at launch, or a copy the runner cached`,
    };
  }
  const exact = release(pkg.ecosystem, written);
  if (exact !== undefined) {
    return { ok: true, ecosystem: pkg.ecosystem, release: exact, how: `the spec pins ${pkg.name}${SEPARATOR[pkg.ecosystem]}${written}` };
  }
  // npm ranges: node-semver's minVersion is the oldest release a cached copy could be.
  const min = pkg.ecosystem === 'npm' && semver.validRange(written) !== null ? semver.minVersion(written) : null;
  return {
    ok: false, written,
    why: `${pkg.name} ${written} is a range or tag, not one release: a cached or installed copy anywhere in it may run`,
    ...(min !== null ? { oldest: { ecosystem: pkg.ecosystem, release: min.version } } : {}),
  };
}

/**
 * The release a `uv tool install` put in the user's tool directory, when uvx runs that copy. uvx
 * reuses an installed tool's environment whenever the request is not `@latest`, `--isolated` is
 * not given, and the installed packages satisfy the requirement (astral-sh/uv@0069dba:crates/uv/src/commands/tool/run.rs
 * get_or_create_environment: `if !isolated && !request.is_latest()`, then
 * `site_packages.satisfies_requirements(..)` is `Fresh`): a bare name, a pin to the installed
 * release, or any range it satisfies. That environment is then what runs, so it must be proven as a
 * whole (grade/python-env.ts), a pin or not. A pin or range the installed release does not satisfy
 * makes uv resolve a fresh environment: the read is stated as a fact and the spec decides. As for a
 * bare name, the receipt's options and `--with` requirements are not compared (uv would resolve
 * afresh when they differ). The directory is uv's default, `~/.local/share/uv/tools/<name>`
 * (docs.astral.sh/uv/concepts/tools/#tool-directory); a relocation (`UV_TOOL_DIR`,
 * `XDG_DATA_HOME`) is the environment claim's to judge. Proven only by its receipt and the
 * `*.dist-info/METADATA` of the proxy's own package inside it.
 */
/**
 * Where uv keeps tool installs, below the home, in the order its state store picks them
 * (astral-sh/uv crates/uv-state/src/lib.rs StateStore::from_settings: the legacy folder when it
 * exists, else the XDG data folder; crates/uv-tool/src/lib.rs InstalledTools::from_settings: its
 * `tools` folder). Every one is looked at: an install in any of them may be the one uvx reuses.
 * UV_TOOL_DIR and XDG_DATA_HOME move it; both are judged by the environment claim.
 */
const UV_TOOL_DIRS: Readonly<Record<'posix' | 'win32', readonly string[]>> = {
  posix: ['Library/Application Support/uv/tools', '.local/share/uv/tools'],
  win32: ['AppData/Roaming/uv/data/tools', 'AppData/Roaming/uv/tools'],
};

export async function uvToolRelease(frame: Frame, program: string | undefined, proxy: PinningProxy, home: string, ctx: TrustContext):
  Promise<{ readonly identified?: Identified; readonly facts: readonly FileFact[]; readonly assumptions?: readonly string[] } | undefined> {
  const pkg = frame.package;
  const uvx = frame.name === 'uvx' || (frame.name === 'uv' && frame.args.includes('tool'));
  const written = pkg?.version?.trim() ?? '';
  if (pkg === undefined || pkg.ecosystem !== 'pypi' || !uvx || written === 'latest') return undefined;
  if ((frame.options ?? []).some((o) => o.flag === '--isolated')) return undefined;
  if (!path.posix.isAbsolute(home)) return undefined;
  // `name==1.0` and `name@1.0` reach here as `1.0`; a range keeps its operators (launch/package-spec.ts).
  const spec = written === '' ? undefined : /^[<>=!~]/.test(written) ? written : `==${written}`;
  const facts: FileFact[] = [];
  const tools = UV_TOOL_DIRS[ctx.posix ? 'posix' : 'win32'].flatMap((base) => [...new Set([pkg.name, pypiName(pkg.name)])].map((dirName) => path.posix.join(home, base, dirName)));
  for (const tool of tools) {
    const receipt = path.posix.join(tool, 'uv-receipt.toml');
    if ((await ctx.files.readText(receipt)) === undefined) {
      // With a version written and no install, the spec alone decides, as it always did: nothing to list.
      if (spec === undefined) facts.push({ path: receipt, state: 'absent', summary: 'no uv tool install of this package', by: 'uv' });
      continue;
    }
    // An install is there: uvx may reuse it, so unless its environment is read the release is not known.
    if (!ctx.posix) return { identified: { ok: false, why: `uvx may run the uv tool install in ${tool}, whose Windows environment (Lib/, Scripts/) the audit does not verify` }, facts };
    const where = await sitePackagesOf(tool, ctx.files);
    if (where !== undefined && 'why' in where) return { identified: { ok: false, why: `uvx may run the uv tool install in ${tool}, but ${where.why}` }, facts };
    if (where === undefined) return { identified: { ok: false, why: `uvx may run the uv tool install in ${tool}, whose environment has no lib/python3.X/site-packages the audit reads (another interpreter's layout)` }, facts };
    const site = where.site;
    for (const d of (await ctx.files.readDir(site)) ?? []) {
      if (!d.endsWith('.dist-info')) continue;
      const metadataPath = path.posix.join(site, d, 'METADATA');
      const text = await ctx.files.readText(metadataPath);
      const metaName = text === undefined ? undefined : /^Name:\s*(.+)$/m.exec(text)?.[1]?.trim();
      const metaVersion = text === undefined ? undefined : /^Version:\s*(.+)$/m.exec(text)?.[1]?.trim();
      // uv knows an installed distribution by its folder, `<name>-<version>.dist-info`, and compares that
      // version with the request (astral-sh/uv@066dad4 crates/uv-distribution-types/src/installed.rs
      // InstalledDist::try_from_path; @006cca6 crates/uv-installer/src/site_packages.rs satisfies): METADATA
      // is what Python's importlib reports. The two must agree for the release to be identified.
      const stem = d.slice(0, -'.dist-info'.length);
      const dash = stem.lastIndexOf('-');
      const folderName = dash > 0 ? stem.slice(0, dash) : undefined;
      const folderVersion = dash > 0 ? stem.slice(dash + 1) : undefined;
      const ours = (folderName !== undefined && ownPackage(proxy, 'pypi', folderName)) || (metaName !== undefined && ownPackage(proxy, 'pypi', metaName));
      if (!ours) continue;
      const folderRel = folderVersion === undefined ? undefined : release('pypi', folderVersion);
      const metaRel = metaVersion === undefined ? undefined : release('pypi', metaVersion);
      const agree = folderName !== undefined && metaName !== undefined && pypiName(folderName) === pypiName(metaName)
        && folderRel !== undefined && metaRel !== undefined && folderVersion === metaVersion;
      if (!agree) {
        facts.push({ path: metadataPath, state: 'read', summary: `the folder ${d} and its METADATA (${metaName ?? 'no Name'} ${metaVersion ?? 'no Version'}) disagree`, by: 'uv' });
        return { identified: { ok: false, why: `uvx may reuse the uv tool install in ${tool}, whose folder ${d} (what uv matches against the request) and METADATA (${metaName ?? 'no Name'} ${metaVersion ?? 'no Version'}) disagree, so which release it is is not known` }, facts };
      }
      const name = metaName;
      const version = metaVersion;
      const rel = metaRel;
      const satisfied = spec === undefined ? true : pypiSatisfies(rel, spec);
      if (satisfied === false) {
        facts.push({ path: metadataPath, state: 'read', summary: `names ${name} ${version}, which does not satisfy ${pkg.name}${spec ?? ''}: uv resolves a fresh environment rather than reuse this one`, by: 'uv' });
        return { facts };
      }
      // The tool environment is what runs: its script, interpreter and every distribution in it.
      const script = program === undefined ? undefined : path.posix.join(tool, 'bin', program);
      const env = script === undefined
        ? { ok: false as const, why: `which program of it runs was not read` }
        : await verifyPythonEnv({ root: tool, site, py: where.py, distInfo: d, script }, ctx);
      const runs = spec === undefined ? `uvx runs the uv tool install in ${tool}` : `uvx reuses the uv tool install in ${tool} when its ${version} satisfies ${pkg.name}${spec}`;
      if (!env.ok) return { identified: { ok: false, why: `${runs}, but ${env.why}` }, facts };
      facts.push({ path: metadataPath, state: 'read', summary: `names ${name} ${version}; ${env.fact}`, by: 'uv' });
      if (satisfied === undefined) {
        return { identified: { ok: false, why: `whether ${pkg.name} ${version} in ${tool} satisfies ${spec ?? ''} could not be decided, so whether uvx reuses it or resolves afresh is not known` }, facts };
      }
      return {
        identified: {
          ok: true, ecosystem: 'pypi', release: rel,
          how: spec === undefined
            ? `uvx runs the copy uv tool install put in ${tool}, whose ${d}/METADATA says ${version}`
            : `uvx reuses the copy uv tool install put in ${tool}, whose ${d}/METADATA says ${version}, which satisfies ${pkg.name}${spec}`,
        },
        facts, assumptions: env.assumptions,
      };
    }
    // The receipt names this package, but no distribution of it is in the environment: not what uvx would run either way.
    return { identified: { ok: false, why: `uvx may reuse the uv tool install in ${tool}, whose environment holds no ${pkg.name} distribution the audit could identify` }, facts };
  }
  if (spec !== undefined) return { facts };
  return { identified: { ok: false, why: `${frame.name} fetches ${pkg.name} with no version, and no uv tool install of it was found to identify the release` }, facts };
}
