import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from './cli-run.js';

test('every command has --help with examples, and --version prints the package version', async () => {
  const top = await cli(['--help']);
  assert.equal(top.code, 0);
  const commands = [...top.stdout.matchAll(/^ {2}mcp-audit (\w+)/gm)].map((m) => m[1] ?? '');
  assert.ok(commands.length >= 8, commands.join(','));
  assert.ok(commands.includes('completion'), 'the shell completion command is listed');
  for (const c of commands) {
    // yargs' own completion command prints its script for any arguments (first-screen.test.ts).
    if (c === 'completion') continue;
    const r = await cli([c, '--help']);
    assert.equal(r.code, 0, c);
    assert.match(r.stdout, /Examples:/, `${c} --help has examples`);
  }
  const v = await cli(['--version']);
  const pkg: unknown = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('package.json', 'utf8')));
  assert.ok(typeof pkg === 'object' && pkg !== null && 'version' in pkg);
  assert.equal(v.stdout.trim(), pkg.version);
});

test('an unknown command or flag is a usage error: exit 2, a one-line hint on stderr', async () => {
  for (const args of [['bogus'], ['scan', '--no-such-flag'], []]) {
    const r = await cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /mcp-audit: /);
  }
});
