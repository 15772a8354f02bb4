import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import type { AuditResult } from '../../src/grade/audit.js';
import { probeRows, rowLabel, selectRows } from '../../src/probe/run.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { SERVERS } from './support.js';

const wired = (server: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  command: 'uvx',
  args: ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', process.execPath, `--upstream-arg=${join(SERVERS, server)}`],
  ...extra,
});

const EMPTY_PINS = '{\n  "version": 2,\n  "pins": []\n}\n';

async function fixtureAudit(): Promise<AuditResult> {
  const home = await materializeHome({
    '.cursor/mcp.json': JSON.stringify({
      mcpServers: {
        plain: { command: 'node', args: ['server.js'] },
        normal: wired('normal.js'),
        acme: { command: '/opt/mcp-context-protector/mcp-context-protector.sh', args: ['--command', 'node /opt/acme/server.js'] },
        hub: { command: 'uvx', args: ['--from', 'mcp-hangar==2.34.4', 'mcp-hangar', '--config', '@HOME@/.config/mcp-hangar/config.yaml', 'serve'] },
      },
    }),
    // Cursor documents no `cwd` field (https://cursor.com/docs/context/mcp), so src/hosts/cursor.ts models none; Cline does: the relative-cwd row lives there.
    '.cline/data/settings/cline_mcp_settings.json': JSON.stringify({ mcpServers: { rel: wired('normal.js', { cwd: 'sub' }) } }),
    // Cursor honours no `disabled` key (cursor/cursor#3656); Windsurf does: the disabled row lives there.
    '.codeium/windsurf/mcp_config.json': JSON.stringify({ mcpServers: { off: wired('normal.js', { disabled: true }) } }),
    'proj/.cursor/mcp.json': JSON.stringify({ mcpServers: { cloned: wired('normal.js') } }),
    '.mcpindex/pins/normal.json': { content: EMPTY_PINS, mode: 0o600 },
    '.mcpindex/pins/cloned.json': { content: EMPTY_PINS, mode: 0o600 },
    '.mcp-context-protector/servers.json': {
      content: JSON.stringify({ servers: [{ type: 'stdio', identifier: 'node /opt/acme/server.js', config: null, approval_status: 'approved', approved_tools: { lookup: 'ab'.repeat(32) }, approved_instructions_hash: null }] }),
      mode: 0o600,
    },
    '.config/mcp-hangar/config.yaml': {
      content: `mcp_servers:\n  payments:\n    mode: container\n    image: example/payments-mcp\n    tool_projection:\n      pins:\n        refund: ${'61'.repeat(32)}\n`,
      mode: 0o600,
    },
  });
  return audit({ root: home, projectScan: false, projects: [join(home, 'proj')] }, testEnv('linux'));
}

const labels = (result: AuditResult, indices: Iterable<number>): string[] =>
  [...indices].map((i) => result.rows[i]).map((r) => (r === undefined ? '?' : rowLabel(r))).sort();

describe('selectRows', () => {
  it('pinned, enabled, user-scope rows only; project scope only with probeProject', async () => {
    const result = await fixtureAudit();
    assert.deepEqual(labels(result, selectRows(result, {}).selected), ['cline:rel', 'cursor:acme', 'cursor:hub/payments', 'cursor:normal']);
    assert.deepEqual(labels(result, selectRows(result, { probeProject: true }).selected),
      ['cline:rel', 'cursor:acme', 'cursor:cloned', 'cursor:hub/payments', 'cursor:normal']);
  });

  it('names narrow the selection; a named row that cannot be probed is reported as skipped', async () => {
    const result = await fixtureAudit();
    const { selected, skipped } = selectRows(result, { names: ['normal', 'plain', 'off', 'cloned', 'hub/payments'] });
    assert.deepEqual(labels(result, selected), ['cursor:hub/payments', 'cursor:normal']);
    assert.deepEqual(skipped.map((s) => [s.label, s.why.split(':')[0]]).sort(), [
      ['cursor:cloned', 'project scope'], ['cursor:plain', 'no pinning proxy in front of it'], ['windsurf:off', 'disabled'],
    ]);
  });
});

describe('probeRows', () => {
  it('launches the upstream, never the proxy; reports what cannot be recomputed without launching it', async () => {
    const result = await fixtureAudit();
    const events: string[] = [];
    const probed = await probeRows(result, {
      hostEnv: { PATH: process.env['PATH'] }, timeoutMs: 10_000, onResult: (e) => events.push(`${e.label} ${e.summary.outcome}`),
    });
    const byLabel = new Map([...probed.probes].map(([i, s]) => [probed.result.rows[i] === undefined ? '?' : rowLabel(probed.result.rows[i]), s]));
    assert.deepEqual([...byLabel.keys()].sort(), ['cline:rel', 'cursor:acme', 'cursor:hub/payments', 'cursor:normal']);
    // normal.js serves tools and the store has no pin for them: the gate would pin them on first use.
    assert.equal(byLabel.get('cursor:normal')?.outcome, 'unpinned-tools');
    assert.ok((byLabel.get('cursor:normal')?.elapsedMs ?? 0) > 0);
    assert.deepEqual(byLabel.get('cursor:acme')?.failure?.reason, 'recipe not reproducible');
    // A container upstream: mcp-audit runs no images, so its launch line is not in the evidence.
    assert.deepEqual(byLabel.get('cursor:hub/payments')?.failure?.reason, 'upstream launch line not in evidence');
    assert.equal(byLabel.get('cursor:hub/payments')?.elapsedMs, undefined, 'nothing was launched');
    assert.equal(byLabel.get('cline:rel')?.failure?.reason, 'cwd-unresolved', 'a relative cwd outside a project is not guessed');
    assert.equal(events.length, 4);
    // Unprotected and disabled rows carry no probe, and no probe changed any grade here.
    assert.deepEqual(probed.result.rows.map((r) => r.grade), result.rows.map((r) => r.grade));
  });
});
