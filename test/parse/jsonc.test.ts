import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonc } from '../../src/parse/jsonc.js';

describe('parseJsonc', () => {
  it('reads comments, trailing commas, a BOM and CRLF, and locates members by pointer', () => {
    const text = '\uFEFF{\r\n  // servers\r\n  "mcpServers": {\r\n    "fs": { "command": "npx", },\r\n  },\r\n}\r\n';
    const r = parseJsonc(text, { strict: false });
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { mcpServers: { fs: { command: 'npx' } } });
    assert.deepEqual(r.value.locate(['mcpServers', 'fs']), { line: 4, column: 5 });
    assert.deepEqual(r.value.locate(['mcpServers', 'fs', 'command']), { line: 4, column: 13 });
  });

  it('falls back to the nearest existing ancestor for a missing pointer', () => {
    const r = parseJsonc('{\n  "a": {\n    "b": 1\n  }\n}', { strict: true });
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['a', 'missing', 'x']), { line: 2, column: 3 });
  });

  it('in strict mode (host uses JSON.parse) a comment is a syntax error at its position', () => {
    const r = parseJsonc('{\n  "mcpServers": {} // note\n}', { strict: true });
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.equal(r.problem.line, 2);
    assert.equal(r.problem.column, 20);
    assert.match(r.problem.message, /comment/);
  });

  it('in strict mode a trailing comma is a syntax error', () => {
    const r = parseJsonc('{"mcpServers": {"a": {"command": "x"},}}', { strict: true });
    assert.ok(!r.ok);
  });

  it('reports a truncated file with the location where input ended', () => {
    const r = parseJsonc('{\n  "mcpServers": {\n    "fs": { "command": "npx"', { strict: false });
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.equal(r.problem.line, 3);
  });

  it('refuses 200,000-deep nesting without recursion (at the 513th bracket; the bench times it)', () => {
    const r = parseJsonc(`${'['.repeat(200_000)}${']'.repeat(200_000)}`, { strict: true });
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
    assert.deepEqual([r.problem.line, r.problem.column], [1, 513]);
  });

  it('uses the last duplicate key, as JSON.parse does, and reports both positions', () => {
    const text = '{"mcpServers": {\n  "db": {"command": "pinned-proxy"},\n  "db": {"command": "npx"}\n}}';
    const r = parseJsonc(text, { strict: true });
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, JSON.parse(text));
    assert.equal(r.value.duplicates.length, 1);
    const d = r.value.duplicates[0];
    assert.equal(d?.pointer, '/mcpServers/db');
    assert.deepEqual(d?.first, { line: 2, column: 3 });
    assert.deepEqual(d?.used, { line: 3, column: 3 });
    assert.equal(d?.sameSpelling, true);
    assert.deepEqual(r.value.locate(['mcpServers', 'db']), { line: 3, column: 3 });
  });

  it('keeps a "__proto__" key as an own property without touching the prototype', () => {
    const r = parseJsonc('{"__proto__": {"polluted": true}}', { strict: true });
    assert.ok(r.ok);
    const v = r.value.value;
    assert.ok(typeof v === 'object' && v !== null);
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
    assert.deepEqual(Object.keys(v), ['__proto__']);
    assert.equal(Object.hasOwn({}, 'polluted'), false);
  });

  it('treats an empty file as no content, not an error', () => {
    const r = parseJsonc('  \n', { strict: true });
    assert.ok(r.ok);
    assert.equal(r.value.value, undefined);
  });
});
