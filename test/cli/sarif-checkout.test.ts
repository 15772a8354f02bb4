import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { assertValidSarif } from '../report/sarif-schema.js';
import { BIN } from './commands/cli-harness.js';

describe('SARIF for code scanning from a git checkout', () => {
  let repo = '';
  before(async () => {
    repo = await tempDir('mcp-audit-sarif-repo');
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(path.join(repo, 'home', '.cursor'), { recursive: true });
    writeFileSync(path.join(repo, 'home', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { bare: { command: 'npx', args: ['-y', 'x-mcp'] } } }, null, 2));
  });
  after(() => {
    if (repo !== '') rmSync(repo, { recursive: true, force: true });
  });

  const locations = (text: string): unknown[] => {
    assertValidSarif(text);
    const log: unknown = JSON.parse(text);
    const runs: unknown = typeof log === 'object' && log !== null ? Reflect.get(log, 'runs') : undefined;
    assert.ok(Array.isArray(runs));
    const results: unknown = Reflect.get(runs[0] ?? {}, 'results');
    assert.ok(Array.isArray(results) && results.length > 0);
    return results.flatMap((r: unknown): unknown[] => {
      const locs: unknown = typeof r === 'object' && r !== null ? Reflect.get(r, 'locations') : undefined;
      if (!Array.isArray(locs)) return [];
      return locs.map((l: unknown): unknown => {
        const physical: unknown = Reflect.get(typeof l === 'object' && l !== null ? l : {}, 'physicalLocation');
        return Reflect.get(typeof physical === 'object' && physical !== null ? physical : {}, 'artifactLocation');
      });
    });
  };

  it('scan --root inside the checkout: locations relative to %SRCROOT%, from the repository root', () => {
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', path.join(repo, 'home'), '--no-project-scan', '--format', 'sarif'], { encoding: 'utf8', cwd: repo });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(locations(r.stdout), [{ uri: 'home/.cursor/mcp.json', uriBaseId: '%SRCROOT%' }]);
    assert.ok(!r.stdout.includes(repo), 'no absolute path of the checkout in the log');
  });

  it('check --format sarif: the same, relative to the repository root', () => {
    const r = spawnSync(process.execPath, [BIN, 'check', '--root', path.join(repo, 'home'), 'home/.cursor/mcp.json', '--format', 'sarif'], { encoding: 'utf8', cwd: repo });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(locations(r.stdout), [{ uri: 'home/.cursor/mcp.json', uriBaseId: '%SRCROOT%' }]);
  });
});
