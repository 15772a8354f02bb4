import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * A host's imports of other hosts' files (HostDefinition.imports; mcporter's `imports` list), on
 * homes written at test time and read through the real discovery.
 */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

function home(files: Readonly<Record<string, string>>, dirs: readonly string[] = []): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-imports-')));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  for (const d of dirs) mkdirSync(path.join(dir, d), { recursive: true });
  return dir;
}

const run = (root: string, projects: readonly string[] = []): Promise<Discovery> =>
  discover({ root, platform: 'linux', projects }, testEnv('linux', { cwd: os.tmpdir() }));
const names = (d: Discovery, host: string): string[] => d.entries.filter((e) => e.host === host).map((e) => e.name).sort();

describe('imports: other hosts\' files a host also starts servers from', () => {
  it('a problem in an imported file is reported once, under the host that owns the file', async () => {
    const root = home({ '.codeium/windsurf/mcp_config.json': '{"mcpServers": {"a": {"command": "x"}', '.mcporter/mcporter.json': '{"mcpServers": {}}' });
    const d = await run(root);
    assert.deepEqual(d.findings.map((f) => [f.id, /^windsurf /.test(f.message)]), [['config-unparseable', true]]);
  });

  it('a ~/.mcporter folder without a config file is mcporter on the machine: every default import', async () => {
    const d = await run(home({ '.cursor/mcp.json': '{"mcpServers": {"c": {"command": "c-bin"}}}' }, ['.mcporter']));
    assert.deepEqual(names(d, 'mcporter'), ['c']);
  });

  it('imports stay on unless every mcporter config file read turns them off', async () => {
    const files = { '.cursor/mcp.json': '{"mcpServers": {"c": {"command": "c-bin"}}}', '.mcporter/mcporter.json': '{"imports": [], "mcpServers": {}}' };
    assert.deepEqual(names(await run(home(files)), 'mcporter'), []);
    assert.deepEqual(names(await run(home({ ...files, '.mcporter/mcporter.jsonc': '{"mcpServers": {}}' })), 'mcporter'), ['c']);
  });

  it('an mcporter config that does not parse leaves the imports on (mcporter ignores a config with a syntax error)', async () => {
    const d = await run(home({ '.cursor/mcp.json': '{"mcpServers": {"c": {"command": "c-bin"}}}', '.mcporter/mcporter.json': '{"imports": [' }));
    assert.deepEqual(names(d, 'mcporter'), ['c']);
  });

  it('a project file of an import kind is read in each project root, as a project entry', async () => {
    const root = home({ 'src/app/.vscode/mcp.json': '{"servers": {"p": {"type": "stdio", "command": "p-bin"}}}' }, ['.mcporter']);
    const d = await run(root, [path.join(root, 'src', 'app')]);
    assert.deepEqual(d.entries.filter((e) => e.host === 'mcporter').map((e) => [e.name, e.scope, e.project]), [['p', 'project', path.join(root, 'src', 'app')]]);
  });

  it('a kind the audit does not know is a floor cause naming the file and the kind', async () => {
    const d = await run(home({ '.mcporter/mcporter.json': '{"imports": ["zed"], "mcpServers": {}}' }));
    const causes = d.floorCauses.filter((c) => c.hosts?.includes('mcporter') === true);
    assert.equal(causes.length, 1);
    assert.match(causes[0]?.detail ?? '', /mcporter\.json lists "zed" in imports/);
  });

  it('a root-level map is read only when no mcpServers, servers or mcp container is present', async () => {
    const both = '{"mcpServers": {"m": {"command": "m-bin"}}, "r": {"command": "r-bin"}}';
    assert.deepEqual(names(await run(home({ '.claude/mcp.json': both }, ['.mcporter'])), 'mcporter'), ['m']);
    assert.deepEqual(names(await run(home({ '.claude/mcp.json': '{"r": {"command": "r-bin"}}' }, ['.mcporter'])), 'mcporter'), ['r']);
    // A settings file has no root fallback.
    assert.deepEqual(names(await run(home({ '.claude/settings.json': '{"r": {"command": "r-bin"}}' }, ['.mcporter'])), 'mcporter'), []);
  });
});
