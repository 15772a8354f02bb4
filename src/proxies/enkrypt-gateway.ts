/**
 * Enkrypt Secure MCP Gateway: one entry named "Enkrypt Secure MCP Gateway", or a command that runs
 * `secure-mcp-gateway` / `secure_mcp_gateway` (its `generate-config` writes that entry).
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { bareNameAt, entryName, findFrame, mediated } from './args.js';
import type { Mediator, Recognition } from './types.js';

const MARK = /secure[-_]mcp[-_]gateway/i;

const REASON = 'Enkrypt uses a static tool allowlist with descriptions and guardrails via its API; it does not pin tool schemas';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const found = findFrame(chain, (f) => MARK.test(f.name) || (f.module !== undefined && MARK.test(f.module))
    || (f.script !== undefined && MARK.test(f.script)) || (f.package !== undefined && MARK.test(f.package.name)));
  const named = /^enkrypt secure mcp gateway$/i.test(entryName(entry).trim());
  if (found === undefined && !named) return undefined;
  return mediated('enkrypt-gateway', entry, 'python',
    REASON,
    { aggregator: true, bareName: found === undefined ? false : bareNameAt(chain, found.index) });
}

export const enkryptGateway: Mediator = {
  id: 'enkrypt-gateway',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: [], pypi: [], go: [] },
  programs: [],
  advisories: { reviewed: '2026-10-01', sources: [], list: [] },
  recognize,
};
