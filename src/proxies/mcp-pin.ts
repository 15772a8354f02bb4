/**
 * mcp-pin (npm): `npx -y mcp-pin@<ver> [--lock f --name n] [--only-locked] -- cmd …`
 * (pinning-systems.md §6.1). Every change blocks until a person approves it.
 */
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  afterDashDash, bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, hasFlag, lastFlagValue, packageVersion,
  storeUnlessFloating,
} from './args.js';
import type { ProxyRecognizer, Recognition } from './types.js';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-pin');
  if (found === undefined) return undefined;
  const args = found.frame.args;
  const lock = lastFlagValue(args, ['--lock']);
  const name = lastFlagValue(args, ['--name']);
  const upstream = afterDashDash(args);
  const version = packageVersion(chain, (n) => n === 'mcp-pin');
  let r: Recognition = {
    proxy: 'mcp-pin', pins: true, runtime: 'node',
    mode: hasFlag(args, '--only-locked') ? 'only-locked' : 'approve',
    blocking: true,
    bareName: bareNameAt(chain, found.index),
    serverId: name?.value ?? entryName(entry),
    store: storeUnlessFloating(lock === undefined ? { kind: 'default' } : explicitStore(entry, lock),
      floatingDynamicArg(chain, args, ['--lock', '--name'])),
  };
  if (upstream !== undefined) r = { ...r, upstream };
  if (version !== undefined) r = { ...r, version };
  return r;
}

export const mcpPin: ProxyRecognizer = {
  id: 'mcp-pin',
  version: 1,
  recognize(chain, entry) {
    try { return recognize(chain, entry); } catch { return undefined; }
  },
  defaultStorePath(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.mcp-pin');
  },
};
