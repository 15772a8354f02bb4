import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';

const pkg: unknown = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const record = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {});
const field = (name: string): Record<string, unknown> => record(record(pkg)[name]);

/** What a compiler, make or Python would be called on PATH (node-gyp needs all three). */
const TOOLCHAIN = ['cc', 'gcc', 'g++', 'c++', 'clang', 'clang++', 'make', 'gmake', 'python', 'python3'];
/** The basics npm and its scripts may call, besides node and npm. */
const BASICS = ['sh', 'env', 'cat', 'ls', 'mkdir', 'rm', 'cp', 'mv', 'chmod', 'ln', 'uname', 'tar', 'gzip', 'git'];

function which(name: string): string | undefined {
  const found = spawnSync('/bin/sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return found.startsWith('/') ? found : undefined;
}

/** The bare package names the shipped bundle imports (node builtins excluded). */
function bundleImports(files: readonly string[]): Set<string> {
  const builtins = new Set(builtinModules);
  const names = new Set<string>();
  // esbuild's output: `import … from "x"` / `export … from "x"` statements, `import("x")` and
  // `require("x")` (the loader, bin.cjs, and the bundle, main.cjs, are both CommonJS).
  const name = String.raw`["']([@a-z0-9][a-z0-9._@/-]*)["']`;
  // A call written inside a string literal is code text, not an import: ajv keeps
  // `'require("ajv/dist/runtime/equal").default'` for its standalone code generator, unused at run time.
  const specifier = new RegExp(String.raw`^(?:import|export)\b[^\n]*?\bfrom\s*${name}|^import\s*${name}|(?<!["'\x60])\b(?:import|require)\(\s*${name}\s*\)`, 'gm');
  for (const file of files) {
    for (const match of readFileSync(path.join(REPO, file), 'utf8').matchAll(specifier)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? '';
      if (spec.startsWith('node:') || builtins.has(spec.split('/')[0] ?? '')) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0] ?? spec);
    }
  }
  return names;
}

describe('the packed tarball', { skip: process.platform === 'win32' && 'POSIX shell and symlinks' }, () => {
  let work = '';
  let tarball = '';
  let files: string[] = [];

  before(async () => {
    work = await tempDir('mcp-audit-pack');
    // --ignore-scripts: dist/ is already built by `npm test`; rebuilding here would rewrite the
    // bundle under the feet of the CLI tests running alongside.
    const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: REPO, encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    assert.ok(Array.isArray(parsed));
    const first = record(parsed[0]);
    assert.equal(typeof first['filename'], 'string');
    tarball = path.join(work, String(first['filename']));
    const listed = Array.isArray(first['files']) ? first['files'] : [];
    files = listed.map((f: unknown) => String(record(f)['path'])).sort();
  });
  after(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('ships only what runs: the bundle, schemas, README, LICENSE and package.json', () => {
    const unexpected = files.filter((f) => !(
      f === 'package.json' || f === 'README.md' || f === 'LICENSE' || f === 'dist/src/cli/bin.cjs'
      || f === 'dist/src/cli/main.cjs' || f === 'dist/src/cli/main.cjs.cache' || /^schemas\/[\w.-]+\.(json|md)$/.test(f)));
    assert.deepEqual(unexpected, []);
    for (const f of ['LICENSE', 'README.md', 'dist/src/cli/bin.cjs', 'dist/src/cli/main.cjs', 'dist/src/cli/main.cjs.cache', 'schemas/report.schema.json']) assert.ok(files.includes(f), f);
    assert.match(readFileSync(path.join(REPO, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.equal(record(pkg)['license'], 'MIT');
  });

  it('depends at run time on exactly what the bundle leaves external; userid is optional', () => {
    const shipped = files.filter((f) => f.endsWith('.js') || f.endsWith('.cjs'));
    const imported = bundleImports(shipped);
    const runtime = Object.keys(field('dependencies')).sort();
    assert.deepEqual(runtime, [...imported].filter((n) => n !== 'userid').sort());
    assert.ok(!('userid' in field('dependencies')), 'userid is not a hard dependency');
    assert.deepEqual(Object.keys(field('optionalDependencies')), ['userid']);
    // userid is loaded by name at run time (a variable specifier, so the build never needs it).
    assert.ok(shipped.some((f) => readFileSync(path.join(REPO, f), 'utf8').includes('"userid"')));
    for (const name of ['@microsoft/jest-sarif', '@modelcontextprotocol/server-everything', 'yargs', 'yaml']) {
      assert.ok(!(name in field('dependencies')), `${name} is bundled or test-only`);
    }
  });

  it('names its repository, homepage, bug tracker and keywords', () => {
    assert.match(String(field('repository')['url']), /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
    assert.match(String(record(pkg)['homepage']), /^https:\/\/github\.com\/[\w-]+\/[\w-]+#readme$/);
    assert.match(String(field('bugs')['url']), /^https:\/\/github\.com\/[\w-]+\/[\w-]+\/issues$/);
    const keywords = record(pkg)['keywords'];
    assert.ok(Array.isArray(keywords) && keywords.includes('mcp'));
  });

  it('installs into an empty prefix with no compiler, make or Python on PATH, and scans', async () => {
    const bin = path.join(work, 'bin');
    await mkdir(bin);
    for (const name of ['node', 'npm', 'npx', ...BASICS]) {
      const target = name === 'node' ? process.execPath : which(name);
      if (target !== undefined) symlinkSync(target, path.join(bin, name));
    }
    assert.deepEqual(readdirSync(bin).filter((n) => TOOLCHAIN.includes(n)), []);
    const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    const prefix = path.join(work, 'prefix');
    const env = {
      PATH: bin, HOME: process.env['HOME'] ?? work, npm_config_cache: cache, npm_config_prefer_offline: 'true',
      npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false',
    };
    const install = spawnSync('npm', ['install', '--global', '--prefix', prefix, tarball], { env, encoding: 'utf8' });
    assert.equal(install.status, 0, install.stderr);
    const installed = path.join(prefix, 'lib', 'node_modules', 'mcp-audit');
    // Without a toolchain the optional addon cannot build: npm leaves it out and carries on.
    assert.equal(existsSync(path.join(installed, 'node_modules', 'userid', 'build', 'Release', 'userid.node')), false);
    const scan = spawnSync(path.join(prefix, 'bin', 'mcp-audit'), ['scan', '--root', fixtureHome('linux'), '--format', 'json'], { env: { PATH: bin }, encoding: 'utf8' });
    assert.ok(scan.status === 0 || scan.status === 1, `exit ${scan.status}: ${scan.stderr}`);
    const report = record(JSON.parse(scan.stdout));
    assert.ok(Array.isArray(report['entries']) && report['entries'].length > 0, 'the scan found the fixture home entries');
  });
});
