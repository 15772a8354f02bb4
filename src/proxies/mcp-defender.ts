/**
 * MCP-Defender: rewrites stdio entries to its CLI with the originals in `MCP_DEFENDER_ORIGINAL_*`
 * env, and SSE entries to `http://localhost:28173/<app>/<server>/sse`
 * (MCP-Defender/MCP-Defender@7fa7e75:src/services/configurations/adapters/base-configuration.ts).
 * The original command lives in env values, which are never copied into a recognition (they
 * would reach reports): `upstream` stays unset and the reason names the variable instead.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { envValue, mediated } from './args.js';
import type { Mediator, Recognition } from './types.js';

const REASON = 'MCP-Defender checks tool calls against signatures and an LLM with allow/block prompts; it does not pin tool contracts';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const command = envValue(chain, 'MCP_DEFENDER_ORIGINAL_COMMAND').found;
  const url = envValue(chain, 'MCP_DEFENDER_ORIGINAL_URL').found;
  const local = chain.leaf.kind === 'url' && /^https?:\/\/(localhost|127\.0\.0\.1):28173\//i.test(chain.leaf.url);
  if (!command && !url && !local) return undefined;
  const where = command ? ' (original command in env MCP_DEFENDER_ORIGINAL_COMMAND)' : url ? ' (original URL in env MCP_DEFENDER_ORIGINAL_URL)' : '';
  return mediated('mcp-defender', entry, 'node', REASON + where, { mode: 'screen' });
}

export const mcpDefender: Mediator = {
  id: 'mcp-defender',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: [], pypi: [], go: [] },
  programs: [],
  advisories: { reviewed: '2026-10-01', sources: [], list: [] },
  recognize,
};
