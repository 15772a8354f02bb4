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
import { chainOf, firstUnproven, gradeOfChain } from './chain.js';
import { claimUnproven } from '../rules/claim-unproven.js';
import type { ChainInput } from './chain.js';
import { environmentClaim } from './environment.js';
import { shapeFindings } from './entry-shape.js';
import { binaryLocationFindings } from './binary-location.js';
import { maskAssignments, maskTokenShapes, redactUrl } from '../shared/redact.js';
import { cacheOnlyResolution, launchOptionFindings } from './launch-options.js';
import { launchedClaim, programPlacement, inspectWith, storeProof } from './proofs.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { programClaim } from './artifact.js';
import { hasRunnerCache, isNpmExec, npxTrees, runnerCaches } from './npx-trees.js';
import { versionClaim } from './proxy-flaws.js';
import { ownRunnerFrame, specRelease, uvToolRelease } from './release.js';
import type { Identified } from './release.js';
import { recognizeAll } from './recognize.js';
import { resolveStore } from './store-location.js';
import type { FileFact, Grade, GradeContext, GradedEntry, GradedProxy } from './types.js';
import { extend } from '../shared/extend.js';
import { append } from '../shared/lists.js';

export { recognize } from './recognize.js';

/** A mode the module documents as not blocking is proxy-non-blocking; any other non-blocking mode is one the proxy does not document. */
const nonBlockingRule = (by: PinningProxy, mode: string): typeof proxyNonBlocking | typeof proxyModeUnknown =>
  by.modes.some((m) => m.name === mode && !m.blocking) ? proxyNonBlocking : proxyModeUnknown;

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
  const notExamined: Open = {};
  const assumptions: string[] = [];
  const files: FileFact[] = [];
  const ev: ChainInput = { proofs, open, notExamined, assumptions, files };
  if (launched.proof !== undefined) proofs.launched = [...launched.proof];
  if (launched.open !== undefined) open.launched = launched.open;
  const findings: Finding[] = [...launched.findings, ...shapeFindings(entry), ...advisoryFindings(chain, entry.name)];
  const row = (fs0: readonly Finding[], input: ChainInput, rest: Pick<GradedEntry, 'proxy'> & Partial<GradedEntry>): GradedEntry => {
    let fs = located(fs0);
    const evidence = chainOf(fs, input);
    let grade = gradeOfChain(evidence, fs, exempt);
    // A row that is not enforcing always carries a finding: its first open claim's, when none says why.
    const open = grade === 'unverifiable' && !fs.some((f) => f.grade !== 'none') ? firstUnproven(evidence.filter((c) => !exempt.includes(c.claim))) : undefined;
    if (open !== undefined && !open.proven) {
      fs = [...fs, ...located([finding(claimUnproven, { server: entry.name, claim: open.claim, reason: open.reason })])];
      grade = gradeOfChain(evidence, fs, exempt);
    }
    return extend(base, rest, { grade, findings: fs, evidence, assumptions: input.assumptions ?? NO_KEYS, files: input.files ?? [] });
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
    return [row(findings, ev, { proxy: null })];
  }
  const { rec, by } = recognized.found;
  append(findings, upstreamAdvisoryFindings(rec.upstream, entry.name, findings));
  append(findings, upstreamAdvisoryFindings(rec.otherUpstream, entry.name, findings));
  const subject = { server: entry.name, proxy: rec.proxy };
  const proxy = (store: string | null, storeSource: GradedProxy['storeSource']): GradedProxy => ({
    id: rec.proxy, recognizerVersion: by.version, mode: rec.mode, blocking: rec.blocking, pins: rec.pins, store, storeSource,
  });
  if (!by.pins || !rec.pins) {
    const reason = rec.reason ?? (by.pins ? 'it does not hash tool contracts' : by.reason);
    findings.push(finding(proxyNotPinning, { ...subject, reason }));
    notReached(`${rec.proxy} does not pin tool contracts`);
    return [row(findings, ev, { proxy: proxy(null, 'none') })];
  }
  return gradePinned(entry, chain, rec, by, ctx, { findings, proofs, open, notExamined, assumptions, files, ev, row, proxy, subject });
}

interface Pinned {
  readonly findings: Finding[];
  readonly proofs: Proofs;
  readonly open: Open;
  readonly notExamined: Open;
  readonly assumptions: string[];
  readonly files: FileFact[];
  readonly ev: ChainInput;
  row(fs: readonly Finding[], input: ChainInput, rest: Pick<GradedEntry, 'proxy'> & Partial<GradedEntry>): GradedEntry;
  proxy(store: string | null, storeSource: GradedProxy['storeSource']): GradedProxy;
  readonly subject: { readonly server: string; readonly proxy: string };
}

async function gradePinned(entry: ServerEntry, chain: LaunchChain, rec: Recognition, by: PinningProxy, ctx: GradeContext,
  s: Pinned): Promise<GradedEntry[]> {
  const { findings, proofs, open, notExamined, assumptions, files, ev, subject } = s;
  const program = await programClaim(chain, by, {
    server: entry.name, uid: ctx.uid, files: ctx.artifactFiles, examineFiles: ctx.inspectStores !== false, posix: ctx.platform !== 'win32',
  });
  const placement = await programPlacement(chain, by, entry, ctx.home, ctx.artifactFiles.lstat, ctx.platform, ctx.auditRoot === true);
  append(findings, program.findings);
  append(findings, placement.findings);
  append(assumptions, program.assumptions);
  append(files, program.files);
  // npx may run a copy from its cache or the global tree instead of fetching the spec.
  const own = ownRunnerFrame(chain, by);
  const treeCtx = { home: ctx.home, platform: ctx.platform, auditRoot: ctx.auditRoot === true, uid: ctx.uid, files: ctx.artifactFiles, ...(ctx.treeWalks !== undefined ? { walks: ctx.treeWalks } : {}) };
  const examine = own !== undefined && ctx.inspectStores !== false && program.open === undefined && program.notExamined === undefined;
  const trees = examine && isNpmExec(own) ? await npxTrees(own, by, treeCtx)
    : examine && hasRunnerCache(own) ? await runnerCaches(own, treeCtx)
      : undefined;
  if (trees !== undefined) {
    for (const what of trees.open) findings.push(finding(launchOptionInjection, { ...subject, what }));
    append(assumptions, trees.assumptions);
  }
  if (program.notExamined !== undefined) notExamined.program = program.notExamined;
  else if (program.open !== undefined) open.program = program.open;
  else if (trees !== undefined && trees.open.length > 0) open.program = trees.open.join('; ');
  else proofs.program = [...program.proof, ...placement.proof, ...(trees?.proof ?? [])];
  if (!rec.blocking) {
    const rule = nonBlockingRule(by, rec.mode);
    findings.push(finding(rule, { ...subject, mode: rec.mode }));
  } else if (rec.modeInStore !== true) {
    const documented = by.modes.find((m) => m.name === rec.mode && m.blocking);
    if (documented !== undefined) {
      proofs.mode = [`${rec.proxy}'s arguments, read as its own parser reads them, give mode ${rec.mode}, which blocks drifted calls (${documented.source})`];
    } else {
      findings.push(finding(proxyModeUnknown, { ...subject, mode: rec.mode }));
    }
  }
  const environment = await environmentClaim({ chain, entry, rec, by, ctx });
  append(findings, environment.findings);
  if (environment.open !== undefined) open.environment = environment.open;
  else proofs.environment = [...environment.proof];
  append(assumptions, environment.assumptions);
  append(files, environment.files);
  append(findings, await binaryLocationFindings(chain, rec, entry.name, ctx.uid));
  append(findings, launchOptionFindings(chain, by, entry, { platform: ctx.platform, home: ctx.home }));
  // An installed copy identifies the release only through a source the module says the proxy's
  // releases can be read from (its versionSources); any other is not read.
  const readsTool = by.versionSources.includes('uv-tool-receipt');
  // The program the runner starts is the frame after it (`uvx --from P prog`): its console script in the tool environment.
  const ownProgram = own === undefined ? undefined : chain.frames[chain.frames.indexOf(own) + 1]?.name;
  const installedTool = own !== undefined && readsTool && ctx.inspectStores !== false
    ? await uvToolRelease(own, ownProgram, by, ctx.home, { files: ctx.artifactFiles, uid: ctx.uid, posix: ctx.platform !== 'win32' })
    : undefined;
  if (installedTool !== undefined) {
    append(files, installedTool.facts);
    append(assumptions, installedTool.assumptions ?? []);
  }
  const viaInstall = program.installedVia !== undefined && (program.installedVia === 'released-launcher' || by.versionSources.includes(program.installedVia))
    ? program.installed : undefined;
  const identified: Identified = installedTool?.identified
    ?? (own !== undefined ? specRelease(own, cacheOnlyResolution(chain)) : undefined)
    ?? viaInstall
    ?? { ok: false, why: 'no runner fetches one of its packages at a pinned release, and no installed copy names its release in a place the module lists' };
  const version = versionClaim(by, entry.name, identified);
  if (ctx.inspectStores === false && !identified.ok && version.findings.every((f) => f.id === 'proxy-version-unknown')) {
    // check: the committed config pins no release; which one is installed lies on the user's machine.
    notExamined.version = `the config pins no release (${identified.why}); the installed copy lies on the user's machine, which check does not examine`;
  } else {
    append(findings, version.findings);
    if (version.evidence !== undefined) proofs.version = [...version.evidence];
  }
  const recipe = by.probeRecipe(rec);
  const where = resolveStore(rec, by, ctx.home, ctx.platform, entry.name);
  if (!where.ok) {
    append(findings, where.findings);
    open.baseline = 'the store was not resolved to the default location, so no baseline was read';
    if (rec.modeInStore === true) open.mode = 'the mode lives in the store, which was not read';
    return [s.row(findings, ev, { proxy: s.proxy(where.display, where.source) })];
  }
  const gradedProxy = s.proxy(where.path, where.source);
  const storeFacts = storeProof(where.path, where.source, ctx.home, isNotProven(by.defaultStore(rec, ctx.home, ctx.platform)));
  if (ctx.inspectStores === false) {
    // `check` on a committed config: the store and the baseline are not part of the commit, so
    // these claims are not examined (never proven); the row is graded for what the config shows.
    proofs.store = [...storeFacts];
    notExamined.store = 'check reads the committed config only: the store file itself was not inspected';
    notExamined.baseline = 'check reads the committed config only: the baseline is not part of it';
    if (rec.modeInStore === true) notExamined.mode = 'check reads the committed config only: the mode lives in the store';
    return [s.row(findings, ev, { proxy: gradedProxy, probeInputs: { recipe, serverId: rec.serverId } })];
  }
  const inspected = await inspectWith(by, rec, where.path, { ...ctx, subject, chain });
  append(findings, inspected.findings);
  if (inspected.ok) proofs.store = [...storeFacts, `inspected by the ${rec.proxy} module: file type, owner and mode of the store and of each directory up to the home`];
  const inspection = inspected.inspection;
  if (rec.aggregator === true && inspection?.hangarUpstreams !== undefined && inspection.hangarUpstreams.length > 0) {
    return inspection.hangarUpstreams.map((up) => {
      const own: Finding[] = [...findings, ...upstreamAdvisoryFindings(up.command, entry.name, findings)];
      const upProofs: Proofs = { ...proofs };
      const upOpen: Open = { ...open };
      if (!up.blocking) {
        const rule = nonBlockingRule(by, up.enforcement);
        own.push(finding(rule, { ...subject, server: `${entry.name}/${up.name}`, mode: up.enforcement }));
      } else if (by.modes.some((m) => m.name === up.enforcement && m.blocking)) {
        upProofs.mode = [`the config sets digest_enforcement ${up.enforcement} for upstream ${up.name}, which blocks drifted calls`];
      } else {
        own.push(finding(proxyModeUnknown, { ...subject, server: `${entry.name}/${up.name}`, mode: up.enforcement }));
      }
      const pinned = Object.keys(up.pins).length;
      if (pinned === 0 && up.tenantPins === 0) {
        own.push(finding(hangarToolsUnpinned, { server: entry.name, upstream: up.name, path: where.path }));
      } else {
        // Pins read are not a baseline: the proxy module says why they are not known to cover the upstream.
        const reason = `${pinned} well-formed pin(s) and ${up.tenantPins} tenant pin(s) for upstream ${up.name}${up.skippedPins > 0 ? ` (${up.skippedPins} malformed pin(s) skipped by Hangar)` : ''}, but ${up.coverage}`;
        upOpen.baseline = reason;
        own.push(finding(claimUnproven, { server: `${entry.name}/${up.name}`, claim: 'baseline', reason }));
      }
      return s.row(own, { ...ev, proofs: upProofs, open: upOpen }, {
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
  if (inspection?.assumptions !== undefined) append(assumptions, inspection.assumptions);
  if (inspection !== undefined && ctx.macAclsUnread === true) {
    assumptions.push('store: assumed no macOS extended ACL (chmod +a) lets another account write the store or its pin files: ACLs do not show in the mode bits and are not read');
  }
  if (rec.modeInStore === true) open.mode = 'the mode lives in the store, and the store lists no upstream';
  return [s.row(findings, ev, {
    proxy: gradedProxy,
    probeInputs: {
      recipe, serverId: rec.serverId,
      ...(rec.upstream !== undefined ? { upstreamArgv: rec.upstream } : {}),
      ...(inspection?.mcpindexPins !== undefined ? { mcpindexPins: inspection.mcpindexPins } : {}),
    },
  })];
}
