import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PROXIES } from '../../src/proxies/index.js';

/**
 * STYLE.md §4: everything about one proxy lives in its module; src/grade/ (and every other stage)
 * is generic over the module's fields. A proxy id written as a string literal outside src/proxies/
 * is a table keyed by proxy id, or a special case, waiting to fail open for the next proxy.
 * Read with the TypeScript scanner, so comments and longer strings that merely mention an id
 * (rule docs, examples) do not count.
 */
const SRC = path.resolve('src');
const IDS = new Set<string>(PROXIES.map((p) => p.id));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every string or template literal in `text` whose whole value is a proxy id, with its line. */
function idLiterals(text: string): { id: string; line: number }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out: { id: string; line: number }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      const value = scanner.getTokenValue();
      if (IDS.has(value)) out.push({ id: value, line: text.slice(0, scanner.getTokenStart()).split('\n').length });
    }
  }
  return out;
}

test('no proxy id literal outside src/proxies/: the grader reads module fields, never a table keyed by id', () => {
  const bad: string[] = [];
  for (const f of files(SRC)) {
    if (f.startsWith(path.join(SRC, 'proxies') + path.sep)) continue;
    for (const hit of idLiterals(readFileSync(f, 'utf8'))) bad.push(`${path.relative(SRC, f)}:${hit.line}: '${hit.id}'`);
  }
  assert.deepEqual(bad, []);
});

test('the check sees an id literal and ignores comments and longer strings (it can fail)', () => {
  assert.deepEqual(idLiterals("const T = { 'mcp-pin': 1 };").map((h) => h.id), ['mcp-pin']);
  assert.deepEqual(idLiterals('if (rec.proxy === `mcpindex-gate`) {}').map((h) => h.id), ['mcpindex-gate']);
  assert.deepEqual(idLiterals("// 'mcp-pin'\nconst s = 'run mcp-pin@0.2.0';"), []);
});
