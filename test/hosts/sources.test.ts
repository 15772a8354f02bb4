import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOSTS } from '../../src/hosts/index.js';
import type { HostDefinition } from '../../src/hosts/types.js';

/**
 * Every fact in the host registry cites where it comes from: the host's own source or a tool that
 * reads the file (owner/repo@commit path), documentation (a URL), an issue (owner/repo#N), or, for
 * a fact no primary source confirms, `unverified:` with what the source says and what was searched.
 */
const CITATION = /([A-Za-z0-9-]+\/[A-Za-z0-9._-]+@[0-9a-f]{7,40}|https:\/\/\S+|[A-Za-z0-9-]+\/[A-Za-z0-9._-]+#\d+|^unverified: \S+)/;

function citations(host: HostDefinition): { what: string; source: string }[] {
  const out = [{ what: 'entry shape', source: host.source }];
  for (const l of host.locations) out.push({ what: `location ${l.path}`, source: l.source });
  for (const s of host.switches ?? []) out.push({ what: `switch ${s.key.join('.')} of ${s.file}`, source: s.source });
  for (const s of host.hostSwitches ?? []) out.push({ what: `host switch ${s.key.join('.')}`, source: s.source });
  const parts = [host.precedence, host.variables, host.policy, host.launchDir, host.linkedInstalls, host.pluginEnablement, host.trustedFolders, host.opaqueTrust];
  for (const p of parts) if (p !== undefined) out.push({ what: 'host rule', source: p.source });
  return out;
}

const REGISTRY: readonly HostDefinition[] = HOSTS;

describe('host registry: sources', () => {
  for (const host of REGISTRY) {
    it(`${host.id}: every location, key and switch cites its source`, () => {
      for (const c of citations(host)) assert.match(c.source, CITATION, `${host.id} ${c.what}: "${c.source}"`);
    });
  }

  it('policy, precedence and trust rules name locations the host has', () => {
    for (const host of REGISTRY) {
      const paths = new Set(host.locations.map((l) => l.path));
      for (const t of host.precedence?.tiers ?? []) assert.ok(paths.has(t.location), `${host.id} precedence tier ${t.location}`);
      for (const p of host.policy?.exclusive ?? []) assert.ok(paths.has(p), `${host.id} exclusive ${p}`);
      for (const g of [...host.pluginEnablement?.governs ?? [], ...host.trustedFolders?.governs ?? [], ...host.opaqueTrust?.governs ?? []]) {
        assert.ok(paths.has(g), `${host.id} governs ${g}`);
      }
      if (host.linkedInstalls !== undefined) assert.ok(paths.has(host.linkedInstalls.location), `${host.id} linked location`);
    }
  });
});
