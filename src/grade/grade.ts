import type { LaunchChain } from '../launch/types.js';
import { unwrap } from '../launch/unwrap.js';
import type { ServerEntry } from '../parse/types.js';
import { PROXIES } from '../proxies/index.js';
import type { ProxyRecognizer, Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { hangarToolsUnpinned } from '../rules/hangar-tools-unpinned.js';
import { launchChainOpaque } from '../rules/launch-chain-opaque.js';
import { noPinningProxy } from '../rules/no-pinning-proxy.js';
import { proxyModeUnknown } from '../rules/proxy-mode-unknown.js';
import { proxyNonBlocking } from '../rules/proxy-non-blocking.js';
import { proxyNotPinning } from '../rules/proxy-not-pinning.js';
import { envFileUnread } from '../rules/env-file-unread.js';
import { advisoryFindings, upstreamAdvisoryFindings } from './advisories.js';
import { envRiskFindings } from './env-risk.js';
import { binaryLocationFindings } from './binary-location.js';
import { maskAssignments, maskTokenShapes, redactUrl } from '../shared/redact.js';
import { launchOptionFindings } from './launch-options.js';
import { proxyFlawFindings } from './proxy-flaws.js';
import { resolveStore } from './store-location.js';
import { inspectContextProtector } from './stores/context-protector.js';
import { inspectHangarConfig } from './stores/hangar.js';
import { inspectMcpindexStore } from './stores/mcpindex.js';
import { inspectMcptrustLock } from './stores/mcptrust.js';
import { inspectMcpPinStore } from './stores/mcp-pin.js';
import type { StoreInspection } from './stores/types.js';
import type { Grade, GradeContext, GradedEntry, GradedProxy } from './types.js';

/** Modes each proxy documents as recording drift without blocking (pinning-systems.md §1.7, §2.3, §4.1). */
const NON_BLOCKING_MODES = new Set(['monitor', 'audit', 'warn', 'audit-only', 'filter-only']);

/** The entry's `envFile` (VS Code, Cursor), as written; its contents are never read. */
function envFileOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const v: unknown = Reflect.get(raw, 'envFile');
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The grade follows from the findings: any unprotected effect wins, then unverifiable. */
export function gradeOf(findings: readonly Finding[]): Grade {
  if (findings.some((f) => f.grade === 'unprotected')) return 'unprotected';
  if (findings.some((f) => f.grade === 'unverifiable')) return 'unverifiable';
  return 'enforcing';
}

export function recognize(chain: LaunchChain, entry: ServerEntry): { rec: Recognition; by: ProxyRecognizer } | undefined {
  for (const by of PROXIES) {
    const rec = by.recognize(chain, entry);
    if (rec !== undefined) return { rec, by };
  }
  return undefined;
}

/** What really runs, for the report: env assignments inside it (an opaque shell line's `KEY=…`) lose their values. */
function launchOf(chain: LaunchChain): string[] {
  const leaf = chain.leaf;
  if (leaf.kind === 'exec') return [leaf.program, ...leaf.args.map((a) => maskAssignments(a))];
  if (leaf.kind === 'url') return [leaf.url];
  return [maskAssignments(leaf.why.text)];
}

async function inspect(rec: Recognition, storePath: string, entry: ServerEntry, ctx: GradeContext): Promise<StoreInspection | undefined> {
  const subject = { server: entry.name, proxy: rec.proxy };
  switch (rec.proxy) {
    case 'mcpindex-gate': return inspectMcpindexStore(storePath, rec.serverId, subject, ctx);
    case 'mcp-hangar': return inspectHangarConfig(storePath, subject, ctx);
    case 'mcptrust': return inspectMcptrustLock(storePath, subject, ctx);
    case 'mcp-pin': return inspectMcpPinStore(storePath, subject, ctx);
    case 'mcp-context-protector':
      return rec.approvalKey !== undefined ? inspectContextProtector(storePath, rec.approvalKey, subject, ctx) : undefined;
    default: return undefined;
  }
}

/** Grades one server entry; an aggregator (Hangar) yields one row per upstream in its config. */
export async function gradeEntry(entry: ServerEntry, ctx: GradeContext): Promise<GradedEntry[]> {
  const chain = unwrap(entry);
  const loc = { path: entry.origin.file, line: entry.origin.line, column: entry.origin.column };
  const located = (fs: readonly Finding[]): Finding[] => fs.map((f) => (f.location !== undefined ? f : { ...f, location: loc }));
  const base = {
    host: entry.host, scope: entry.scope, configPath: entry.configPath, name: entry.name,
    transport: entry.transport, disabled: entry.disabled, launch: launchOf(chain),
    envKeys: Object.keys(entry.env).sort(), headerKeys: Object.keys(entry.headers).sort(), location: loc,
  };
  const findings: Finding[] = advisoryFindings(chain, entry.name);
  const found = recognize(chain, entry);
  if (found === undefined) {
    if (chain.leaf.kind === 'opaque') {
      const wrapper = chain.frames.at(-1)?.name ?? entry.command ?? 'the launch line';
      findings.push(finding(launchChainOpaque, { server: entry.name, wrapper, reason: chain.leaf.why.reason }));
    } else {
      const program = chain.leaf.kind === 'exec' ? chain.leaf.name : maskTokenShapes(redactUrl(chain.leaf.url));
      findings.push(finding(noPinningProxy, { server: entry.name, program }));
    }
    const fs = located(findings);
    return [{ ...base, proxy: null, grade: gradeOf(fs), findings: fs }];
  }
  const { rec, by } = found;
  findings.push(...upstreamAdvisoryFindings(rec.upstream, entry.name, findings));
  const subject = { server: entry.name, proxy: rec.proxy };
  const proxy = (store: string | null, storeSource: GradedProxy['storeSource']): GradedProxy => ({
    id: rec.proxy, recognizerVersion: by.version, mode: rec.mode, blocking: rec.blocking, pins: rec.pins, store, storeSource,
  });
  if (!rec.pins) {
    findings.push(finding(proxyNotPinning, { ...subject, reason: rec.reason ?? 'it does not hash tool contracts' }));
    const fs = located(findings);
    return [{ ...base, proxy: proxy(null, 'none'), grade: gradeOf(fs), findings: fs }];
  }
  if (!rec.blocking) {
    const rule = NON_BLOCKING_MODES.has(rec.mode) ? proxyNonBlocking : proxyModeUnknown;
    findings.push(finding(rule, { ...subject, mode: rec.mode }));
  }
  findings.push(...envRiskFindings(chain, rec, { home: ctx.home, platform: ctx.platform, server: entry.name }));
  findings.push(...await binaryLocationFindings(chain, rec, entry.name, ctx.uid));
  const envFile = envFileOf(entry.raw);
  if (envFile !== undefined) findings.push(finding(envFileUnread, { ...subject, path: envFile }));
  findings.push(...launchOptionFindings(chain, rec.proxy, entry), ...proxyFlawFindings(rec, entry.name));
  const where = resolveStore(rec, by, ctx.home, ctx.platform, entry.name);
  if (!where.ok) {
    findings.push(...where.findings);
    const fs = located(findings);
    return [{ ...base, proxy: proxy(where.display, where.source), grade: gradeOf(fs), findings: fs }];
  }
  const inspection = ctx.inspectStores === false ? undefined : await inspect(rec, where.path, entry, ctx);
  findings.push(...(inspection?.findings ?? []));
  const gradedProxy = proxy(where.path, where.source);
  const upstreamArgv = rec.upstream !== undefined ? { upstreamArgv: rec.upstream } : {};
  if (rec.proxy === 'mcp-hangar' && inspection?.hangarUpstreams !== undefined && inspection.hangarUpstreams.length > 0) {
    return inspection.hangarUpstreams.map((up) => {
      const own: Finding[] = [...findings, ...upstreamAdvisoryFindings(up.command, entry.name, findings)];
      if (!up.blocking) {
        const rule = NON_BLOCKING_MODES.has(up.enforcement) ? proxyNonBlocking : proxyModeUnknown;
        own.push(finding(rule, { ...subject, server: `${entry.name}/${up.name}`, mode: up.enforcement }));
      }
      if (Object.keys(up.pins).length === 0 && up.tenantPins === 0) {
        own.push(finding(hangarToolsUnpinned, { server: entry.name, upstream: up.name, path: where.path }));
      }
      const fs = located(own);
      return {
        ...base, upstream: up.name, grade: gradeOf(fs), findings: fs,
        proxy: { ...gradedProxy, mode: up.enforcement, blocking: up.blocking },
        evidence: {
          hangarPins: up.pins, serverId: up.name,
          ...(up.command !== undefined ? { upstreamArgv: up.command } : {}),
          ...(up.env !== undefined ? { upstreamEnv: up.env } : {}),
          ...(up.endpoint !== undefined ? { upstreamUrl: up.endpoint } : {}),
        },
      };
    });
  }
  const fs = located(findings);
  return [{
    ...base, proxy: gradedProxy, grade: gradeOf(fs), findings: fs,
    evidence: { serverId: rec.serverId, ...upstreamArgv, ...(inspection?.mcpindexPins !== undefined ? { mcpindexPins: inspection.mcpindexPins } : {}) },
  }];
}
