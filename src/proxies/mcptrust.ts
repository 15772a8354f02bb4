/**
 * MCPTrust: `mcptrust proxy [--audit-only|--filter-only] --lock FILE -- cmd …` (pinning-systems.md
 * §4.1–4.2). Only the default `enforce` mode blocks calls.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  afterDashDash, bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, lastFlagValue, storeUnlessFloating,
} from './args.js';
import type { ProxyRecognizer, Recognition } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

const TRUE = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

/**
 * A cobra/pflag bool flag before `--`: bare means true, `--flag=v` takes strconv.ParseBool's
 * spellings; the last occurrence wins. Another value makes the proxy refuse to start: 'unknown'.
 */
function boolFlag(args: readonly string[], name: string): boolean | 'unknown' {
  let out: boolean | 'unknown' = false;
  for (const a of args) {
    if (a === '--') break;
    if (a === name) out = true;
    else if (a.startsWith(`${name}=`)) {
      const v = a.slice(name.length + 1);
      out = TRUE.has(v) ? true : FALSE.has(v) ? false : 'unknown';
    }
  }
  return out;
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcptrust' && f.args[0] === 'proxy');
  if (found === undefined) return undefined;
  const args = found.frame.args.slice(1);
  const audit = boolFlag(args, '--audit-only');
  const filter = boolFlag(args, '--filter-only');
  const unknown = audit === 'unknown' || filter === 'unknown';
  const lock = lastFlagValue(args, ['--lock']);
  const upstream = afterDashDash(args);
  const r: Recognition = {
    proxy: 'mcptrust', pins: true, runtime: 'go',
    mode: unknown ? 'unknown' : audit ? 'audit-only' : filter ? 'filter-only' : 'enforce',
    blocking: !unknown && !audit && !filter,
    ...(unknown ? { modeUnknown: true } : {}),
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

/** `--audit-only` / `--filter-only` in any spelling cobra accepts, before `--`. */
function modeFlagIndexes(argv: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') break;
    if (/^--(audit|filter)-only(=|$)/.test(a)) out.push(i);
  }
  return out;
}

/**
 * Wiring (pinning-systems.md §4.1; mcptrust/mcptrust README @048aff0):
 * `mcptrust proxy --lock FILE -- CMD ARGS…`, everything after `--` being the upstream argv. The
 * lock has no default location (without `--lock` it is `mcp-lock.json` in the working directory),
 * so wrapping needs one named, under the home; a planted `--lock` has no mechanical fix.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcptrust',
  reference: 'pinning-systems.md §4.1; mcptrust/mcptrust README.md @048aff0',
  wrap({ upstream, store }) {
    if (store === undefined) return { ok: false, reason: 'mcptrust has no default lock file: name one under your home with --store' };
    if (!/^(\/|[A-Za-z]:[\\/])/.test(store)) return { ok: false, reason: 'the lock file must be an absolute path (a relative one resolves against whatever directory the host starts in)' };
    return { ok: true, command: 'mcptrust', args: ['proxy', '--lock', store, '--', upstream.command, ...(upstream.args ?? [])] };
  },
  unwrap(rec) {
    const [head, ...rest] = rec.upstream ?? [];
    return head === undefined ? undefined : rest.length === 0 ? { command: head } : { command: head, args: rest };
  },
  restoreBlocking(argv) {
    const remove = modeFlagIndexes(argv);
    return remove.length === 0 ? undefined : { remove };
  },
};
