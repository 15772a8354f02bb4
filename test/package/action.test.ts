import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { assertValidSarif } from '../report/sarif-schema.js';
import { BIN } from '../cli/commands/cli-run.js';

/**
 * Runs the composite action's own `run:` steps, in order, as GitHub's runner would: each step's
 * `env:` evaluated from the inputs, `bash --noprofile --norc -eo pipefail`, GITHUB_OUTPUT /
 * GITHUB_PATH / GITHUB_STEP_SUMMARY files between steps. Skipped, each with its reason:
 * - `uses:` steps (setup-node: the test runs on this Node; upload-sarif: it needs GitHub's API),
 * - the `install` step: it downloads mcp-audit from the npm registry (tests use no network), so the
 *   freshly built bin from dist/ is put on PATH under the same name instead.
 */
const ACTION = '.github/actions/mcp-audit/action.yml';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Step { readonly id?: string; readonly name: string; readonly if?: string; readonly uses?: string; readonly run?: string;
  readonly shell?: string; readonly env: Readonly<Record<string, string>> }

function loadAction(): { inputs: Record<string, string>; steps: Step[]; outputs: Record<string, string> } {
  const doc: unknown = parseYaml(readFileSync(ACTION, 'utf8'));
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
      name: s.name, env,
      ...(typeof s.id === 'string' ? { id: s.id } : {}), ...(typeof s.if === 'string' ? { if: s.if } : {}),
      ...(typeof s.uses === 'string' ? { uses: s.uses } : {}), ...(typeof s.run === 'string' ? { run: s.run } : {}),
      ...(typeof s.shell === 'string' ? { shell: s.shell } : {}),
    };
  });
  return { inputs, steps, outputs };
}

interface Job { readonly code: number; readonly log: string; readonly skipped: readonly string[]; readonly summary: string;
  readonly outputs: Readonly<Record<string, Record<string, string>>> }

/** Evaluates the few expressions the action may use; anything else fails the test. */
function evaluate(text: string, ctx: { inputs: Record<string, string>; steps: Record<string, Record<string, string>>; temp: string }): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input?.[1] !== undefined) return ctx.inputs[input[1]] ?? assert.fail(`unknown input ${input[1]}`);
    const out = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (out?.[1] !== undefined && out[2] !== undefined) return ctx.steps[out[1]]?.[out[2]] ?? '';
    if (expr === 'runner.temp') return ctx.temp;
    return assert.fail(`expression the test cannot evaluate: ${expr}`);
  });
}

async function runAction(workspace: string, given: Record<string, string>): Promise<Job> {
  const action = loadAction();
  const inputs = { ...action.inputs, ...given };
  const temp = await tempDir('mcp-audit-runner-temp');
  const shim = path.join(temp, 'shim');
  await fs.mkdir(shim);
  await fs.writeFile(path.join(shim, 'mcp-audit'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  const files = { GITHUB_OUTPUT: 'output', GITHUB_PATH: 'path', GITHUB_ENV: 'env', GITHUB_STEP_SUMMARY: 'summary' };
  const steps: Record<string, Record<string, string>> = {};
  const skipped: string[] = [];
  let pathVar = `${shim}${path.delimiter}${process.env.PATH ?? ''}`;
  let log = '';
  let code = 0;
  for (const step of action.steps) {
    if (step.uses !== undefined) {
      skipped.push(`${step.name}: a uses: step (${step.uses.split('@')[0] ?? ''}) runs on GitHub only`);
      continue;
    }
    if (step.id === 'install') {
      skipped.push(`${step.name}: downloads from the npm registry; the built dist/ bin is on PATH as mcp-audit instead`);
      continue;
    }
    assert.ok(step.if === undefined || step.if === 'always()', `${step.name}: if: ${step.if ?? ''}`);
    if (code !== 0 && step.if !== 'always()') continue;
    assert.equal(step.shell, 'bash');
    assert.ok(step.run !== undefined);
    const env: Record<string, string> = { PATH: pathVar, HOME: temp, RUNNER_TEMP: temp };
    for (const [k, v] of Object.entries(files)) {
      env[k] = path.join(temp, `${step.id ?? 'step'}-${v}`);
      await fs.writeFile(env[k], '', { flag: 'a' });
    }
    env.GITHUB_STEP_SUMMARY = path.join(temp, 'summary.md');
    for (const [k, v] of Object.entries(step.env)) env[k] = evaluate(v, { inputs, steps, temp });
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd: workspace, env, encoding: 'utf8' });
    log += r.stdout + r.stderr;
    code = r.status ?? -1;
    const outputs: Record<string, string> = {};
    for (const line of readFileSync(env.GITHUB_OUTPUT ?? '', 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
    }
    if (step.id !== undefined) steps[step.id] = outputs;
    for (const p of readFileSync(env.GITHUB_PATH ?? '', 'utf8').split('\n')) if (p !== '') pathVar = `${p}${path.delimiter}${pathVar}`;
  }
  const summary = await fs.readFile(path.join(temp, 'summary.md'), 'utf8').catch(() => '');
  return { code, log, skipped, summary, outputs: steps };
}

const UNPROTECTED = { mcpServers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } };

async function fixtureRepo(): Promise<string> {
  const repo = await materializeHome({ '.cursor/mcp.json': `${JSON.stringify(UNPROTECTED, null, 2)}\n`, 'README.md': 'dotfiles\n' }, 'mcp-audit-action-repo');
  execFileSync('git', ['init', '-q', repo]);
  return repo;
}

test('the action scans a fixture repository, writes SARIF and the job summary, and fails the job by the exit code', async () => {
  const repo = await fixtureRepo();
  const job = await runAction(repo, {});
  assert.equal(job.code, 1, job.log);
  assert.match(job.log, /::error::mcp-audit exited 1/);
  assert.equal(job.outputs.audit?.['exit-code'], '1');
  assert.equal(job.outputs.audit?.['sarif-file'], 'mcp-audit.sarif');
  const sarif = await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8');
  assertValidSarif(sarif);
  assert.match(sarif, /"ruleId": "no-pinning-proxy"/);
  // Inside the checkout, locations are relative to %SRCROOT%, as code scanning resolves them.
  assert.match(sarif, /"uri": "\.cursor\/mcp\.json",\s*"uriBaseId": "%SRCROOT%"/);
  assert.match(job.summary, /^## mcp-audit: /);
  assert.match(job.summary, /everything/);
  assert.deepEqual(job.skipped.map((s) => s.split(':')[0]), ['Set up Node.js', 'Install mcp-audit', 'Upload SARIF to code scanning']);
});

test('with a baseline and a policy file from the inputs, an unchanged repository passes; a denied server fails', async () => {
  const repo = await fixtureRepo();
  await fs.mkdir(path.join(repo, 'ci'));
  // The baseline comes from outside the checkout (the default branch's copy, an earlier run's artifact).
  const outside = path.join(await tempDir('mcp-audit-action-baseline'), 'baseline.json');
  const baseline = spawnSync(process.execPath, [BIN, 'scan', '--root', '.', '--format', 'json', '--output', outside], { cwd: repo, encoding: 'utf8' });
  assert.equal(baseline.status, 1, baseline.stderr);
  await fs.copyFile(outside, path.join(repo, 'ci/baseline.json'));
  const inTree = await runAction(repo, { baseline: 'ci/baseline.json' });
  assert.equal(inTree.code, 2, 'a baseline the repository carries cannot accept its own findings');
  assert.match(inTree.log, /--baseline ci\/baseline\.json lies inside the audited tree/);
  const job = await runAction(repo, { baseline: outside, 'sarif-file': 'out/../audit.sarif' });
  assert.equal(job.code, 0, job.log);
  assertValidSarif(await fs.readFile(path.join(repo, 'audit.sarif'), 'utf8'));
  await fs.writeFile(path.join(repo, 'ci/policy.yaml'), 'version: 1\ndeny-servers: ["@modelcontextprotocol/server-everything"]\n');
  const denied = await runAction(repo, { baseline: outside, policy: 'ci/policy.yaml' });
  assert.equal(denied.code, 1, denied.log);
  assert.match(denied.log, /policy-file violation: policy-server-denied/);
  assert.match(await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8'), /"ruleId": "policy-server-denied"/);
});

test('files: selects check (the pre-commit path) and fail-under gates coverage; a usage error is exit 2', async () => {
  const repo = await fixtureRepo();
  const job = await runAction(repo, { files: '.cursor/mcp.json\n' });
  assert.equal(job.code, 1, job.log);
  assert.match(await fs.readFile(path.join(repo, 'mcp-audit.sarif'), 'utf8'), /no-pinning-proxy/);
  const missing = await runAction(repo, { files: 'nope.json .cursor/mcp.json' });
  assert.equal(missing.code, 2, missing.log);
  assert.match(missing.log, /check: nope\.json does not exist/, 'files went to check, every word one file');
  const bad = await runAction(repo, { 'fail-under': '150' });
  assert.equal(bad.code, 2, bad.log);
});

test('the action is pinned and injection-safe: uses: by commit SHA, mcp-audit by exact version, no ${{ }} inside run:', () => {
  const action = loadAction();
  for (const s of action.steps) {
    if (s.uses !== undefined) assert.match(s.uses, /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/, s.name);
    if (s.run !== undefined) assert.doesNotMatch(s.run, /\$\{\{/, `${s.name}: inputs reach run: only through env`);
  }
  const pkg: unknown = JSON.parse(readFileSync('package.json', 'utf8'));
  assert.ok(isRecord(pkg));
  assert.equal(action.inputs.version, pkg.version, 'the action installs this release');
  const upload = action.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@') === true);
  assert.match(upload?.if ?? '', /^always\(\)/);
  assert.ok(!Object.keys(action.inputs).includes('token'), 'no token input');
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
