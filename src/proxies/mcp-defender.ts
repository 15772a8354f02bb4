/**
 * MCP-Defender: rewrites stdio entries to its CLI with the originals in `MCP_DEFENDER_ORIGINAL_*`
 * env, and SSE entries to `http://localhost:28173/<app>/<server>/sse` (pinning-systems.md §9).
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { envValue, mediated } from './args.js';
import type { ProxyRecognizer, Recognition } from './types.js';

function parseArgs(value: string | null): string[] {
  if (value === null) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((a) => typeof a === 'string')) return parsed.filter((a): a is string => typeof a === 'string');
  } catch {
    // Not JSON: the format of MCP_DEFENDER_ORIGINAL_ARGS is not published; keep it whole.
  }
  return value === '' ? [] : [value];
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const command = envValue(chain, 'MCP_DEFENDER_ORIGINAL_COMMAND');
  const url = envValue(chain, 'MCP_DEFENDER_ORIGINAL_URL');
  const local = chain.leaf.kind === 'url' && /^https?:\/\/(localhost|127\.0\.0\.1):28173\//i.test(chain.leaf.url);
  if (!command.found && !url.found && !local) return undefined;
  let upstream: string[] | undefined;
  if (command.found && command.value !== null) upstream = [command.value, ...parseArgs(envValue(chain, 'MCP_DEFENDER_ORIGINAL_ARGS').value)];
  else if (url.found && url.value !== null) upstream = [url.value];
  return mediated('mcp-defender', entry, 'node',
    'MCP-Defender checks tool calls against signatures and an LLM with allow/block prompts; it does not pin tool contracts',
    upstream === undefined ? { mode: 'screen' } : { mode: 'screen', upstream });
}

export const mcpDefender: ProxyRecognizer = {
  id: 'mcp-defender',
  version: 1,
  recognize(chain, entry) {
    try { return recognize(chain, entry); } catch { return undefined; }
  },
};
