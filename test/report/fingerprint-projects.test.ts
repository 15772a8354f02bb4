import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { cli } from '../cli/commands/cli-run.js';
import { fingerprint, fingerprintOf } from '../../src/report/fingerprint.js';

/**
 * Found by the issue-14 red team (present before that change too): ~/.claude.json keeps one
 * mcpServers map per project, so two different servers of the same name in two projects share
 * host, scope, file and name, the five parts of a fingerprint. Their findings get one
 * fingerprint: a suppression reviewed for one project's server silences the other's, and an
 * ignore file cannot list the two apart. report/fingerprint.ts adds a subject where the five do
 * not tell findings apart; here nothing did. Fixed: the project of an entry kept outside its
 * project is part of the subject (projectOutsideFile).
 */
test('same-named servers of two Claude Code projects get different fingerprints', async () => {
  const home = await materializeHome({ 'a/.keep': '', 'b/.keep': '' });
  const projects = {
    [path.join(home, 'a')]: { mcpServers: { db: { command: 'npx', args: ['-y', 'reviewed-db'] } }, hasTrustDialogAccepted: true },
    [path.join(home, 'b')]: { mcpServers: { db: { command: 'npx', args: ['-y', 'unreviewed-db'] } }, hasTrustDialogAccepted: true },
  };
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects }));
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const rows = parseReport(r.stdout).entries.filter((e) => e.name === 'db');
  assert.deepEqual(rows.map((e) => e.launch.at(-1)).sort(), ['reviewed-db', 'unreviewed-db'], 'both project entries are rows');
  const prints = rows.map((e) => e.findings.find((f) => f.id === 'no-pinning-proxy')?.fingerprint);
  assert.ok(prints.every((p) => p !== undefined));
  assert.notEqual(prints[0], prints[1], 'one suppression must not cover both servers');
  // The ndjson record of each entry carries its own identity, told apart the same way.
  const nd = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'ndjson']);
  const records = nd.stdout.trim().split('\n').map((l) => JSON.parse(l) as { server?: string; fingerprint?: string }).filter((x) => x.server === 'db');
  assert.equal(records.length, 2, nd.stdout.slice(0, 400));
  assert.notEqual(records[0]?.fingerprint, records[1]?.fingerprint);
});

test('project entries in a file of their own project keep the five-part fingerprint and carry no project key', async () => {
  const home = await materializeHome({
    'a/.mcp.json': JSON.stringify({ mcpServers: { db: { command: 'npx', args: ['-y', 'a-db'] } } }),
    'b/.mcp.json': JSON.stringify({ mcpServers: { db: { command: 'npx', args: ['-y', 'b-db'] } } }),
  });
  const projects = { [path.join(home, 'a')]: { hasTrustDialogAccepted: true }, [path.join(home, 'b')]: { hasTrustDialogAccepted: true } };
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects }));
  const r = await cli(['scan', '--root', home, '--format', 'json']);
  const rows = parseReport(r.stdout).entries.filter((e) => e.name === 'db' && e.host === 'claude-code');
  assert.equal(rows.length, 2, r.stderr);
  for (const e of rows) {
    assert.equal(e.project, undefined, 'a project file entry needs no project key: its file tells it apart');
    const f = e.findings.find((x) => x.id === 'no-pinning-proxy');
    assert.ok(f !== undefined);
    // The same hash as before the project was added: rule, host, scope, file (relative), server.
    assert.equal(f.fingerprint, fingerprint({ ruleId: f.id, host: e.host, scope: e.scope, file: path.relative(home, e.configPath), server: e.name }));
  }
});

test('the project part cannot be spelled by an upstream or another project: crafted separators do not collide', () => {
  const home = '/home/u';
  const f = { id: 'no-pinning-proxy', severity: 'medium', grade: 'unprotected', message: 'm', data: {} } as const;
  const row = (project: string, upstream?: string) => ({
    host: 'claude-code', scope: 'project' as const, configPath: '/home/u/.claude.json', name: 'db', project,
    ...(upstream !== undefined ? { upstream } : {}),
  });
  const prints = [
    fingerprintOf(f, row('/home/u/a\u001fproject:b'), home),
    fingerprintOf(f, row('/home/u/a', 'project:b'), home),
    fingerprintOf(f, row('/home/u/a', '\u001fproject:"b"'), home),
    fingerprintOf(f, row('/home/u/b', 'x'), home),
    fingerprintOf(f, row('/home/u/a"\u001fproject:"b'), home),
    fingerprintOf(f, row('/home/u/a'), home),
  ];
  assert.equal(new Set(prints).size, prints.length, 'every crafted pair has its own fingerprint');
});
