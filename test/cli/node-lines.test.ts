/**
 * On every Node line the suite runs on (.ci/run: 20.19+, 22, 24), nothing but mcp-audit's own lines
 * reaches stderr: no V8 or Node message (Node 22 and 24 printed `Error: unrecognized flag
 * --interrupt-budget=270336` and `Try --help for options` for every command, --version included,
 * while the CLI set internal V8 flags), also when Node's compile cache cannot be written.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixtureHome, REPO } from '../hosts/helpers.js';
import { BIN } from './commands/cli-harness.js';

const github = path.join(REPO, 'fixtures/drift/real/server-github');

const COMMANDS: readonly (readonly string[])[] = [
  ['--version'], ['--help'], ['help', 'scan'],
  ['scan', '--root', fixtureHome('linux'), '--format', 'json'], ['scan', '--root', fixtureHome('linux')],
  ['scan', '--root', fixtureHome('macos'), '--format', 'sarif'], ['scan', '--root', fixtureHome('windows'), '--format', 'markdown'],
  ['scan', '--list', '--root', fixtureHome('linux')], ['hosts', '--root', fixtureHome('linux'), '--format', 'json'],
  ['explain', 'pin-store-planted'], ['why', 'github', '--root', fixtureHome('linux')],
  ['diff', path.join(github, '2025.3.28.json'), path.join(github, '2025.4.8.json')],
  ['scan', '--format', 'nope'],
];

/** A line mcp-audit writes to stderr: its own prefix, or the indented continuation of its wrapped policy line. */
const OWN = /^(?:mcp-audit: | {2}\S)/;

describe(`Node ${process.version}: only mcp-audit's own lines on stderr`, () => {
  for (const tmp of [undefined, '/nonexistent/mcp-audit-no-tmp']) {
    it(tmp === undefined ? 'every command' : 'every command, with a temp folder that cannot be written (Node\'s compile cache fails quietly)', () => {
      const env: NodeJS.ProcessEnv = { ...process.env, ...(tmp !== undefined ? { TMPDIR: tmp } : {}) };
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      for (const args of COMMANDS) {
        const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO, env });
        assert.ok(r.status !== null && r.status <= 2, `${args.join(' ')}: ${String(r.status)}`);
        const foreign = r.stderr.split('\n').filter((l) => l !== '' && !OWN.test(l));
        assert.deepEqual(foreign, [], `${args.join(' ')}`);
      }
    });
  }

  it('the check sees a foreign line (it can fail)', () => {
    assert.ok(!OWN.test('Error: unrecognized flag --interrupt-budget=270336'));
    assert.ok(!OWN.test('Try --help for options'));
    assert.ok(!OWN.test('(node:123) ExperimentalWarning: …'));
  });
});
