/**
 * MCPTrust: `mcptrust proxy [--audit-only|--filter-only] --lock FILE -- cmd …` (pinning-systems.md
 * §4.1–4.2). Only the default `enforce` mode blocks calls.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  afterDashDash, bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, hasFlag, lastFlagValue, storeUnlessFloating,
} from './args.js';
import type { ProxyRecognizer, Recognition } from './types.js';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcptrust' && f.args[0] === 'proxy');
  if (found === undefined) return undefined;
  const args = found.frame.args.slice(1);
  const audit = hasFlag(args, '--audit-only');
  const filter = hasFlag(args, '--filter-only');
  const lock = lastFlagValue(args, ['--lock']);
  const upstream = afterDashDash(args);
  const r: Recognition = {
    proxy: 'mcptrust', pins: true, runtime: 'go',
    mode: audit ? 'audit-only' : filter ? 'filter-only' : 'enforce',
    blocking: !audit && !filter,
    bareName: bareNameAt(chain, found.index),
    serverId: entryName(entry),
    store: storeUnlessFloating(lock === undefined
      ? { kind: 'unresolvable', why: 'no --lock: mcp-lock.json in the working directory' }
      : explicitStore(entry, lock), floatingDynamicArg(chain, args, ['--lock'])),
  };
  return upstream === undefined ? r : { ...r, upstream };
}

export const mcptrust: ProxyRecognizer = {
  id: 'mcptrust',
  version: 1,
  recognize(chain, entry) {
    try { return recognize(chain, entry); } catch { return undefined; }
  },
};
