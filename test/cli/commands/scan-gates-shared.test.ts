import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../../helpers/materialize.js';
import type { HomeSpec } from '../../helpers/materialize.js';
import { parseReport } from '../../report/validate.js';
import { NEVER_BASELINED } from '../../../src/report/baseline.js';
import type { AuditReport, ReportEntry } from '../../../src/report/model.js';
import { cli } from './cli-run.js';

/**
 * Red-team guard for the issue-14 speed-ups: rows share frozen claim objects (grade/chain.ts), rows
 * already in order are kept rather than copied (report/sort.ts, report/build.ts), and the JSON
 * report is written in batches of 256 elements. The three gate files (--ignore-file, --baseline,
 * --policy) then mark and add findings on those very rows. Here they all run at once, on a real home
 * of more than 256 entries whose names are the awkward ones (`__proto__`, `constructor`, `toString`,
 * integer-like keys, a lone surrogate): every mark lands exactly where a first, gate-free run says
 * it must, no row disappears, no claim changes, and no format crashes.
 */

const GATE = (up: string): { command: string; args: string[] } => ({
  command: 'uvx',
  args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=-y', `--upstream-arg=${up}`],
});
const AWKWARD = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'toJSON', '0', '10', '2', 'é', 'a/b~c'];
const SECRET_VALUE = 'env-value-never-printed-7f3a';

function pins(server: string): string {
  return JSON.stringify({ version: 2, pins: [{ server_id: server, tool_name: 't', definition_hash: `sha256:${'ab'.repeat(32)}`, pinned_at: '2026-08-01T10:00:00.000+00:00' }] });
}

/** ~/.cursor/mcp.json with the awkward names and 300 more; every fourth entry behind a pinned gate. */
async function awkwardHome(): Promise<{ home: string; names: string[] }> {
  const servers: Record<string, unknown> = {};
  const stores: string[] = [];
  const names = [...AWKWARD, ...Array.from({ length: 300 }, (_v, i) => `s${String(i).padStart(3, '0')}`)];
  names.forEach((name, i) => {
    if (i % 4 === 0 && !name.includes('/')) {
      servers[name] = GATE(`@example/s${i}`);
      stores.push(name);
    } else if (i % 4 === 1) {
      servers[name] = { command: 'npx', args: ['-y', `@example/s${i}`], env: { TOKEN: SECRET_VALUE, OTHER: SECRET_VALUE } };
    } else if (i % 4 === 2) {
      servers[name] = { command: 'node', args: ['srv.js'], disabled: i % 8 === 2 };
    } else {
      servers[name] = { url: `https://mcp.example.com/s${i}`, headers: { Authorization: `Bearer ${SECRET_VALUE}` } };
    }
  });
  // JSON.stringify writes an own "__proto__" key only if it is one: the object above is built by
  // assignment, so that name is added to the text by hand (the reader defines it as data).
  let text = JSON.stringify({ mcpServers: servers }, null, 2);
  text = text.replace('"mcpServers": {', `"mcpServers": {\n    "__proto__": ${JSON.stringify(GATE('@example/proto'))},\n    "lone\\ud800": { "command": "npx", "args": ["-y", "lone"] },`);
  stores.push('__proto__');
  const spec: Record<string, HomeSpec[string]> = {
    '.cursor/mcp.json': { content: text, mode: 0o600 },
    '.mcpindex': { dir: true, mode: 0o700 },
    '.mcpindex/pins': { dir: true, mode: 0o700 },
    '.mcpindex/pins/.ever-pinned.json': { content: JSON.stringify({ stores: stores.map((s) => `${s}.json`) }), mode: 0o600 },
  };
  for (const s of stores) spec[`.mcpindex/pins/${s}.json`] = { content: pins(s), mode: 0o600 };
  return { home: await materializeHome(spec, 'mcp-audit-gates-shared'), names: [...names, 'lone\ud800'] };
}

const identity = (e: ReportEntry): string => JSON.stringify([e.host, e.scope, e.configPath, e.name, e.upstream ?? null]);

test('ignore file, baseline and policy mark the rows that share frozen claims exactly as the gate-free run predicts, in every format', async () => {
  const { home, names } = await awkwardHome();
  const first = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(first.code, 1, first.stderr);
  const plain: AuditReport = parseReport(first.stdout);
  // No row disappears: every server of the file is one entry (the awkward names included).
  assert.deepEqual(plain.entries.map((e) => e.name).sort(), [...names].sort());
  assert.ok(plain.entries.length > 256, 'more than one JSON batch of entries');
  const grades = new Set(plain.entries.map((e) => e.grade));
  assert.ok(grades.has('enforcing') && grades.has('unprotected'), [...grades].join(','));

  // The gate files, written outside the audited home, from the first run's own fingerprints.
  const dir = await tempDir('mcp-audit-gates-shared-files');
  const prints = [...new Set(plain.entries.flatMap((e) => e.findings.map((f) => f.fingerprint)))];
  const suppressed = new Set(prints.filter((_p, i) => i % 3 === 0));
  assert.ok(suppressed.size > 20);
  const ignore = path.join(dir, 'ignore.yaml');
  await fs.writeFile(ignore, [...suppressed].map((fp) => `- fingerprint: ${fp}\n  reason: reviewed\n  expires: 2999-01-01\n`).join(''));
  const kept = plain.entries.filter((_e, i) => i % 2 === 0);
  const known = new Set(kept.flatMap((e) => e.findings.map((f) => f.fingerprint)));
  const baseline = path.join(dir, 'baseline.json');
  await fs.writeFile(baseline, JSON.stringify({ ...plain, entries: kept }));
  const policy = path.join(dir, 'policy.yaml');
  await fs.writeFile(policy, 'version: 1\ndeny-env: [TOKEN]\n');

  const gates = ['--ignore-file', ignore, '--baseline', baseline, '--policy', policy];
  const second = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', ...gates]);
  assert.equal(second.code, 1, second.stderr);
  const marked: AuditReport = parseReport(second.stdout);
  assert.deepEqual(marked.entries.map(identity).sort(), plain.entries.map(identity).sort());
  const before = new Map(plain.entries.map((e) => [identity(e), e]));
  let suppressions = 0;
  let policyFindings = 0;
  for (const e of marked.entries) {
    const was = before.get(identity(e));
    assert.ok(was !== undefined);
    // The gates add and mark findings; the evidence chain is the gate-free run's, claim for claim.
    assert.deepEqual(e.evidence, was.evidence, e.name);
    const own = e.findings.filter((f) => !f.id.startsWith('policy-'));
    assert.deepEqual(own.map((f) => f.fingerprint).sort(), was.findings.map((f) => f.fingerprint).sort(), e.name);
    for (const f of own) {
      assert.equal(f.suppressed !== undefined, suppressed.has(f.fingerprint), `${e.name} ${f.id} suppressed`);
      if (f.suppressed !== undefined) suppressions += 1;
      const expected = known.has(f.fingerprint) && !NEVER_BASELINED.has(f.id) ? 'known' : 'new';
      assert.equal(f.baseline, expected, `${e.name} ${f.id} baseline`);
    }
    const denied = e.findings.filter((f) => f.id === 'policy-env-denied').length;
    assert.equal(denied, !e.disabled && was.envKeys.includes('TOKEN') ? 1 : 0, `${e.name} policy-env-denied`);
    policyFindings += denied;
  }
  assert.ok(suppressions >= suppressed.size, `${suppressions} marks for ${suppressed.size} suppressions`);
  assert.ok(policyFindings > 50, String(policyFindings));
  assert.ok(!second.stdout.includes(SECRET_VALUE), 'env and header values never reach the report');

  for (const format of ['sarif', 'markdown', 'ndjson', 'table', 'summary']) {
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', format, ...gates]);
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /TypeError|\n\s+at /, format);
    assert.ok(r.stdout.length > 0 && !r.stdout.includes(SECRET_VALUE), format);
  }
  // One server's chain printed on its own, for a name that is an Object.prototype member.
  const why = await cli(['why', 'toString', '--root', home, '--no-project-scan']);
  assert.doesNotMatch(why.stderr, /TypeError|\n\s+at /);
  assert.match(why.stdout, /^toString: 1 row\(s\) in ~\/\.cursor\/mcp\.json/);
});
