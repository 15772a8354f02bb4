/**
 * `mcp-remote`: a stdio ↔ remote transport bridge (usually `npx -y mcp-remote[@ver] <url>`), not
 * a gateway: it pins nothing. Its version is recorded: < 0.1.16 is CVE-2025-6514
 * (GHSA-6xpm-ggf7-wc3p).
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { bareNameAt, findFrame, mediated, packageVersion } from './args.js';
import type { Mediator, Recognition } from './types.js';

const REASON = 'mcp-remote is a transport bridge to a remote server: it forwards tool lists unchecked and pins nothing';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-remote'
    || (f.kind === 'interpreter' && f.script !== undefined && /(^|[\\/])mcp-remote([\\/]|$)/.test(f.script)));
  if (found === undefined) return undefined;
  const url = found.frame.args.find((a) => /^https?:\/\//i.test(a));
  const version = packageVersion(chain, (n) => n === 'mcp-remote');
  let extra: Partial<Recognition> = { mode: 'bridge', bareName: bareNameAt(chain, found.index) };
  if (url !== undefined) extra = { ...extra, upstream: [url] };
  if (version !== undefined) extra = { ...extra, version };
  return mediated('mcp-remote', entry, 'node', REASON, extra);
}

export const mcpRemote: Mediator = {
  id: 'mcp-remote',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: ['mcp-remote'], pypi: [], go: [] },
  programs: [{ kind: 'bin', name: 'mcp-remote', subcommand: [], role: 'other', what: 'a stdio to remote bridge: pins nothing', source: 'https://www.npmjs.com/package/mcp-remote' }],
  advisories: {
    reviewed: '2025-07-09',
    sources: ['https://nvd.nist.gov/vuln/detail/CVE-2025-6514'],
    list: [{
      id: 'CVE-2025-6514', ecosystem: 'npm', package: 'mcp-remote', affected: [{ introduced: '0.0.5', fixed: '0.1.16' }], effect: 'exploitable',
      summary: 'OS command injection via a malicious authorization_endpoint URL',
      source: 'https://nvd.nist.gov/vuln/detail/CVE-2025-6514',
    }],
  },
  recognize,
};
