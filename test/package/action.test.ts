import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { cleanClone } from '../helpers/checkout.js';
import { assertValidSarif } from '../report/sarif-schema.js';
import { BIN } from '../cli/commands/cli-run.js';

/**
 * Runs the composite action's own steps, in order, as GitHub's runner would: each step's `if:` and
 * `env:` evaluated from the inputs and earlier steps, `run:` steps with `bash --noprofile --norc
 * -eo pipefail` in the workspace, GITHUB_OUTPUT / GITHUB_PATH / GITHUB_STEP_SUMMARY files between
 * steps, GITHUB_ACTION_PATH at the action's folder in a clean clone of this repository (so the
 * build step really builds mcp-audit from that checkout, with npm's cache and no network). `uses:`
 * steps (setup-node, upload-sarif) need GitHub: the test records whether their `if:` selects them
 * and gives them the outcome it is told (`outcomes`), as `continue-on-error` would leave it.
 */
const ACTION = '.github/actions/mcp-audit/action.yml';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Step { readonly id?: string; readonly name: string; readonly if?: string; readonly uses?: string; readonly run?: string;
  readonly shell?: string; readonly env: Readonly<Record<string, string>>; readonly continueOnError: boolean }

function loadAction(file = ACTION): { inputs: Record<string, string>; steps: Step[]; outputs: Record<string, string> } {
  const doc: unknown = parseYaml(readFileSync(file, 'utf8'));
  assert.ok(isRecord(doc) && isRecord(doc.inputs) && isRecord(doc.runs) && Array.isArray(doc.runs.steps) && isRecord(doc.outputs));
  assert.equal(doc.runs.using, 'composite');
  const inputs: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc.inputs)) {
    assert.ok(isRecord(v) && typeof v.default === 'string', `input ${k} has a string default`);
    inputs[k] = v.default;
  }
  const outputs: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc.outputs)) if (isRecord(v) && typeof v.value === 'string') outputs[k] = v.value;
  const steps = doc.runs.steps.map((s: unknown): Step => {
    assert.ok(isRecord(s) && typeof s.name === 'string');
    const env: Record<string, string> = {};
    if (isRecord(s.env)) for (const [k, v] of Object.entries(s.env)) env[k] = String(v);
    return {
      name: s.name, env, continueOnError: s['continue-on-error'] === true,
      ...(typeof s.id === 'string' ? { id: s.id } : {}), ...(typeof s.if === 'string' ? { if: s.if } : {}),
      ...(typeof s.uses === 'string' ? { uses: s.uses } : {}), ...(typeof s.run === 'string' ? { run: s.run } : {}),
      ...(typeof s.shell === 'string' ? { shell: s.shell } : {}),
    };
  });
  return { inputs, steps, outputs };
}

interface Ctx { readonly inputs: Record<string, string>; readonly steps: Record<string, Record<string, string>>;
  readonly outcomes: Record<string, string>; readonly temp: string; readonly failed: boolean }

/** The value of one of the few expressions the action may use; anything else fails the test. */
function value(expr: string, ctx: Ctx): string {
  const literal = /^'([^']*)'$/.exec(expr);
  if (literal?.[1] !== undefined) return literal[1];
  const input = /^inputs\.([\w-]+)$/.exec(expr);
  if (input?.[1] !== undefined) return ctx.inputs[input[1]] ?? assert.fail(`unknown input ${input[1]}`);
  const out = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
  if (out?.[1] !== undefined && out[2] !== undefined) return ctx.steps[out[1]]?.[out[2]] ?? '';
  const outcome = /^steps\.([\w-]+)\.outcome$/.exec(expr);
  if (outcome?.[1] !== undefined) return ctx.outcomes[outcome[1]] ?? '';
  if (expr === 'runner.temp') return ctx.temp;
  return assert.fail(`expression the test cannot evaluate: ${expr}`);
}

/** An `if:` as GitHub reads it: `&&` of always()/success(), `a == b`, `a != b` (no status function: success()). */
function condition(text: string | undefined, ctx: Ctx): boolean {
  const terms = (text ?? 'success()').replace(/^\$\{\{\s*|\s*\}\}$/g, '').split('&&').map((t) => t.trim());
  let status = false;
  let holds = true;
  for (const t of terms) {
    if (t === 'always()') { status = true; continue; }
    if (t === 'success()') { status = true; holds &&= !ctx.failed; continue; }
    const cmp = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(t);
    assert.ok(cmp?.[1] !== undefined && cmp[3] !== undefined, `condition the test cannot evaluate: ${t}`);
    const equal = value(cmp[1], ctx) === value(cmp[3], ctx);
    holds &&= cmp[2] === '==' ? equal : !equal;
  }
  return status ? holds : holds && !ctx.failed;
}

const substitute = (text: string, ctx: Ctx): string => text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => value(expr, ctx));

interface Job { readonly code: number; readonly log: string; readonly github: readonly string[]; readonly summary: string;
  readonly outputs: Readonly<Record<string, Record<string, string>>>; readonly ran: readonly string[] }

/** The npm cache the suite's own `npm ci` filled: the build step installs from it, offline. */
const NPM_CACHE = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

interface RunOptions { readonly actionPath: string; readonly outcomes?: Record<string, string>; readonly pathPrefix?: string; readonly stopAfter?: string }

async function runAction(workspace: string, given: Record<string, string>, opts: RunOptions): Promise<Job> {
  const action = loadAction(path.join(opts.actionPath, 'action.yml'));
  const inputs = { ...action.inputs, ...given };
  const temp = await tempDir('mcp-audit-runner-temp');
  const files = { GITHUB_OUTPUT: 'output', GITHUB_PATH: 'path', GITHUB_ENV: 'env' };
  const steps: Record<string, Record<string, string>> = {};
  const outcomes: Record<string, string> = {};
  const github: string[] = [];
  const ran: string[] = [];
  let pathVar = `${opts.pathPrefix ?? ''}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;
  let log = '';
  let code = 0;
  let failed = false;
  const summaryFile = path.join(temp, 'summary.md');
  for (const step of action.steps) {
    const ctx: Ctx = { inputs, steps, outcomes, temp, failed };
    if (!condition(step.if, ctx)) continue;
    ran.push(step.name);
    if (step.uses !== undefined) {
      github.push(step.uses.split('@')[0] ?? '');
      const outcome = (step.id !== undefined ? opts.outcomes?.[step.id] : undefined) ?? 'success';
      if (step.id !== undefined) outcomes[step.id] = outcome;
      if (outcome !== 'success' && !step.continueOnError) { failed = true; code = 1; }
      continue;
    }
    assert.equal(step.shell, 'bash');
    assert.ok(step.run !== undefined);
    const env: Record<string, string> = {
      PATH: pathVar, HOME: temp, RUNNER_TEMP: temp, GITHUB_ACTION_PATH: opts.actionPath, GITHUB_STEP_SUMMARY: summaryFile,
      // The build installs the lockfile's packages from the cache this suite's `npm ci` filled.
      npm_config_cache: NPM_CACHE, npm_config_offline: 'true', npm_config_update_notifier: 'false',
    };
    for (const [k, v] of Object.entries(files)) {
      env[k] = path.join(temp, `${step.id ?? 'step'}-${v}`);
      await fs.writeFile(env[k], '', { flag: 'a' });
    }
    for (const [k, v] of Object.entries(step.env)) env[k] = substitute(v, ctx);
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd: workspace, env, encoding: 'utf8' });
    log += r.stdout + r.stderr;
    code = r.status ?? -1;
    if (step.id !== undefined) outcomes[step.id] = code === 0 ? 'success' : 'failure';
    if (code !== 0 && !step.continueOnError) failed = true;
    const outputs: Record<string, string> = {};
    for (const line of readFileSync(env.GITHUB_OUTPUT ?? '', 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
    }
    if (step.id !== undefined) steps[step.id] = outputs;
    for (const p of readFileSync(env.GITHUB_PATH ?? '', 'utf8').split('\n')) if (p !== '') pathVar = `${p}${path.delimiter}${pathVar}`;
    if (step.id !== undefined && step.id === opts.stopAfter) break;
  }
  const summary = await fs.readFile(summaryFile, 'utf8').catch(() => '');
  return { code: failed ? code || 1 : 0, log, github, summary, outputs: steps, ran };
}

const UNPROTECTED = { mcpServers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } };
const VSCODE = { servers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } };

/** VS Code's user config in each OS's layout under a home (src/hosts/vscode.ts `<UD>`). */
const LAYOUTS = {
  linux: '.config/Code/User/mcp.json',
  darwin: 'Library/Application Support/Code/User/mcp.json',
  win32: 'AppData/Roaming/Code/User/mcp.json',
} as const;

async function fixtureRepo(spec: Record<string, unknown> = { '.cursor/mcp.json': UNPROTECTED }): Promise<string> {
  const files: Record<string, string> = { 'README.md': 'dotfiles\n' };
  for (const [k, v] of Object.entries(spec)) files[k] = `${JSON.stringify(v, null, 2)}\n`;
  const repo = await materializeHome(files, 'mcp-audit-action-repo');
  execFileSync('git', ['init', '-q', repo]);
  return repo;
}

describe('the GitHub Action, its steps run over fixture repositories', { skip: process.platform === 'win32' && 'bash steps' }, () => {
  let actionPath = '';
  before(async () => {
    actionPath = path.join(await cleanClone('mcp-audit-action'), '.github', 'actions', 'mcp-audit');
  });
  // The clone holds the build's node_modules: removed with the folder cleanClone made for it.
  after(() => { if (actionPath !== '') rmSync(path.resolve(actionPath, '..', '..', '..', '..'), { recursive: true, force: true }); });

  test('it builds mcp-audit from its own checkout (no registry name), and scans a repository of each layout: SARIF, summary, exit code', async () => {
    for (const [platform, file] of Object.entries(LAYOUTS)) {
      const repo = await fixtureRepo({ [file]: VSCODE });
      const job = await runAction(repo, {}, { actionPath });
      assert.equal(job.code, 1, `${platform}: ${job.log}`);
      assert.equal(job.outputs.node?.setup, 'false', 'the job\'s Node is used');
      assert.deepEqual(job.github, ['github/codeql-action/upload-sarif'], 'setup-node is not selected when Node is new enough');
      const checkout = path.resolve(actionPath, '..', '..', '..');
      assert.equal(job.outputs.build?.bin, path.join(checkout, 'dist/src/cli/bin.cjs'));
      assert.match(job.log, /::error::mcp-audit exited 1/);
      assert.equal(job.outputs.audit?.['exit-code'], '1');
      const sarif = await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8');
      assertValidSarif(sarif);
      assert.match(sarif, /"ruleId": "no-pinning-proxy"/, platform);
      // Inside the checkout, locations are relative to %SRCROOT%, as code scanning resolves them.
      assert.ok(sarif.includes(`"uri": "${file.replace(/ /g, '%20')}"`), `${platform}: ${sarif.slice(0, 400)}`);
      assert.match(job.summary, /^## mcp-audit: /);
      assert.match(job.summary, /everything/);
    }
  });

  test('platform: reads the root in the layout it names', async () => {
    const repo = await fixtureRepo({ [LAYOUTS.darwin]: VSCODE });
    const linux = await runAction(repo, { platform: 'linux' }, { actionPath });
    assert.equal(linux.code, 0, linux.log);
    const darwin = await runAction(repo, { platform: 'darwin' }, { actionPath });
    assert.equal(darwin.code, 1, darwin.log);
  });

  test('files: selects check; one per line (names with spaces), after --: a name cannot add an option', async () => {
    const repo = await fixtureRepo({ '.cursor/mcp.json': UNPROTECTED, [LAYOUTS.darwin]: VSCODE });
    const job = await runAction(repo, { files: '.cursor/mcp.json\n' }, { actionPath });
    assert.equal(job.code, 1, job.log);
    assert.match(await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8'), /no-pinning-proxy/);
    const darwin = await runAction(repo, { files: `${LAYOUTS.darwin}\n` }, { actionPath });
    assert.equal(darwin.code, 1, darwin.log);
    assert.ok((await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8')).includes('Library/Application%20Support/Code/User/mcp.json'));
    const injected = await runAction(repo, { files: '.cursor/mcp.json --fail-on=none' }, { actionPath });
    assert.equal(injected.code, 2, injected.log);
    assert.match(injected.log, /check: --fail-on=none does not exist/);
    const missing = await runAction(repo, { files: 'nope.json .cursor/mcp.json' }, { actionPath });
    assert.equal(missing.code, 2, missing.log);
    assert.match(missing.log, /check: nope\.json does not exist/, 'files went to check, every word one file');
    const bad = await runAction(repo, { 'fail-under': '150' }, { actionPath });
    assert.equal(bad.code, 2, bad.log);
  });

  test('a failed SARIF upload (no code scanning, a fork\'s pull request) is a warning; the exit code still decides', async () => {
    const clean = await fixtureRepo({ 'README.md': 'no configs' });
    const passed = await runAction(clean, { category: 'dotfiles' }, { actionPath, outcomes: { upload: 'failure' } });
    assert.equal(passed.code, 0, passed.log);
    assert.match(passed.log, /::warning::mcp-audit: the SARIF upload failed/);
    const repo = await fixtureRepo();
    const failedJob = await runAction(repo, {}, { actionPath, outcomes: { upload: 'failure' } });
    assert.equal(failedJob.code, 1, failedJob.log);
    assert.match(failedJob.log, /::warning::mcp-audit: the SARIF upload failed/);
    const uploaded = await runAction(repo, { 'upload-sarif': 'false' }, { actionPath });
    assert.deepEqual(uploaded.github, []);
    assert.doesNotMatch(uploaded.log, /::warning::/);
  });

  test('a job whose Node is older than 20.19 gets Node set up; a newer one is left alone', async () => {
    const repo = await fixtureRepo();
    const bin = await tempDir('mcp-audit-old-node');
    await fs.writeFile(path.join(bin, 'node'), '#!/bin/sh\n# an old Node: v18.20.4\nexit 1\n', { mode: 0o755 });
    const old = await runAction(repo, {}, { actionPath, pathPrefix: `${bin}${path.delimiter}`, stopAfter: 'node' });
    assert.equal(old.outputs.node?.setup, 'true', old.log);
    const current = await runAction(repo, {}, { actionPath, stopAfter: 'node' });
    assert.equal(current.outputs.node?.setup, 'false', current.log);
  });

  test('with a baseline and a policy file from the inputs, an unchanged repository passes; a denied server fails', async () => {
    const repo = await fixtureRepo();
    await fs.mkdir(path.join(repo, 'ci'));
    // The baseline comes from outside the checkout (the default branch's copy, an earlier run's artifact).
    const outside = path.join(await tempDir('mcp-audit-action-baseline'), 'baseline.json');
    const baseline = spawnSync(process.execPath, [BIN, 'scan', '--root', '.', '--format', 'json', '--output', outside], { cwd: repo, encoding: 'utf8' });
    assert.equal(baseline.status, 1, baseline.stderr);
    await fs.copyFile(outside, path.join(repo, 'ci/baseline.json'));
    const inTree = await runAction(repo, { baseline: 'ci/baseline.json' }, { actionPath });
    assert.equal(inTree.code, 2, 'a baseline the repository carries cannot accept its own findings');
    assert.match(inTree.log, /--baseline ci\/baseline\.json lies inside the audited tree/);
    const job = await runAction(repo, { baseline: outside, 'sarif-file': 'out/../audit.sarif' }, { actionPath });
    assert.equal(job.code, 0, job.log);
    assertValidSarif(await fs.readFile(path.join(repo, 'audit.sarif'), 'utf8'));
    await fs.writeFile(path.join(repo, 'ci/policy.yaml'), 'version: 1\ndeny-servers: ["@modelcontextprotocol/server-everything"]\n');
    const denied = await runAction(repo, { baseline: outside, policy: 'ci/policy.yaml' }, { actionPath });
    assert.equal(denied.code, 1, denied.log);
    assert.match(denied.log, /policy-file violation: policy-server-denied/);
    assert.match(await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8'), /"ruleId": "policy-server-denied"/);
  });
});

test('the action is pinned and injection-safe: uses: by commit SHA, mcp-audit from its own checkout, no ${{ }} inside run:', () => {
  const action = loadAction();
  for (const s of action.steps) {
    if (s.uses !== undefined) assert.match(s.uses, /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/, s.name);
    if (s.run !== undefined) {
      assert.doesNotMatch(s.run, /\$\{\{/, `${s.name}: inputs reach run: only through env`);
      // Nothing is installed by name: npm ci installs exactly the lockfile of the action's checkout.
      assert.doesNotMatch(s.run, /\bnpm\s+(?:install|i|add|exec|x)\b|\bnpx\b|\bpnpm\b|\byarn\b/, `${s.name}: installs by name`);
    }
  }
  assert.ok(!('version' in action.inputs), 'no version input: the action runs the commit it is pinned to');
  const upload = action.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@') === true);
  assert.match(upload?.if ?? '', /^always\(\)/);
  assert.equal(upload?.continueOnError, true);
  assert.ok(!Object.keys(action.inputs).includes('token'), 'no token input');
  for (const input of ['platform', 'category', 'files']) assert.ok(input in action.inputs, input);
});

test("the README's workflow is complete: a job that checks out, runs this action with its own inputs, may upload SARIF", () => {
  const readme = readFileSync('README.md', 'utf8');
  const block = /```yaml\n(# \.github\/workflows\/mcp-audit\.yml\n[\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block !== undefined, 'the README has the workflow');
  const doc: unknown = parseYaml(block);
  assert.ok(isRecord(doc) && isRecord(doc.permissions) && isRecord(doc.jobs));
  assert.equal(doc.permissions['security-events'], 'write');
  const job = doc.jobs.audit;
  assert.ok(isRecord(job) && Array.isArray(job.steps));
  const uses = job.steps.map((s: unknown) => (isRecord(s) && typeof s.uses === 'string' ? s.uses : ''));
  assert.match(uses[0] ?? '', /^actions\/checkout@[0-9a-f]{40}$/);
  const ours = uses.findIndex((u) => /^mcp-audit\/mcp-audit\/\.github\/actions\/mcp-audit@/.test(u));
  assert.ok(ours > 0, 'the workflow runs this action after checkout');
  for (const s of job.steps) if (isRecord(s) && typeof s.run === 'string') assert.doesNotMatch(s.run, /\$\{\{/, 'no expression inside run:');
  const step: unknown = job.steps[ours];
  assert.ok(isRecord(step) && isRecord(step.with));
  const inputs = Object.keys(loadAction().inputs);
  for (const key of Object.keys(step.with)) assert.ok(inputs.includes(key), `README uses input ${key}`);
});
