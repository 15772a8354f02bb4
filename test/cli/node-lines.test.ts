/**
 * On every maintained Node line (package.json `engines`: 20.19+, 22, 24), nothing but mcp-audit's
 * own lines reaches stderr, for every command: no V8 or Node message (Node 22 and 24 printed
 * `Error: unrecognized flag --interrupt-budget=270336` and `Try --help for options` for every
 * command, --version included, while the CLI set internal V8 flags), no ExperimentalWarning, no
 * deprecation warning, also when Node's compile cache cannot be written.
 *
 * Each line runs the real CLI, the built bundle, as a child process: this Node, and the other
 * lines found where .ci/run installs them ($MCP_AUDIT_NODE_DIR, default /opt/mcp-audit-node,
 * `<dir>/<major>/node_modules/node/bin/node`). The bundle's code cache is this Node's, so the other
 * lines load the bundle as a tarball built elsewhere does (Node's module loader and compile cache).
 * A line that is not installed here is a skipped case that says so.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { materializeHome } from '../helpers/materialize.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';
import { SERVERS } from '../probe/support.js';
import { BIN } from './commands/cli-harness.js';

const github = path.join(REPO, 'fixtures/drift/real/server-github');
const LINES = ['20', '22', '24'] as const;

/** The node binary of `major` here: this one, or the one .ci/run installs; otherwise why there is none. */
function nodeOf(major: string): { readonly node: string } | { readonly skip: string } {
  if (process.versions.node.split('.')[0] === major) return { node: process.execPath };
  const dir = process.env.MCP_AUDIT_NODE_DIR ?? '/opt/mcp-audit-node';
  const node = path.join(dir, major, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(node)) return { skip: `Node ${major} is not installed here (.ci/run installs it as ${node})` };
  const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  if (version.split('.')[0] !== major) return { skip: `${node} is Node ${version || '(did not run)'}, not ${major}` };
  return { node };
}

/** A line mcp-audit writes to stderr: its own prefix, or the indented continuation of its wrapped policy line. */
const OWN = /^(?:mcp-audit: | {2}\S)/;

const gate = (upstream: string): string[] =>
  ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', `--upstream-arg=${upstream}`];

describe("only mcp-audit's own lines on stderr, on every Node line", () => {
  let home = '';
  let repo = '';
  before(async () => {
    // One server behind mcpindex-gate (probe launches its upstream, a local fixture server, with no
    // pin recorded: "0 of 1 probed confirmed") and one plain one (wrap, fix and unwrap propose).
    home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({ mcpServers: {
        weather: { command: 'uvx', args: gate(path.join(SERVERS, 'python-style.js')) },
        github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
      } }, null, 2),
    }, 'mcp-audit-node-lines');
    repo = await materializeHome({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] } } }) }, 'mcp-audit-node-lines-repo');
  });
  after(() => {
    for (const dir of [home, repo]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  /** Every command, each as a user first runs it (wrap, unwrap and fix propose; nothing is written), with its exit code. */
  const commands = (): readonly (readonly [readonly string[], number])[] => {
    const at = ['--root', home, '--no-project-scan'];
    const linux = ['--root', fixtureHome('linux')];
    return [
      [['--version'], 0], [['--help'], 0], [['help'], 0], [['help', 'scan'], 0], [['help', 'why'], 0], [['why', '--help'], 0],
      [['completion'], 0], [['--get-yargs-completions', 'scan', '--fo'], 0],
      [['scan', ...linux, '--format', 'json'], 1], [['scan', ...linux], 1],
      [['scan', '--root', fixtureHome('macos'), '--format', 'sarif'], 1], [['scan', '--root', fixtureHome('windows'), '--format', 'markdown'], 1],
      [['scan', '--list', ...linux], 0], [['hosts', ...linux, '--format', 'json'], 0],
      [['check', '.cursor/mcp.json'], 1], [['explain', 'pin-store-planted'], 0],
      [['why', 'github', ...linux], 1], [['why', 'help', ...at], 2],
      [['fix', ...at], 1], [['wrap', 'github', '--with', 'mcpindex-gate', ...at], 0], [['unwrap', 'weather', ...at], 0],
      [['probe', 'weather', ...at, '--timeout', '10'], 1],
      [['diff', path.join(github, '2025.3.28.json'), path.join(github, '2025.4.8.json')], 1],
      [['digest', path.join(github, '2025.4.8.json')], 0], [['canonical', path.join(github, '2025.4.8.json')], 0],
      [['scan', '--format', 'nope'], 2],
    ];
  };

  for (const major of LINES) {
    const found = nodeOf(major);
    const node: string | undefined = 'node' in found ? found.node : undefined;
    const skip = 'skip' in found ? { skip: found.skip } : {};
    it(`Node ${major}: every command`, skip, () => {
      if (node === undefined) return;
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      delete env.NODE_OPTIONS;
      for (const [args, code] of commands()) {
        const r: SpawnSyncReturns<string> = spawnSync(node, [BIN, ...args], { encoding: 'utf8', cwd: repo, env });
        assert.equal(r.status, code, `Node ${major}: ${args.join(' ')}: ${r.stderr}`);
        const foreign = r.stderr.split('\n').filter((l) => l !== '' && !OWN.test(l));
        assert.deepEqual(foreign, [], `Node ${major}: ${args.join(' ')}`);
      }
    });
    it(`Node ${major}: with a temp folder that cannot be written (Node's compile cache fails quietly)`, skip, () => {
      if (node === undefined) return;
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: '/nonexistent/mcp-audit-no-tmp' };
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      delete env.NODE_OPTIONS;
      for (const args of [['--version'], ['scan', '--root', fixtureHome('linux'), '--format', 'json'], ['why', 'github', '--root', fixtureHome('linux')]]) {
        const r: SpawnSyncReturns<string> = spawnSync(node, [BIN, ...args], { encoding: 'utf8', cwd: repo, env });
        assert.ok(r.status !== null && r.status <= 2, `${args.join(' ')}: exit ${String(r.status)}`);
        assert.deepEqual(r.stderr.split('\n').filter((l) => l !== '' && !OWN.test(l)), [], `Node ${major}: ${args.join(' ')}`);
      }
    });
  }

  it('the check sees a foreign line (it can fail)', () => {
    assert.ok(!OWN.test('Error: unrecognized flag --interrupt-budget=270336'));
    assert.ok(!OWN.test('Try --help for options'));
    assert.ok(!OWN.test('(node:123) ExperimentalWarning: …'));
    assert.ok(!OWN.test('(node:123) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.'));
    assert.ok(!OWN.test('    at Object.<anonymous> (/x.js:1:1)'));
  });

  it('the check runs a Node that prints a warning and sees it', () => {
    const r = spawnSync(process.execPath, ['-e', "process.emitWarning('a warning', 'ExperimentalWarning')"], { encoding: 'utf8' });
    assert.ok(r.stderr.split('\n').some((l) => l !== '' && !OWN.test(l)), r.stderr);
  });
});
