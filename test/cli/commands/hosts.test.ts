import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixtureHome } from '../../hosts/helpers.js';
import { runAudit } from './audit-harness.js';

describe('mcp-audit hosts', () => {
  it('lists every location checked with found / absent / error per host and scope', async () => {
    const home = fixtureHome('macos');
    const r = await runAudit(['hosts', '--root', home, '--platform', 'darwin', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out: unknown = JSON.parse(r.stdout);
    assert.ok(typeof out === 'object' && out !== null && 'locations' in out);
    const locations: unknown = out.locations;
    assert.ok(Array.isArray(locations));
    const find = (p: string): unknown => locations.find((l: unknown) => typeof l === 'object' && l !== null && 'path' in l && l.path === path.join(home, p));
    assert.deepEqual(find('Library/Application Support/Claude/claude_desktop_config.json'), {
      host: 'claude-desktop', scope: 'user', path: path.join(home, 'Library/Application Support/Claude/claude_desktop_config.json'),
      format: 'json', status: 'found', entries: 3, serversKey: true,
    });
    assert.ok(locations.some((l: unknown) => typeof l === 'object' && l !== null && 'status' in l && l.status === 'absent'));
  });

  it('prints a table with a summary line', async () => {
    const r = await runAudit(['hosts', '--root', fixtureHome('linux'), '--found']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /claude-code .*managed .*found/);
    assert.match(r.stdout, /\d+ locations checked: \d+ found, 0 errors, \d+ absent\./);
  });
});
