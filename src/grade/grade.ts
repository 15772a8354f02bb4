import type { LaunchChain } from '../launch/types.js';
import { unwrap } from '../launch/unwrap.js';
import type { ServerEntry } from '../parse/types.js';
import { PROXIES } from '../proxies/index.js';
import type { PinningProxy, Recognition } from '../proxies/types.js';
import { isNotProven } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Claim, Finding } from '../rules/types.js';
import { hangarToolsUnpinned } from '../rules/hangar-tools-unpinned.js';
import { launchChainOpaque } from '../rules/launch-chain-opaque.js';
import { noPinningProxy } from '../rules/no-pinning-proxy.js';
import { proxyModeUnknown } from '../rules/proxy-mode-unknown.js';
import { proxyNonBlocking } from '../rules/proxy-non-blocking.js';
import { proxyNotPinning } from '../rules/proxy-not-pinning.js';
import { advisoryFindings, upstreamAdvisoryFindings } from './advisories.js';
import { chainOf, gradeOfChain } from './chain.js';
import type { ChainInput } from './chain.js';
import { environmentClaim } from './environment.js';
import { shapeFindings } from './entry-shape.js';
import { binaryLocationFindings } from './binary-location.js';
import { maskAssignments, maskTokenShapes, redactUrl } from '../shared/redact.js';
import { cacheOnlyResolution, launchOptionFindings } from './launch-options.js';
import { launchedClaim, programProof, inspectWith, storeProof } from './proofs.js';
import { versionClaim } from './proxy-flaws.js';
import { ownRunnerFrame, specRelease } from './release.js';
import type { Identified } from './release.js';
import { recognizeAll } from './recognize.js';
import { resolveStore } from './store-location.js';
import type { Grade, GradeContext, GradedEntry, GradedProxy } from './types.js';
import { extend } from '../shared/extend.js';
import { append } from '../shared/lists.js';

export { recognize } from './recognize.js';

/** Modes each proxy documents as recording drift without blocking (pinning-systems.md §1.7, §2.3, §4.1; MCPTrust's critical --fail-on: proxies/mcptrust.ts). */
const NON_BLOCKING_MODES = new Set(['monitor', 'audit', 'warn', 'audit-only', 'filter-only', 'fail-on-critical']);

/**
 * The grade the findings alone allow (unprotected, then unverifiable, else enforcing). Not a
 * grade by itself: a row is enforcing only when its chain is proven (chain.ts gradeOfChain).
 */
export function gradeOf(findings: readonly Finding[]): Grade {
  if (findings.some((f) => f.grade === 'unprotected')) return 'unprotected';
  if (findings.some((f) => f.grade === 'unverifiable')) return 'unverifiable';
  return 'enforcing';
}

/** What really runs, for the report: env assignments inside it (an opaque shell line's `KEY=…`) lose their values. */
function launchOf(chain: LaunchChain): string[] {
  const leaf = chain.leaf;
  if (leaf.kind === 'exec') return [leaf.program, ...leaf.args.map((a) => maskAssignments(a))];
  if (leaf.kind === 'url') return [leaf.url];
  return [maskAssignments(leaf.why.text)];
}

type Proofs = { -readonly [C in Claim]?: string[] };
type Open = { -readonly [C in Claim]?: string };

/** No keys: one shared, frozen list (most entries have no headers). */
const NO_KEYS: readonly string[] = Object.freeze([]);
const keysOf = (map: Readonly<Record<string, unknown>>): readonly string[] => {
  const keys = Object.keys(map);
  return keys.length === 0 ? NO_KEYS : keys.sort();
};

/** Grades one server entry; an aggregator (Hangar) yields one row per upstream in its config. */
export async function gradeEntry(entry: ServerEntry, ctx: GradeContext): Promise<GradedEntry[]> {
  const chain = unwrap(entry);
  const loc = { path: entry.origin.file, line: entry.origin.line, column: entry.origin.column };
  // The location in its schema place (after message), then every field of the finding, whatever it has.
  const located = (fs: readonly Finding[]): Finding[] => fs.map((f) => (f.location !== undefined ? f : Object.assign({ id: f.id, severity: f.severity, grade: f.grade, message: f.message, location: loc }, f)));
  const base = {
    host: entry.host, scope: entry.scope, configPath: entry.configPath, name: entry.name,
    // Only an entry kept under a project key of a shared file: its project tells it apart (report/fingerprint.ts).
    ...(entry.projectKey !== undefined ? { project: entry.projectKey } : {}),
    transport: entry.transport, disabled: entry.disabled, launch: launchOf(chain),
    envKeys: keysOf(entry.env), headerKeys: keysOf(entry.headers), location: loc,
  };
  const launched = launchedClaim(entry);
  const exempt: Claim[] = launched.exempt ? ['launched'] : [];
  const proofs: Proofs = {};
  const open: Open = {};
  if (launched.proof !== undefined) proofs.launched = [...launched.proof];
  if (launched.open !== undefined) open.launched = launched.open;
  const findings: Finding[] = [...launched.findings, ...shapeFindings(entry), ...advisoryFindings(chain, entry.name)];
  const row = (fs0: readonly Finding[], input: ChainInput, rest: Pick<GradedEntry, 'proxy'> & Partial<GradedEntry>): GradedEntry => {
    const fs = located(fs0);
    const evidence = chainOf(fs, input);
    return extend(base, rest, { grade: gradeOfChain(evidence, fs, exempt), findings: fs, evidence, assumptions: input.assumptions ?? NO_KEYS, files: input.files ?? [] });
  };
  const recognized = recognizeAll(chain, entry, ctx.proxies ?? PROXIES);
  append(findings, recognized.failures);
  const notReached = (why: string): void => {
    for (const c of ['environment', 'mode', 'store', 'baseline', 'version'] as const) open[c] ??= why;
  };
  if (recognized.found === undefined) {
    if (recognized.failures.length > 0) {
      // A recognizer threw: whether a proxy runs here is unknown, never "no proxy".
    } else if (chain.leaf.kind === 'opaque') {
      const wrapper = chain.frames.at(-1)?.name ?? entry.command ?? 'the launch line';
      findings.push(finding(launchChainOpaque, { server: entry.name, wrapper, reason: chain.leaf.why.reason }));
    } else {
      const program = chain.leaf.kind === 'exec' ? chain.leaf.name : maskTokenShapes(redactUrl(chain.leaf.url));
      findings.push(finding(noPinningProxy, { server: entry.name, program }));
    }
    notReached('no pinning proxy was recognised');
    return [row(findings, { proofs, open }, { proxy: null })];
  }
  const { rec, by } = recognized.found;
  append(findings, upstreamAdvisoryFindings(rec.upstream, entry.name, findings));
  const subject = { server: entry.name, proxy: rec.proxy };
  const proxy = (store: string | null, storeSource: GradedProxy['storeSource']): GradedProxy => ({
    id: rec.proxy, recognizerVersion: by.version, mode: rec.mode, blocking: rec.blocking, pins: rec.pins, store, storeSource,
  });
  if (!by.pins || !rec.pins) {
    const reason = rec.reason ?? (by.pins ? 'it does not hash tool contracts' : by.reason);
    findings.push(finding(proxyNotPinning, { ...subject, reason }));
    notReached(`${rec.proxy} does not pin tool contracts`);
    return [row(findings, { proofs, open }, { proxy: proxy(null, 'none') })];
  }
  return gradePinned(entry, chain, rec, by, ctx, { findings, proofs, open, row, proxy, subject });
}

interface Pinned {
  readonly findings: Finding[];
  readonly proofs: Proofs;
  readonly open: Open;
  row(fs: readonly Finding[], input: ChainInput, rest: Pick<GradedEntry, 'proxy'> & Partial<GradedEntry>): GradedEntry;
  proxy(store: string | null, storeSource: GradedProxy['storeSource']): GradedProxy;
  readonly subject: { readonly server: string; readonly proxy: string };
}

async function gradePinned(entry: ServerEntry, chain: LaunchChain, rec: Recognition, by: PinningProxy, ctx: GradeContext,
  s: Pinned): Promise<GradedEntry[]> {
  const { findings, proofs, open, subject } = s;
  const program = programProof(chain, by, entry, ctx.home);
  append(findings, program.findings);
  if (program.open !== undefined) open.program = program.open;
  else proofs.program = [...program.proof];
  if (!rec.blocking) {
    const rule = NON_BLOCKING_MODES.has(rec.mode) ? proxyNonBlocking : proxyModeUnknown;
    findings.push(finding(rule, { ...subject, mode: rec.mode }));
  } else if (rec.modeInStore !== true) {
    proofs.mode = [`${rec.proxy}'s arguments, read as its own parser reads them, give mode ${rec.mode}, which blocks drifted calls`];
  }
  const environment = await environmentClaim({ chain, entry, rec, by, ctx });
  append(findings, environment.findings);
  if (environment.open !== undefined) open.environment = environment.open;
  else proofs.environment = [...environment.proof];
  const envFacts = { assumptions: environment.assumptions, files: environment.files };
  append(findings, await binaryLocationFindings(chain, rec, entry.name, ctx.uid));
  append(findings, launchOptionFindings(chain, by, entry, { platform: ctx.platform, home: ctx.home }));
  const own = ownRunnerFrame(chain, by);
  const identified: Identified = own !== undefined ? specRelease(own, cacheOnlyResolution(chain))
    : { ok: false, why: 'no runner fetches one of its packages at a pinned release, and no installed copy was read' };
  const version = versionClaim(by, entry.name, identified);
  append(findings, version.findings);
  if (version.evidence !== undefined) proofs.version = [...version.evidence];
  const recipe = by.probeRecipe(rec);
  const where = resolveStore(rec, by, ctx.home, ctx.platform, entry.name);
  if (!where.ok) {
    append(findings, where.findings);
    open.baseline = 'the store was not resolved to the default location, so no baseline was read';
    if (rec.modeInStore === true) open.mode = 'the mode lives in the store, which was not read';
    return [s.row(findings, { proofs, open, ...envFacts }, { proxy: s.proxy(where.display, where.source) })];
  }
  const gradedProxy = s.proxy(where.path, where.source);
  const storeFacts = storeProof(where.path, where.source, ctx.home, isNotProven(by.defaultStore(rec, ctx.home, ctx.platform)));
  if (ctx.inspectStores === false) {
    // `check` on a dotfiles repo: the stores are not part of the commit, so these two claims are
    // outside what it grades; the evidence says so in words.
    proofs.store = [...storeFacts, 'out of scope for check: the store file itself was not inspected'];
    proofs.baseline = ['out of scope for check: the baseline is not part of the committed config'];
    if (rec.modeInStore === true) proofs.mode = ['out of scope for check: the mode lives in the store'];
    return [s.row(findings, { proofs, open, ...envFacts }, { proxy: gradedProxy, probeInputs: { recipe, serverId: rec.serverId } })];
  }
  const inspected = await inspectWith(by, rec, where.path, { ...ctx, subject });
  append(findings, inspected.findings);
  if (inspected.ok) proofs.store = [...storeFacts, `inspected by the ${rec.proxy} module: file type, owner and mode of the store and of each directory up to the home`];
  const inspection = inspected.inspection;
  if (rec.aggregator === true && inspection?.hangarUpstreams !== undefined && inspection.hangarUpstreams.length > 0) {
    return inspection.hangarUpstreams.map((up) => {
      const own: Finding[] = [...findings, ...upstreamAdvisoryFindings(up.command, entry.name, findings)];
      const upProofs: Proofs = { ...proofs };
      if (!up.blocking) {
        const rule = NON_BLOCKING_MODES.has(up.enforcement) ? proxyNonBlocking : proxyModeUnknown;
        own.push(finding(rule, { ...subject, server: `${entry.name}/${up.name}`, mode: up.enforcement }));
      } else {
        upProofs.mode = [`the config sets digest_enforcement ${up.enforcement} for upstream ${up.name}, which blocks drifted calls`];
      }
      const pinned = Object.keys(up.pins).length;
      if (pinned === 0 && up.tenantPins === 0) {
        own.push(finding(hangarToolsUnpinned, { server: entry.name, upstream: up.name, path: where.path }));
      } else {
        upProofs.baseline = [`${pinned} well-formed pin(s) and ${up.tenantPins} tenant pin(s) for upstream ${up.name}${up.skippedPins > 0 ? ` (${up.skippedPins} malformed pin(s) skipped by Hangar)` : ''}`];
      }
      return s.row(own, { proofs: upProofs, open, ...envFacts }, {
        upstream: up.name,
        proxy: extend(gradedProxy, { mode: up.enforcement, blocking: up.blocking }),
        probeInputs: {
          recipe, hangarPins: up.pins, serverId: up.name,
          ...(up.command !== undefined ? { upstreamArgv: up.command } : {}),
          ...(up.env !== undefined ? { upstreamEnv: up.env } : {}),
          ...(up.endpoint !== undefined ? { upstreamUrl: up.endpoint } : {}),
        },
      });
    });
  }
  if (inspection?.baseline !== undefined) proofs.baseline = [inspection.baseline];
  if (rec.modeInStore === true) open.mode = 'the mode lives in the store, and the store lists no upstream';
  return [s.row(findings, { proofs, open, ...envFacts }, {
    proxy: gradedProxy,
    probeInputs: {
      recipe, serverId: rec.serverId,
      ...(rec.upstream !== undefined ? { upstreamArgv: rec.upstream } : {}),
      ...(inspection?.mcpindexPins !== undefined ? { mcpindexPins: inspection.mcpindexPins } : {}),
    },
  })];
}
