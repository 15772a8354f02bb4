import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by the issue-14 red team (present before that change too): ~/.claude.json keeps one
 * mcpServers map per project, so two different servers of the same name in two projects share
 * host, scope, file and name, the five parts of a fingerprint. Their findings get one
 * fingerprint: a suppression reviewed for one project's server silences the other's, and an
 * ignore file cannot list the two apart. report/fingerprint.ts adds a subject where the five do
 * not tell findings apart; here nothing does. Runs as a node:test todo until the fingerprint does.
 */
test('same-named servers of two Claude Code projects get different fingerprints', {
  todo: 'report/fingerprint.ts: the project of a ~/.claude.json project entry is not part of its fingerprint',
}, async () => {
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
});
