import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { cli } from '../cli/commands/cli-run.js';
import { materializeHome } from '../helpers/materialize.js';

/** The real CLI, spawned from dist: exit codes, preview output, and what it never prints. */
const SECRET_ENV = 'sk-live-0123456789abcdefSECRET';
const SHORT_ENV = 'x9';
const CONFIG = `{
  "mcpServers": {
    "github": {
      "command": "uvx",
      "args": ["--from", "mcpindex-gate", "mcpindex-proxy", "--mcpindex-stdio", "--upstream-command", "npx", "--upstream-arg=--api-key=hunter2hunter2"],
      "env": { "HOME": "/tmp/elsewhere-${SHORT_ENV}", "PYTHONPATH": "${SHORT_ENV}", "MY_TOKEN": "${SECRET_ENV}" }
    }
  }
}
`;

const args = (home: string): string[] => ['--root', home, '--platform', 'linux', '--no-project-scan'];

test('fix preview: exit 1 with a diff, the file unchanged, and no env value, token or secret argument printed', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-cli');
  const r = await cli(['fix', ...args(home)]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^-.*"PYTHONPATH"/m);
  for (const secret of [SECRET_ENV, '/tmp/elsewhere', `"${SHORT_ENV}"`, 'hunter2hunter2']) assert.ok(!r.stdout.includes(secret), `printed ${secret}`);
  assert.equal(await fs.readFile(path.join(home, '.cursor', 'mcp.json'), 'utf8'), CONFIG);
});

test('fix exits 0 when there is nothing to edit and nothing unmended', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': '{ "mcpServers": {} }\n' }, 'mcp-audit-cli');
  const r = await cli(['fix', ...args(home)]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /Nothing to edit/);
});

test('fix --apply exits 1 while findings remain that no edit can mend, and prints coverage before -> after', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-cli');
  const r = await cli(['fix', ...args(home), '--apply']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /Coverage: .* -> .*/);
  assert.match(r.stdout, /not mended: .*pin-baseline-absent/);
  assert.ok(!r.stdout.includes(SECRET_ENV));
});

test('usage errors exit 2: wrap without --with, an unknown server (wrap and fix), an unknown proxy', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-cli');
  assert.equal((await cli(['wrap', 'github', ...args(home)])).code, 2);
  const unknown = await cli(['wrap', 'nope', '--with', 'mcpindex-gate', ...args(home)]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no server entry named "nope"/);
  assert.equal((await cli(['wrap', 'github', '--with', 'toolhive', ...args(home)])).code, 2);
  assert.equal((await cli(['fix', 'nope', ...args(home)])).code, 2);
  const all = await cli(['fix', '--all-users', ...args(home)]);
  assert.equal(all.code, 2);
  assert.match(all.stderr, /one home at a time/);
});

test('wrap of an entry already behind a pinning proxy is refused: exit 1, file unchanged', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-cli');
  const r = await cli(['wrap', 'github', '--with', 'mcp-context-protector', ...args(home), '--apply']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /refused: .*already runs behind mcpindex-gate/);
  assert.equal(await fs.readFile(path.join(home, '.cursor', 'mcp.json'), 'utf8'), CONFIG);
});

test('a hostile server name reaches the terminal escaped, in the summary and in the diff', async () => {
  const name = 'evil\u001b[2J\u202e';
  const cfg = JSON.stringify({ mcpServers: { [name]: { command: 'uvx', args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', '/tmp/p', '--upstream-command', 'npx'] } } }, null, 2);
  const home = await materializeHome({ '.cursor/mcp.json': cfg }, 'mcp-audit-cli');
  const r = await cli(['fix', ...args(home)]);
  assert.equal(r.code, 1, r.stderr);
  assert.ok(!r.stdout.includes('\u001b') && !r.stdout.includes('\u202e'), 'raw control or bidi character printed');
  assert.match(r.stdout, /evil\\x1b\[2J\\u202e: let mcpindex-gate use its default store/);
});
