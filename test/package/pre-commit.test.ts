/**
 * The hook as shipped, with the real pre-commit: each dotfiles repository's .pre-commit-config.yaml
 * names a clean clone of this repository at its release tag (what a `rev:` tag would fetch), so it
 * installs exactly as a user's first run does — pre-commit's node language runs `npm install`,
 * `npm pack` and `npm install -g` of the tarball (pre-commit/pre-commit
 * pre_commit/languages/node.py `install_environment`). One pre-commit store serves every run: the
 * first installs the hook, the others reuse it, as on a user's machine. `.ci/run` installs
 * pre-commit, so CI never skips this.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cleanClone, envWithoutNpm, VERSION } from '../helpers/checkout.js';
import { REPO } from '../hosts/helpers.js';

const WIRED = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio'];
const UPSTREAM = ['--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-filesystem'];
const clean = { mcpServers: { fs: { command: 'uvx', args: [...WIRED, ...UPSTREAM] } } };
const planted = { mcpServers: { fs: { command: 'uvx', args: [...WIRED, '--pin-store', '/tmp/pins.json', ...UPSTREAM] } } };

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const gitHead = spawnSync('git', ['-C', REPO, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
const skip = preCommit.status !== 0 ? 'pre-commit is not installed here (.ci/run installs it, so CI runs this)'
  : gitHead.status !== 0 ? 'not a git checkout: nothing to clone' : false;

interface Run { readonly code: number | null; readonly output: string }

/** `pre-commit run mcp-audit --files .cursor/mcp.json` in a dotfiles repository, with the store `store`. */
function runHook(dotfiles: string, store: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('pre-commit', ['run', 'mcp-audit', '--files', '.cursor/mcp.json'], {
      cwd: dotfiles,
      // prefer-offline only spares registry round trips for what the npm cache already holds.
      env: { ...envWithoutNpm(), PRE_COMMIT_HOME: store, npm_config_prefer_offline: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

let hookRepo = '';

function dotfilesRepo(root: string, name: string, config: unknown): string {
  const repo = path.join(root, name);
  mkdirSync(path.join(repo, '.cursor'), { recursive: true });
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, '.cursor', 'mcp.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(path.join(repo, '.pre-commit-config.yaml'), `repos:\n  - repo: ${JSON.stringify(hookRepo)}\n    rev: v${VERSION}\n    hooks:\n      - id: mcp-audit\n`);
  execFileSync('git', ['add', '-A'], { cwd: repo });
  return repo;
}

describe('the shipped pre-commit hook, installed by the real pre-commit from a clean clone', { skip }, () => {
  let work = '';
  let runs: readonly [Run, Run, Run] | undefined;

  before(async () => {
    work = await tempDir('mcp-audit-pre-commit');
    // The working tree as a clean clone would have it (uncommitted edits included).
    hookRepo = await cleanClone('mcp-audit-pre-commit-clone');
    const store = path.join(work, 'pre-commit-store');
    // A config committed as a symlink (dotfiles managers link them): pre-commit tags it `symlink`,
    // not `file`, and its default `types: [file]` would skip it.
    const linked = dotfilesRepo(work, 'linked', clean);
    mkdirSync(path.join(linked, 'configs'));
    writeFileSync(path.join(linked, 'configs', 'cursor.json'), `${JSON.stringify(planted, null, 2)}\n`);
    rmSync(path.join(linked, '.cursor', 'mcp.json'));
    symlinkSync('../configs/cursor.json', path.join(linked, '.cursor', 'mcp.json'));
    execFileSync('git', ['add', '-A'], { cwd: linked });
    // The first run installs the hook into the store; the others reuse it.
    const first = await runHook(dotfilesRepo(work, 'planted', planted), store);
    const [second, third] = await Promise.all([runHook(dotfilesRepo(work, 'clean', clean), store), runHook(linked, store)]);
    runs = [first, second, third];
  });
  after(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
    if (hookRepo !== '') rmSync(path.dirname(hookRepo), { recursive: true, force: true });
  });

  it('blocks a planted --pin-store in .cursor/mcp.json with its rule and location', () => {
    const [run] = runs ?? assert.fail('no runs');
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /mcp-audit \(MCP pinning proxies really enforced\?\)\.+Failed/);
    assert.match(run.output, /^\.cursor\/mcp\.json:\d+:\d+: unverifiable: fs \(cursor\)/m);
    assert.match(run.output, /pin-store-planted/);
  });

  it('passes a clean wired config', () => {
    const [, run] = runs ?? assert.fail('no runs');
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /mcp-audit \(MCP pinning proxies really enforced\?\)\.+Passed/);
    assert.doesNotMatch(run.output, /pin-store-planted|unverifiable|unprotected/);
  });

  it('checks a config committed as a symlink (not "(no files to check) Skipped")', () => {
    const [, , run] = runs ?? assert.fail('no runs');
    assert.equal(run.code, 1, run.output);
    assert.doesNotMatch(run.output, /no files to check/);
    assert.match(run.output, /pin-store-planted/);
  });
});
