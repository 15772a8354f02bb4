import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { probe } from '../../../src/probe/probe.js';
import type { AuditReport } from '../../../src/report/model.js';
import { materializeHome } from '../../helpers/materialize.js';
import { SERVERS } from '../../probe/support.js';
import { parseReport } from '../../report/validate.js';
import { BIN } from './cli-run.js';

/**
 * Hangar end to end: the upstream's launch line comes from Hangar's own YAML (`command: […]`), the
 * live tools are hashed with Hangar's recipe (RFC 8785 JCS, checked against the published `add`
 * vector in test/canonical) and compared with `tool_projection.pins`.
 */
test('probe launches a Hangar upstream from its YAML and confirms its pins; a tampered pin is caught', async () => {
  const server = path.join(SERVERS, 'python-style.js');
  const capture = await probe({ kind: 'stdio', program: process.execPath, args: [server], env: {} }, { hostEnv: { PATH: process.env['PATH'] } });
  assert.ok(capture.ok, 'fixture server answers');
  const home = await materializeHome({
    '.config/Claude/claude_desktop_config.json': JSON.stringify({
      mcpServers: { hub: { command: 'uvx', args: ['--from', 'mcp-hangar==2.34.4', 'mcp-hangar', '--config', '@HOME@/.config/mcp-hangar/config.yaml', 'serve'] } },
    }),
  }, 'mcp-audit-hangar');
  const page = path.join(home, 'tools.json');
  await fs.writeFile(page, capture.toolsRaw[0] ?? '');
  const d = spawnSync(process.execPath, [BIN, 'digest', page, '--profile', 'hangar', '--format', 'json'], { encoding: 'utf8' });
  assert.equal(d.status, 0, d.stderr);
  const parsed: unknown = JSON.parse(d.stdout);
  const list: unknown = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'digests') : undefined;
  assert.ok(Array.isArray(list));
  const digests = list.map((x: unknown) => ({ subject: String(Reflect.get(Object(x), 'subject')), digest: String(Reflect.get(Object(x), 'digest')) }));
  assert.ok(digests.length >= 2);
  const yaml = (pins: readonly { subject: string; digest: string }[]): string => [
    'mcp_servers:', '  weather:', `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(server)}]`,
    '    tool_projection:', '      digest_enforcement: block', '      pins:',
    ...pins.map((p) => `        ${p.subject}: ${p.digest}`), '',
  ].join('\n');
  const config = path.join(home, '.config/mcp-hangar/config.yaml');
  await fs.mkdir(path.dirname(config), { recursive: true });
  const run = (): AuditReport => {
    const r = spawnSync(process.execPath, [BIN, 'probe', '--root', home, '--no-project-scan', '--format', 'json', '--timeout', '10'], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return parseReport(r.stdout);
  };
  await fs.writeFile(config, yaml(digests));
  const ok = run().entries.find((e) => e.upstream === 'weather');
  assert.equal(ok?.probe?.outcome, 'pins-confirmed', ok?.probe?.detail);
  // Every tool served now is pinned, but the probe proves no claim (probe/run.ts applyProbe): Hangar
  // passes a tool with no pin, so the baseline stays open and the row is not enforcing.
  assert.equal(ok?.grade, 'unverifiable');
  assert.ok(ok?.evidence.some((c) => c.claim === 'baseline' && !c.proven));
  const [first, ...rest] = digests;
  assert.ok(first !== undefined);
  await fs.writeFile(config, yaml([{ subject: first.subject, digest: 'f'.repeat(64) }, ...rest]));
  const bad = run().entries.find((e) => e.upstream === 'weather');
  assert.notEqual(bad?.probe?.outcome, 'pins-confirmed');
  assert.ok(['drift', 'pins-unmatched'].includes(bad?.probe?.outcome ?? ''), bad?.probe?.outcome);
});
