/**
 * Hangar (`mcp-hangar`): an aggregator, one host entry fronting the upstreams of its config.yaml,
 * where the pins and `digest_enforcement` also live (pinning-systems.md §2.1–2.3).
 * The config path: `--config` / `-c`, else `MCP_CONFIG` in the launch env, else the serving
 * process's own `$MCP_CONFIG` or `./config.yaml` — which the entry cannot tell us.
 */
import path from 'node:path';
import { pypiName } from '../launch/package-spec.js';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  bareNameAt, entryName, envValue, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, ownArgs, packageVersion,
  storeUnlessFloating,
} from './args.js';
import type { ProxyRecognizer, Recognition, StoreRef } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

const isHangar = (name: string): boolean => pypiName(name) === 'mcp-hangar';
/** `serve` options that take a value (§2.1), to find the subcommand among the args. */
const VALUE_OPTIONS = ['--config', '-c', '--host', '--port', '-p', '--log-file', '--log-level'];

/** The first positional argument: the subcommand (`serve` when absent). */
function subcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (VALUE_OPTIONS.includes(a)) { i++; continue; }
    if (a.startsWith('-')) continue;
    return a;
  }
  return undefined;
}

const COMMON = {
  proxy: 'mcp-hangar' as const, pins: true, runtime: 'python' as const,
  // digest_enforcement (audit | warn | block, default block) is per upstream, in the config.
  mode: 'per-upstream', modeInStore: true, blocking: true, aggregator: true,
};

function storeFor(chain: LaunchChain, entry: ServerEntry, args: readonly string[]): StoreRef {
  const flag = lastFlagValue(args, ['--config', '-c']);
  if (flag !== undefined) return explicitStore(entry, flag);
  const env = envValue(chain, 'MCP_CONFIG');
  if (env.found && env.value !== null && env.value !== '') return { kind: 'explicit', flag: 'MCP_CONFIG', value: env.value, via: 'env' };
  const cwd = typeof entry.cwd === 'string' ? ` (entry cwd ${entry.cwd})` : '';
  return {
    kind: 'unresolvable',
    why: `no --config${env.found ? ' and MCP_CONFIG removed or empty' : ''}: serve reads $MCP_CONFIG from the host's environment, else ./config.yaml in its working directory${cwd}`,
  };
}

/** A remote entry names Hangar only when the URL or the entry says so: `…:8000/mcp` alone is any FastMCP server. */
function isHangarUrl(url: string, name: string): boolean {
  return /hangar/i.test(url) || /hangar/i.test(name);
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const name = entryName(entry);
  if (chain.leaf.kind === 'url') {
    if (!isHangarUrl(chain.leaf.url, name)) return undefined;
    return {
      ...COMMON, bareName: false, serverId: name, upstream: [chain.leaf.url],
      store: { kind: 'unresolvable', why: 'remote entry: the serving process\'s --config is not in the host file' },
    };
  }
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-hangar' || (f.module !== undefined && /^mcp_hangar(\.|$)/.test(f.module)));
  if (found === undefined) return undefined;
  const args = ownArgs(found.frame);
  const sub = subcommand(args);
  if (sub !== undefined && sub !== 'serve') return undefined; // init, pin, status …: not the gateway
  const version = packageVersion(chain, isHangar);
  const r: Recognition = { ...COMMON, bareName: bareNameAt(chain, found.index), serverId: name, store: storeUnlessFloating(storeFor(chain, entry, args), floatingDynamicArg(chain, args, VALUE_OPTIONS)),
  };
  return version === undefined ? r : { ...r, version };
}

export const mcpHangar: ProxyRecognizer = {
  id: 'mcp-hangar',
  version: 1,
  recognize(chain, entry) {
    try { return recognize(chain, entry); } catch { return undefined; }
  },
  /** `mcp-hangar init`'s DEFAULT_CONFIG_PATH (§2.2); `serve` itself has no home default. */
  defaultStorePath(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.config', 'mcp-hangar', 'config.yaml');
  },
};

/**
 * Wiring (pinning-systems.md §2.1): Hangar is an aggregator with one entry of its own and every
 * upstream in its config.yaml, so no single entry is wrapped in place and none can be unwrapped.
 * A planted `--config` / `-c` is pointed back at `mcp-hangar init`'s default config under the
 * trusted home (§2.2 `DEFAULT_CONFIG_PATH`); which upstreams that file serves is then its own.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcp-hangar',
  reference: 'pinning-systems.md §2.1–2.2; mcp-hangar/mcp-hangar @2a9921f services/config_file.py',
  noWrap: "Hangar is an aggregator: its upstreams live in its own config.yaml (`mcp-hangar init` adds one `mcp-hangar` entry), so an entry is not wrapped in place",
  unwrap() {
    return undefined;
  },
  dropStoreOverride(argv, ctx) {
    // Only Hangar's own options: a runner before it has its own `-c` (uv's --constraints).
    const at = argv.findIndex((a) => /(^|[\\/])mcp-hangar(\.exe)?$/i.test(a) || /^mcp_hangar(\.|$)/.test(a));
    if (at < 0) return undefined;
    const hits = flagHits(argv.slice(at + 1), ['--config', '-c']).map((h) => ({ ...h, index: h.index + at + 1 }));
    if (hits.length === 0) return undefined;
    const p = ctx.platform === 'win32' && !ctx.home.startsWith('/') ? path.win32 : path.posix;
    const target = p.join(ctx.home, '.config', 'mcp-hangar', 'config.yaml');
    return {
      remove: [],
      replace: hits.map((h) => (h.written.includes('=') ? { index: h.index, value: `${h.written.slice(0, h.written.indexOf('='))}=${target}` } : { index: h.index + 1, value: target })),
    };
  },
};
