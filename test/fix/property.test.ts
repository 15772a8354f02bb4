import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { audit } from '../../src/grade/audit.js';
import { readValue } from '../../src/fix/editor.js';
import { runFix } from '../../src/fix/fix.js';
import { valueAt } from '../../src/fix/values.js';
import { runUnwrap, runWrap } from '../../src/fix/wrap.js';
import type { DiscoverOptions } from '../../src/discover/discover.js';
import { HOSTS } from '../../src/hosts/index.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { processEnv, type Platform } from '../../src/shared/env.js';
import { materializeDir, materializeHome, tempDir, type HomeSpec } from '../helpers/materialize.js';

/**
 * Properties over every fixture config in the repo (fixtures/homes/**, fixtures/grade/**), through
 * the real reader, engine and writer:
 * - unwrap(wrap(x)) == x byte for byte, for every stdio entry wrap accepts (refusals give a reason
 *   and leave the file untouched);
 * - every applied fix re-parses, keeps untouched entries byte-identical (grade cases, where the
 *   test itself lays out the file) or equal in value (homes), makes the findings it mends disappear
 *   on re-audit, and a second --apply changes nothing.
 */
const env = processEnv();
/** `<file>.mcp-audit.bak`, `<file>.mcp-audit.2.bak` … (write.ts backupName). */
const BACKUP = /\.mcp-audit(\.\d+)?\.bak$/;
const HOMES: readonly [string, Platform][] = [['linux', 'linux'], ['macos', 'darwin'], ['windows', 'win32']];

async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && !BACKUP.test(e.name)) out.set(p, await fs.readFile(p, 'utf8'));
    }
  };
  await walk(dir);
  return out;
}

/** A home holding one config file (at its place under the home), so a name names one entry. */
async function soloHome(srcHome: string, entry: ServerEntry): Promise<{ home: string; options: DiscoverOptions }> {
  const home = await tempDir('mcp-audit-solo');
  const rel = path.relative(srcHome, entry.configPath);
  await fs.mkdir(path.dirname(path.join(home, rel)), { recursive: true });
  await fs.copyFile(entry.configPath, path.join(home, rel));
  // A host that imports other hosts' files reads them only where it is present (its folder exists).
  const host = HOSTS.find((h) => h.id === entry.host);
  const presence: readonly string[] = host !== undefined && 'imports' in host ? host.imports.presence : [];
  for (const p of presence) await fs.mkdir(path.join(home, p.replace(/^~\//, '')), { recursive: true });
  const project = entry.project !== undefined && entry.scope === 'project' ? [path.join(home, path.relative(srcHome, entry.project))] : [];
  return { home, options: { root: home, projectScan: false, ...(project.length > 0 ? { projects: project } : {}) } };
}

test('property: unwrap(wrap(x)) == x byte for byte over every fixture home entry', async () => {
  let wrapped = 0;
  let refused = 0;
  for (const [dir, platform] of HOMES) {
    const src = await materializeDir(path.resolve('fixtures/homes', dir));
    const found = await audit({ root: src, platform, projectScan: true }, env);
    const seen = new Set<string>();
    for (const entry of found.discovery.entries) {
      const k = `${entry.configPath}\u0000${entry.name}`;
      if (seen.has(k) || entry.scope === 'managed' || entry.scope === 'plugin') continue;
      seen.add(k);
      const solo = await soloHome(src, entry);
      const options = { ...solo.options, platform };
      const before = await snapshot(solo.home);
      const twins = new Set(found.discovery.entries.filter((e) => e.configPath === entry.configPath && e.name === entry.name).map((e) => e.origin.pointer));
      if (twins.size !== 1) continue; // a name twice in one file (an array container): wrap would take both
      const w = await runWrap({ discover: options, servers: [entry.name], proxy: 'mcpindex-gate', apply: true, includeProject: true }, env);
      if (w.refusals.length > 0) {
        refused++;
        for (const r of w.refusals) assert.ok(r.reason.length > 10, `${entry.name}: a refusal says why`);
        if (process.env.FIX_DEBUG === '1') process.stdout.write(`# refused ${dir} ${entry.name}: ${w.refusals.map((r) => r.reason).join('; ')}\n`);
        assert.deepEqual(await snapshot(solo.home), before, `${dir} ${entry.name}: a refused wrap changes nothing`);
        continue;
      }
      assert.equal(w.written?.length, 1, `${dir} ${entry.name}: wrapped`);
      const u = await runUnwrap({ discover: options, servers: [entry.name], apply: true, includeProject: true }, env);
      assert.deepEqual(u.refusals, [], `${dir} ${entry.name}: unwrap refused`);
      assert.deepEqual(await snapshot(solo.home), before, `${dir} ${entry.name}: unwrap(wrap(x)) != x`);
      wrapped++;
    }
  }
  assert.ok(wrapped >= 30, `only ${wrapped} entries wrapped (${refused} refused)`);
  process.stdout.write(`# wrap/unwrap round trips: ${wrapped} byte-identical, ${refused} refused with a reason\n`);
});

interface GradeCase { entry: Record<string, unknown>; home: HomeSpec }

/** A grade case as a Cursor config holding its entry and a sentinel entry after it. */
function gradeFile(name: string, body: Record<string, unknown>): { head: string; text: string; tail: string } {
  const head = '{\n  "mcpServers": {\n    ';
  const entryText = `${JSON.stringify(name)}: ${JSON.stringify(body, null, 2).split('\n').join('\n    ')}`;
  const tail = ',\n    "sentinel": {\n      "command": "node",\n      "args": ["/opt/s.js"],\n      "env": { "HOME": "/tmp/x" }\n    }\n  }\n}\n';
  return { head, text: head + entryText + tail, tail };
}

test('property: unwrap(wrap(x)) == x byte for byte over every grade fixture entry', async () => {
  const dir = path.resolve('fixtures/grade');
  let wrapped = 0;
  let refused = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const c = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as GradeCase;
    const { name, ...body } = c.entry;
    if (typeof name !== 'string' || name === 'sentinel') continue;
    const home = await materializeHome({ ...c.home, '.cursor/mcp.json': gradeFile(name, body).text }, 'mcp-audit-wrapprop');
    const file = path.join(home, '.cursor', 'mcp.json');
    const original = await fs.readFile(file, 'utf8');
    const discover = { root: home, platform: 'linux' as const, projectScan: false };
    const w = await runWrap({ discover, servers: [name], proxy: 'mcpindex-gate', apply: true, includeProject: false }, env);
    if (w.refusals.length > 0) {
      refused++;
      assert.equal(await fs.readFile(file, 'utf8'), original, `${f}: a refused wrap changed the file`);
      continue;
    }
    const u = await runUnwrap({ discover, servers: [name], apply: true, includeProject: false }, env);
    assert.deepEqual(u.refusals, [], `${f}: unwrap refused`);
    assert.equal(await fs.readFile(file, 'utf8'), original, `${f}: unwrap(wrap(x)) != x`);
    wrapped++;
  }
  assert.ok(wrapped >= 5, `only ${wrapped} grade entries wrapped (${refused} refused: already behind a pinning proxy, remote, opaque)`);
  process.stdout.write(`# grade fixtures: ${wrapped} wrap/unwrap round trips byte-identical, ${refused} refused with a reason\n`);
});

test('property: every applied fix over the grade fixtures re-parses, keeps the rest byte-identical, mends its findings, and is idempotent', async () => {
  const dir = path.resolve('fixtures/grade');
  let fixed = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const c = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as GradeCase;
    const { name, ...body } = c.entry;
    if (typeof name !== 'string') continue;
    const { head, text, tail } = gradeFile(name, body);
    const home = await materializeHome({ ...c.home, '.cursor/mcp.json': text }, 'mcp-audit-fixprop');
    const file = path.join(home, '.cursor', 'mcp.json');
    const original = await fs.readFile(file, 'utf8');
    const options = { root: home, platform: 'linux' as const, projectScan: false };
    const out = await runFix({ discover: options, servers: [name], apply: true, includeProject: false }, env);
    const after = await fs.readFile(file, 'utf8');
    if (out.written === undefined || out.written.length === 0) {
      assert.equal(after, original, `${f}: nothing written, nothing changed`);
      continue;
    }
    fixed++;
    assert.ok(readValue(after, 'json') !== undefined, `${f}: the fixed file re-parses as strict JSON`);
    // The file as materialized (@HOME@ replaced): its head and its sentinel tail must be unchanged.
    const rest = original.slice(original.lastIndexOf(tail));
    assert.ok(rest === tail && after.startsWith(head) && after.endsWith(tail), `${f}: bytes outside the entry changed`);
    const mended = out.files.flatMap((x) => x.servers.flatMap((s) => s.rules));
    assert.ok(mended.length > 0);
    const again = await audit(options, env);
    for (const row of again.rows.filter((r) => r.name === name)) {
      for (const id of mended) assert.ok(!row.findings.some((x) => x.id === id), `${f}: ${id} still fires after the fix`);
    }
    const second = await runFix({ discover: options, servers: [name], apply: true, includeProject: false }, env);
    assert.equal(second.written?.length ?? 0, 0, `${f}: a second --apply wrote again`);
    assert.equal(await fs.readFile(file, 'utf8'), after, `${f}: a second --apply changed the file`);
  }
  assert.ok(fixed >= 15, `only ${fixed} grade cases had a mechanical fix`);
  process.stdout.write(`# grade fixtures fixed: ${fixed}\n`);
});

test('property: fix --apply over every fixture home re-parses each edited file, keeps other entries equal, mends, and is idempotent', async () => {
  for (const [dir, platform] of HOMES) {
    const home = await materializeDir(path.resolve('fixtures/homes', dir));
    const options = { root: home, platform, projectScan: true };
    const before = await snapshot(home);
    const out = await runFix({ discover: options, servers: [], apply: true, includeProject: true }, env);
    for (const f of out.files) {
      const text = await fs.readFile(f.target, 'utf8');
      const now = readValue(text, f.format);
      const then = readValue(before.get(f.target) ?? '', f.format);
      assert.ok(now !== undefined && then !== undefined, `${f.file}: re-parses`);
      const edited = new Set(f.servers.map((s) => s.name));
      for (const e of out.entries.filter((x) => x.configPath === f.file && !edited.has(x.name))) {
        const at = e.origin.pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
        const segs: (string | number)[] = at.map((s, i) => (Array.isArray(valueAt(then.value, at.slice(0, i))) ? Number(s) : s));
        assert.deepEqual(valueAt(now.value, segs), valueAt(then.value, segs), `${f.file}: untouched ${e.name} changed`);
      }
    }
    const again = await audit(options, env);
    for (const f of out.files) for (const s of f.servers) {
      for (const row of again.rows.filter((r) => r.configPath === f.file && r.name === s.name)) {
        for (const id of s.rules) assert.ok(!row.findings.some((x) => x.id === id), `${dir} ${s.name}: ${id} still fires`);
      }
    }
    const afterFirst = await snapshot(home);
    const second = await runFix({ discover: options, servers: [], apply: true, includeProject: true }, env);
    assert.equal(second.written?.length ?? 0, 0, `${dir}: a second --apply wrote again`);
    const afterSecond = await snapshot(home);
    for (const [p, t] of afterFirst) if (!BACKUP.test(p)) assert.equal(afterSecond.get(p), t, `${p} changed on the second --apply`);
  }
});
