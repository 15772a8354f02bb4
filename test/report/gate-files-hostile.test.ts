import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { cli } from '../cli/commands/cli-run.js';
import { materializeHome, tempDir } from '../helpers/materialize.js';

/**
 * Gate files fail closed, through the real CLI: every hostile --policy, --baseline and
 * --ignore-file exits 2 with a message naming the file (and line:column where there is one),
 * never a hang, a stack trace, "internal error", or a gate that silently means less.
 */

const FLAGS = ['--policy', '--baseline', '--ignore-file'] as const;
type Flag = (typeof FLAGS)[number];

const CONFIG = JSON.stringify({ mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } } });

async function setup(): Promise<{ home: string; dir: string }> {
  return { home: await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-hostile'), dir: await tempDir('mcp-audit-hostile-gate') };
}

async function refused(flag: Flag, name: string, content: string | Buffer | 'fifo', expect: RegExp): Promise<void> {
  const { home, dir } = await setup();
  const file = path.join(dir, name);
  if (content === 'fifo') execFileSync('mkfifo', [file]);
  else await fs.writeFile(file, content);
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', flag, file], { cwd: dir });
  assert.equal(r.code, 2, `${flag} ${name}: ${r.stderr}`);
  assert.equal(r.stdout, '', 'no report');
  assert.ok(r.stderr.includes(file), `${flag} ${name}: the message names the file: ${r.stderr}`);
  assert.match(r.stderr, expect, `${flag} ${name}`);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at \S+ \(|Maximum call stack|RangeError|ReferenceError/, `${flag} ${name}: no stack trace`);
}

const deepFlow = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}\n`;
const deepBlock = (n: number): string => `${'- '.repeat(n)}x\n`;
const ALIAS_BOMB = [
  'version: 1',
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]', 'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]', 'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]', '',
].join('\n');

for (const flag of FLAGS) {
  test(`${flag}: a FIFO exits 2 at once (opened non-blocking, checked on the handle), never a hang`, async () => {
    await refused(flag, 'gate.fifo', 'fifo', /not a regular file \(FIFO\)/);
  });
  test(`${flag}: a file that is not UTF-8 exits 2 naming line:column`, async () => {
    const bytes = Buffer.concat([Buffer.from('version: 1\ndeny-servers: [caf'), Buffer.from([0xe9]), Buffer.from(']\n')]);
    await refused(flag, 'latin1.yaml', bytes, /latin1\.yaml:2:19: not UTF-8/);
  });
  test(`${flag}: 100,000-deep nesting exits 2 with its own message`, async () => {
    await refused(flag, 'deep.json', deepFlow(100_000), /deep\.json:1:\d+: nested deeper than \d+ levels/);
  });
}

for (const flag of ['--policy', '--ignore-file'] as const) {
  test(`${flag}: 100,000 nested block sequences exit 2 with the depth message (the YAML composer would exhaust the heap)`, async () => {
    await refused(flag, 'deep.yaml', deepBlock(100_000), /deep\.yaml:1:\d+: nested deeper than 64 levels/);
  });
  test(`${flag}: an alias bomb exits 2 naming the first alias`, async () => {
    await refused(flag, 'bomb.yaml', ALIAS_BOMB, /bomb\.yaml:3:\d+: more than 100 YAML alias expansions/);
  });
  test(`${flag}: an unknown or non-core tag exits 2 naming it`, async () => {
    await refused(flag, 'tag.yaml', 'version: 1\ndeny-servers: [!!python/object:os.system x]\n', /tag\.yaml:2:16: unknown YAML tag/);
    await refused(flag, 'bin.yaml', 'version: 1\ndeny-env: [!!binary aGk=]\n', /bin\.yaml:2:12: YAML tag tag:yaml\.org,2002:binary is not allowed/);
  });
}

test('--baseline: a duplicate key exits 2 naming both places (last-wins would silently accept a finding)', async () => {
  const text = '{\n  "schemaVersion": "1.0.0",\n  "schemaVersion": "1.9.0",\n  "trustedHome": { "path": "/h" }, "entries": [], "findings": []\n}\n';
  await refused('--baseline', 'dup.json', text, /dup\.json:3:3: duplicate key "schemaVersion" \(first at 2:3\)/);
});

test('a policy that is not UTF-8 no longer passes silently: the same policy in UTF-8 fires, the Latin-1 one is refused', async () => {
  const { home, dir } = await setup();
  const utf8 = path.join(dir, 'deny.yaml');
  await fs.writeFile(utf8, 'version: 1\n# d\u00e9ny the fetch server\ndeny-servers: [mcp-server-fetch]\nfail-on: [none]\n');
  const ok = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--policy', utf8]);
  assert.match(ok.stdout, /"id": "policy-server-denied"/);
  const latin1 = path.join(dir, 'deny-latin1.yaml');
  await fs.writeFile(latin1, Buffer.from('version: 1\n# d\u00e9ny the fetch server\ndeny-servers: [mcp-server-fetch]\nfail-on: [none]\n', 'latin1'));
  const bad = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--policy', latin1]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /deny-latin1\.yaml:2:4: not UTF-8/);
});

test('a default ignore file in the home that is a FIFO exits 2 naming it, never a hang', async () => {
  const { dir } = await setup();
  // The default ~/.mcp-audit-ignore.yaml is read only for the password-database home; `fix` reads it under --root too.
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-hostile-fix');
  execFileSync('mkfifo', [path.join(home, '.mcp-audit-ignore.yaml')]);
  const r = await cli(['fix', '--root', home, '--platform', 'linux', '--no-project-scan'], { cwd: dir });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /\.mcp-audit-ignore\.yaml: cannot read this ignore file safely \(FIFO\)/);
});
