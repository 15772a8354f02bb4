/** Docker MCP Gateway: `docker mcp gateway run` (docker/mcp-gateway@2bd20fe:cmd/docker-mcp/commands/client.go, docs/security.md). Verifies images, not tool contracts. */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { bareNameAt, findFrame, mediated } from './args.js';
import type { Mediator, Recognition } from './types.js';

const REASON = 'Docker MCP Gateway verifies image digests and signatures; tool-description changes are out of its scope';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => (f.name === 'docker' && f.args[0] === 'mcp' && f.args[1] === 'gateway')
    || (f.name === 'docker-mcp' && f.args[0] === 'gateway'));
  if (found === undefined) return undefined;
  return mediated('docker-mcp-gateway', entry, 'go',
    REASON,
    { bareName: bareNameAt(chain, found.index), aggregator: true });
}

export const dockerMcpGateway: Mediator = {
  id: 'docker-mcp-gateway',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: [], pypi: [], go: [] },
  programs: [],
  advisories: { reviewed: '2026-10-01', sources: [], list: [] },
  recognize,
};
