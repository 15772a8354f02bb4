import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { audit } from '../../src/grade/audit.js';
import { buildReport } from '../../src/report/build.js';
import { json, jsonChunks, orderKeys, REPORT_SHAPE, sortedKeys, type Shape } from '../../src/report/json.js';
import type { AuditReport } from '../../src/report/model.js';
import { testEnv } from '../hosts/helpers.js';
import { loadSample, SAMPLE_CTX } from './sample.js';
import { assertValidReport } from './validate.js';

/**
 * The JSON report is written in pieces, and parts already in schema order are not copied
 * (report/json.ts). Both are speed-ups only: the text must be exactly what the plain algorithm
 * gives, an always-copying allow-list walk (written out here independently) stringified in one go.
 */
function reference(value: unknown, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((v: unknown) => reference(v, shape));
  if (typeof value !== 'object' || value === null) return value;
  const present = Object.keys(value);
  const keys = shape.mapOf !== undefined ? [...present].sort() : shape.keys.filter((k) => present.includes(k));
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v: unknown = Reflect.get(value, key);
    if (v === undefined) continue;
    const child = shape.mapOf ?? shape.children.get(key) ?? { keys: [], children: new Map() };
    Object.defineProperty(out, key, { value: reference(v, child), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
const expected = (report: unknown): string => `${JSON.stringify(reference(report, REPORT_SHAPE), null, 2)}\n`;
const joined = (report: AuditReport): string => [...jsonChunks(report)].join('');

const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));
const dirs: string[] = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A home whose ~/.cursor/mcp.json holds `n` servers (some behind a proxy, some with secrets in argv). */
function home(n: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-chunks-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.cursor'));
  const servers = Object.fromEntries(Array.from({ length: n }, (_v, i) => [`s${i}`, i % 3 === 0
    ? { command: 'uvx', args: ['mcpindex-gate==0.16.1', '--upstream-command=npx', `--upstream-arg=@example/s${i}`], env: { MCPINDEX_MODE: 'enforce' } }
    : { command: 'npx', args: ['-y', `@example/s${i}`, '--api-key', `sk-secret${i}`], env: { TOKEN: `value-${i}` } }]));
  writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  return dir;
}

describe('JSON report pieces', () => {
  it('the sample report: pieces, render and the one-string reference agree', () => {
    const report = loadSample();
    assert.equal(json.render(report, SAMPLE_CTX), expected(report));
    assert.equal(joined(report), expected(report));
  });

  it('a real report of 600 entries (three element batches) is written exactly as the reference', async () => {
    const dir = home(600);
    const result = await audit({ root: dir, projectScan: false }, testEnv('linux'));
    const report = buildReport(result, { version: '0.0.0' });
    assert.equal(report.entries.length, 600);
    const text = joined(report);
    assert.equal(text, expected(report));
    assertValidReport(text);
    assert.ok(!text.includes('sk-secret') && !text.includes('value-1'), 'secrets and env values never reach the text');
    // The builder makes rows in schema order: they are written as they are, not copied.
    const entryShape = REPORT_SHAPE.children.get('entries');
    assert.ok(entryShape !== undefined);
    assert.ok(report.entries.every((e) => orderKeys(e, entryShape) === e), 'every row is already in schema order');
  });

  it('non-ASCII names and arguments (2-, 3- and 4-byte UTF-8) come out exactly as the reference, in every batch', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-chunks-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, '.cursor'));
    const names = ['café', '中文服务器', 'emoji-😀', 'plain', 'ÅÄÖ-ñ'];
    const servers = Object.fromEntries(Array.from({ length: 520 }, (_v, i) => [`${names[i % names.length] ?? ''}-${i}`,
      { command: 'npx', args: ['-y', `@example/${i % 7 === 0 ? 'ünïcode-😀' : 'ascii'}-${i}`] }]));
    writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers }));
    const result = await audit({ root: dir, projectScan: false }, testEnv('linux'));
    const report = buildReport(result, { version: '0.0.0' });
    const text = joined(report);
    assert.equal(text, expected(report));
    assert.ok(text.includes('中文服务器-1') && text.includes('emoji-😀-2') && text.includes('ünïcode-😀-0'));
    // Pieces that are bytes decode on their own: no code point is cut between two pieces.
    for (const piece of jsonChunks(report)) {
      if (typeof piece !== 'string') assert.equal(Buffer.from(Buffer.from(piece).toString('utf8'), 'utf8').length, piece.length);
    }
  });

  it('undeclared keys, another key order, undefined, a "__proto__" map key and non-plain objects are handled as the reference does', () => {
    const report = loadSample();
    const first = report.entries[0];
    assert.ok(first !== undefined);
    const hostile = {
      ...report,
      entries: [
        // Each on its own: an env map spread into a row, the keys in reverse order, a value left undefined.
        { ...first, env: { TOKEN: 'leak-me' } },
        Object.fromEntries([...Object.entries(first)].reverse()),
        { ...first, upstream: undefined },
        // A symbol key is not data either.
        { ...first, [Symbol('s')]: 1 },
        // A class instance and a Date where objects are expected.
        { ...first, location: new (class Loc { path = '/x'; line = 1; column = 2; })(), proxy: new Date(0) },
        ...report.entries.slice(1),
      ],
      coverage: { ...report.coverage, byHost: JSON.parse('{"__proto__":{"enforcing":1},"b":{"enforcing":0},"a":{"enforcing":2}}') as unknown },
      findings: [],
      locations: [],
    } as unknown as AuditReport;
    const text = joined(hostile);
    assert.equal(text, expected(hostile));
    assert.ok(!text.includes('leak-me'));
    assert.match(text, /"__proto__": \{/);
    assert.equal(Object.getPrototypeOf(JSON.parse(text)), Object.prototype);
  });

  it('a frozen row is remembered as conforming only when nothing under it can change', () => {
    const report = loadSample();
    const first = report.entries[0];
    assert.ok(first !== undefined);
    // Frozen, but its location is a plain object that can still gain an undeclared key.
    const location = { ...first.location };
    const row = Object.freeze({ ...first, location });
    const claim = Object.freeze({ claim: 'launched', proven: true, evidence: Object.freeze(['a fact']) });
    const hostile = { ...report, entries: [row, { ...first, evidence: [claim] }] } as unknown as AuditReport;
    assert.equal(joined(hostile), expected(hostile));
    Reflect.set(location, 'secret', 'leak-me');
    const again = joined(hostile);
    assert.equal(again, expected(hostile));
    assert.ok(!again.includes('leak-me'), 'the second report drops the key added after the first');
  });

  it('the schema declares no "__proto__" key (declared keys are set by plain assignment)', () => {
    const seen = new Set<Shape>();
    const walk = (s: Shape): void => {
      if (seen.has(s)) return;
      seen.add(s);
      assert.ok(!s.keys.includes('__proto__'));
      for (const c of s.children.values()) walk(c);
      if (s.mapOf !== undefined) walk(s.mapOf);
    };
    walk(REPORT_SHAPE);
    assert.ok(seen.size > 10);
  });

  it('the CLI writes the same text to stdout and to -o FILE', () => {
    const dir = home(300);
    const out = path.join(dir, 'report.json');
    const a = spawnSync(process.execPath, [BIN, 'scan', '--root', dir, '--no-project-scan', '--format', 'json'], { encoding: 'utf8', cwd: dir, maxBuffer: 64 << 20 });
    const b = spawnSync(process.execPath, [BIN, 'scan', '--root', dir, '--no-project-scan', '--format', 'json', '-o', out], { encoding: 'utf8', cwd: dir });
    assert.equal(a.status, 1, a.stderr);
    assert.equal(b.status, 1, b.stderr);
    assert.equal(b.stdout, '');
    assert.equal(readFileSync(out, 'utf8'), a.stdout);
    assertValidReport(a.stdout);
  });
});

describe('sortedKeys: keys in UTF-16 order, sorted in place', () => {
  it('gives what sort() gives for every order of short and long key lists (insertion sort up to 12 keys)', () => {
    const pool = ['server', 'program', 'a', 'B', 'é', '', 'a', 'zz', '\ud83d\ude00', 'path', 'host', 'reason', 'Z', 'mode', 'who'];
    let seed = 7;
    const next = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
    for (let n = 0; n <= pool.length; n++) {
      for (let round = 0; round < 40; round++) {
        const keys = Array.from({ length: n }, () => pool[next() % pool.length] ?? '');
        const want = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        const got = sortedKeys(keys);
        assert.equal(got, keys, 'in place');
        assert.deepEqual(got, want, JSON.stringify(keys));
      }
    }
  });
});
