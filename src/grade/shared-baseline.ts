/**
 * Rows that share one baseline: the same proxy, store and server id (`probeInputs.serverId`, what
 * the proxy keys its pins by) but different upstream command lines. The pins were written for one
 * of them at most, so the baseline claim is not proven for any (rule baseline-shared).
 */
import { baselineShared } from '../rules/baseline-shared.js';
import { finding } from '../rules/types.js';
import { regrade } from './chain.js';
import type { ClaimResult, GradedEntry } from './types.js';

export function sharedBaselines(rows: readonly GradedEntry[]): GradedEntry[] {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const id = r.probeInputs?.serverId;
    if (r.proxy === null || r.proxy.store === null || id === undefined || r.probeInputs?.upstreamArgv === undefined) return;
    const key = `${r.proxy.id}\0${r.proxy.store}\0${id}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [i]); else list.push(i);
  });
  const out = [...rows];
  for (const members of groups.values()) {
    const argv = (i: number): string => JSON.stringify(rows[i]?.probeInputs?.upstreamArgv ?? []);
    if (new Set(members.map(argv)).size < 2) continue;
    for (const i of members) {
      const row = rows[i];
      const j = members.find((k) => argv(k) !== argv(i));
      const other = j === undefined ? undefined : rows[j];
      if (row === undefined || other === undefined || row.proxy === null) continue;
      const f = finding(baselineShared, {
        server: row.name, proxy: row.proxy.id, serverId: row.probeInputs?.serverId ?? '', path: row.proxy.store ?? '', other: `${other.host}/${other.name}`,
      }, row.location);
      const findings = [...row.findings, f];
      const evidence = row.evidence.map((c): ClaimResult => (c.claim === 'baseline' ? { claim: 'baseline', proven: false, reason: f.message, findings: [f.id] } : c));
      const next = { ...row, findings, evidence };
      out[i] = { ...next, grade: regrade(next, findings) };
    }
  }
  return out;
}
