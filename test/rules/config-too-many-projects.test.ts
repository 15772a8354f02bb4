import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claudeCode } from '../../src/hosts/claude-code.js';
import { MAX_LISTED_PROJECTS, discover } from '../../src/discover/discover.js';
import type { HostDefinition } from '../../src/hosts/types.js';
import { configTooManyProjects } from '../../src/rules/config-too-many-projects.js';
import { testEnv } from '../hosts/helpers.js';
import { assertCatalogued, put, tempDir } from './config-harness.js';

/** ~/.claude.json and the project .mcp.json location only. */
const host: HostDefinition = {
  ...claudeCode,
  locations: claudeCode.locations.filter((l) => l.path === '~/.claude.json' || l.path === '<project>/.mcp.json'),
};

/** Roots the audit scans as projects, not those it reads on a host's walk up from them (the home, for Claude Code). */
const listedRoots = (roots: readonly { readonly sources: readonly string[] }[]): number => roots.filter((r) => !r.sources.every((s) => s.startsWith('walk:'))).length;

const claudeJson = (n: number): string =>
  JSON.stringify({ projects: Object.fromEntries(Array.from({ length: n }, (_v, i) => [`/home/u/p${i}`, { mcpServers: {} }])) });

test('config-too-many-projects is catalogued and documented', () => assertCatalogued(configTooManyProjects));

test('fires: a padded projects list is capped, reported at its key, ', async () => {
  const home = tempDir();
  put(home, '.claude.json', claudeJson(MAX_LISTED_PROJECTS + 500));
  const d = await discover({ root: home, hosts: [host] }, testEnv('linux'));
  const f = d.findings.filter((x) => x.id === 'config-too-many-projects');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.data.count, String(MAX_LISTED_PROJECTS + 500));
  assert.deepEqual([f[0]?.location?.line, f[0]?.location?.column], [1, 2]);
  assert.equal(listedRoots(d.projectRoots), MAX_LISTED_PROJECTS);
});

test('does not fire: an ordinary list', async () => {
  const home = tempDir();
  put(home, '.claude.json', claudeJson(3));
  const d = await discover({ root: home, hosts: [host] }, testEnv('linux'));
  assert.equal(d.findings.length, 0);
  assert.equal(listedRoots(d.projectRoots), 3);
});
