/**
 * Invariant Gateway (`mcp-scan proxy`): `uvx invariant-gateway@latest mcp … --exec <orig cmd> …`,
 * detected, as mcp-scan does, by any argument containing `invariant-gateway`
 * (invariantlabs-ai/mcp-scan@9d6f6f9:src/mcp_scan/gateway.py `is_invariant_installed`).
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { bareNameAt, findFrame, mediated, packageVersion } from './args.js';
import type { Mediator, Recognition } from './types.js';

const REASON = 'Invariant Gateway applies guardrails (PII, secrets, tool restrictions) and is a temporary rewrite; it does not pin tool contracts';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const found = findFrame(chain, (f) => f.name === 'invariant-gateway' || f.args.some((a) => a.includes('invariant-gateway')));
  if (found === undefined) return undefined;
  const args = chain.leaf.kind === 'exec' ? chain.leaf.args : found.frame.args;
  const i = args.indexOf('--exec');
  const version = packageVersion(chain, (n) => n === 'invariant-gateway');
  let extra: Partial<Recognition> = { mode: 'guardrails', bareName: bareNameAt(chain, found.index) };
  if (i >= 0 && i + 1 < args.length) extra = { ...extra, upstream: args.slice(i + 1) };
  if (version !== undefined) extra = { ...extra, version };
  return mediated('invariant-gateway', entry, 'python',
    REASON,
    extra);
}

export const invariantGateway: Mediator = {
  id: 'invariant-gateway',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: [], pypi: ['invariant-gateway'], go: [] },
  programs: [],
  advisories: { reviewed: '2026-10-01', sources: [], list: [] },
  recognize,
};
