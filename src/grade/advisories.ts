import type { LaunchChain } from '../launch/types.js';
import { unwrapArgv } from '../launch/unwrap.js';
import { PROXIES } from '../proxies/index.js';
import type { Advisory } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launcherVulnerable } from '../rules/launcher-vulnerable.js';
import { affects, release } from './versions.js';

/**
 * Known-exploitable packages anywhere in a chain (launchers, bridges): each proxy module's
 * `exploitable` advisories (mcp-remote's CVE-2025-6514, https://nvd.nist.gov/vuln/detail/CVE-2025-6514).
 */
export const ADVISORIES: readonly Advisory[] = PROXIES.flatMap((p) => p.advisories.list).filter((a) => a.effect === 'exploitable');

/** A finding per frame that runs a package at an exact version known to be vulnerable. */
export function advisoryFindings(chain: LaunchChain, server: string): Finding[] {
  const out: Finding[] = [];
  for (const frame of chain.frames) {
    const pkg = frame.package;
    if (pkg?.version === undefined) continue;
    const version = release(pkg.ecosystem, pkg.version);
    if (version === undefined) continue;
    for (const adv of ADVISORIES) {
      if (adv.ecosystem === pkg.ecosystem && adv.package === pkg.name && affects(adv, version) !== false) {
        out.push(finding(launcherVulnerable, { server, package: pkg.name, version: pkg.version, advisory: adv.id, summary: adv.summary }));
      }
    }
  }
  return out;
}

/** Advisories for a proxy's upstream command line too: it runs as a child of the proxy, with the same rights. */
export function upstreamAdvisoryFindings(upstream: readonly string[] | undefined, server: string, already: readonly Finding[]): Finding[] {
  if (upstream === undefined || upstream.length === 0) return [];
  const seen = new Set(already.map((f) => f.message));
  return advisoryFindings(unwrapArgv(upstream), server).filter((f) => !seen.has(f.message));
}
