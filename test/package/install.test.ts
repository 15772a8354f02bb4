/**
 * Every install method the README's *Install* section gives, run as written from a clean clone of
 * this repository (the working tree, tagged as the release): the README's commands with the GitHub
 * location replaced by that clone (`git+file://…`, a path for `git clone`), `--global` installs
 * into a prefix of their own (a user npmrc's `prefix`), and npm reading packages from the cache the suite's own `npm ci`
 * filled (prefer-offline: no registry round trip for what the cache holds).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cleanClone, envWithoutNpm, VERSION } from '../helpers/checkout.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';

const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const GITHUB_SPEC = `github:mcp-audit/mcp-audit#v${VERSION}`;
const GITHUB_URL = 'https://github.com/mcp-audit/mcp-audit';

/** The commands of the first ```sh block under `## Install`, comments dropped. */
function installCommands(): string[] {
  const section = README.slice(README.indexOf('\n## Install\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block !== undefined, 'the README has an Install block');
  return block.split('\n').map((l) => l.replace(/\s+#\s.*$/, '').trim()).filter((l) => l !== '');
}

interface Run { readonly code: number | null; readonly output: string }

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString('utf8'); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString('utf8'); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

describe('every install method in the README, from a clean clone', { skip: process.platform === 'win32' && 'POSIX shell' }, () => {
  let work = '';
  let clone = '';
  const runs = new Map<string, { readonly command: string; readonly run: Run; readonly prefix: string }>();
  const methods = (): string[] => installCommands();

  before(async () => {
    work = await tempDir('mcp-audit-install');
    clone = await cleanClone('mcp-audit-install-clone');
    const home = fixtureHome('linux');
    // The three go at once: each is mostly npm waiting on its own child processes.
    await Promise.all(methods().map(async (line, i) => {
      const dir = path.join(work, `m${i}`);
      const prefix = path.join(dir, 'prefix');
      execFileSync('mkdir', ['-p', prefix, path.join(dir, 'cwd')]);
      // The global prefix as a user's own npmrc sets it (an environment variable would also move
      // every local command of the tarball method, and a git dependency's preparation, into it).
      const userconfig = path.join(dir, 'npmrc');
      writeFileSync(userconfig, `prefix=${prefix}\n`);
      const command = line.split(GITHUB_SPEC).join(`git+file://${clone}#v${VERSION}`)
        .split(GITHUB_URL).join(clone)
        .split('~/dotfiles').join(home);
      const env = {
        ...envWithoutNpm(), npm_config_userconfig: userconfig, npm_config_cache: cache, npm_config_prefer_offline: 'true',
        npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false',
        // Not the optional native addon: building it (C++) three times over is most of this test's
        // time; test/package/tarball.test.ts installs without it as a machine with no compiler does.
        npm_config_omit: 'optional',
        PATH: `${path.join(prefix, 'bin')}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      };
      runs.set(line.split(' ').slice(0, 2).join(' '), { command, run: await sh(command, path.join(dir, 'cwd'), env), prefix });
    }));
  });
  after(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
    if (clone !== '') rmSync(path.dirname(clone), { recursive: true, force: true });
    // npx keeps what it installed under the cache's _npx, one folder per spec: this clone's go.
    const npx = path.join(cache, '_npx');
    for (const d of existsSync(npx) ? readdirSync(npx) : []) {
      const manifest = path.join(npx, d, 'package.json');
      if (clone !== '' && existsSync(manifest) && readFileSync(manifest, 'utf8').includes(clone)) rmSync(path.join(npx, d), { recursive: true, force: true });
    }
  });

  it('the README gives the git install, npx and the tarball', () => {
    const lines = methods();
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.ok(lines.some((l) => l.startsWith('npm install --global') && l.includes(GITHUB_SPEC)));
    assert.ok(lines.some((l) => l.startsWith('npx ') && l.includes(GITHUB_SPEC)));
    assert.ok(lines.some((l) => l.includes('npm pack') && l.includes(`./mcp-audit-${VERSION}.tgz`)));
  });

  const installed = (key: string): void => {
    const got = runs.get(key) ?? assert.fail(`no run for ${key}: ${[...runs.keys()].join(', ')}`);
    assert.equal(got.run.code, 0, `${got.command}\n${got.run.output}`);
    const bin = path.join(got.prefix, 'bin', 'mcp-audit');
    assert.equal(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim(), VERSION);
    const report: unknown = JSON.parse(execFileSync(bin, ['scan', '--root', fixtureHome('linux'), '--format', 'json', '--fail-on', 'none'], { encoding: 'utf8' }));
    assert.ok(typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries) && report.entries.length > 0);
  };

  it('npm install --global from a release tag (git): installs and scans', () => { installed('npm install'); });

  it('the tarball from a checkout: installs and scans', () => { installed('git clone'); });

  it('npx from a release tag runs a scan', () => {
    const got = runs.get('npx --yes') ?? assert.fail('no npx run');
    // Exit 1: the fixture home has unprotected entries; the report is the scan's own.
    assert.equal(got.run.code, 1, `${got.command}\n${got.run.output}`);
    assert.match(got.run.output, /Coverage: \d+\/\d+ enforcing/);
  });
});
