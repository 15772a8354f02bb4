import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fg from 'fast-glob';
import { visit } from 'jsonc-parser';
import { parseJsonc, visitPlainJson, type PlainVisitor } from '../../src/parse/jsonc.js';
import { REPO } from '../hosts/helpers.js';
import { prng as random } from '../canonical/random-docs.js';

/**
 * Every event with its offset (and key), as a list: the two visitors must make the same one.
 * Values are left out: the tokenizer does not decode them (a positions-only build has them from
 * JSON.parse), and parseJsonc's values are compared below.
 */
function events(drive: (v: PlainVisitor) => void): unknown[] {
  const out: unknown[] = [];
  drive({
    onObjectBegin: (offset) => out.push(['{', offset]),
    onObjectProperty: (key, offset) => out.push(['key', key, offset]),
    onObjectEnd: () => out.push(['}']),
    onArrayBegin: (offset) => out.push(['[', offset]),
    onArrayEnd: () => out.push([']']),
    onLiteralValue: (_value, offset) => out.push(['value', offset]),
  });
  return out;
}

const viaJsonc = (text: string): unknown[] => events((v) => {
  visit(text, { ...v, onError: (e) => { throw new Error(`jsonc-parser error ${e}`); } }, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: true });
});
const viaPlain = (text: string): unknown[] => events((v) => { visitPlainJson(text, v); });

const WS = ['', ' ', '\n', '\r\n', '\t', '  \n  '];
const STRINGS = ['', 'a', 'mcpServers', 'é', '😀', '\u2028', '\u2029', '"', '\\', '/', '\b\f\n\r\t', '\u0000', '\ud800', '\udfff x', 'a b', '__proto__', 'constructor', '{', '[', ':', ','];
const NUMBERS = ['0', '-0', '1', '-1.5', '1e400', '-1E-7', '123456789012345678901234567890', '0.1e+2'];

/** Random JSON text in the shapes JSON.parse accepts: escapes spelled several ways, duplicates, odd whitespace. */
function json(next: () => number, depth: number): string {
  const ws = (): string => WS[Math.floor(next() * WS.length)] ?? '';
  const str = (): string => {
    const s = STRINGS[Math.floor(next() * STRINGS.length)] ?? '';
    const r = next();
    // JSON.stringify's spelling, every character \u-escaped, or a solidus escaped.
    if (r < 0.6) return JSON.stringify(s);
    if (r < 0.8) return `"${[...s].map((c) => Array.from(c, (_u, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')).join('')}"`;
    return JSON.stringify(s).replace(/\//g, '\\/');
  };
  const r = next();
  if (depth > 5 || r < 0.3) {
    const k = next();
    if (k < 0.4) return str();
    if (k < 0.7) return NUMBERS[Math.floor(next() * NUMBERS.length)] ?? '0';
    return ['true', 'false', 'null'][Math.floor(next() * 3)] ?? 'null';
  }
  const n = Math.floor(next() * 5);
  if (r < 0.65) {
    const keys = Array.from({ length: n }, () => (next() < 0.25 ? '"dup"' : str()));
    return `{${ws()}${keys.map((k) => `${k}${ws()}:${ws()}${json(next, depth + 1)}`).join(`${ws()},${ws()}`)}${ws()}}`;
  }
  return `[${ws()}${Array.from({ length: n }, () => json(next, depth + 1)).join(`${ws()},${ws()}`)}${ws()}]`;
}

describe('escaped keys: decoded by the spec, whatever the engine\'s JSON.parse does', () => {
  // Node 24's JSON.parse, once a key "\\" has been made, reads a one-character escaped key at the
  // same place as "\\" (https://issues.chromium.org/issues/521080746): seed 73 of the case below.
  it('a lone-surrogate, quote or newline key after a backslash key keeps its own character', () => {
    for (const [spelled, key] of [['\\ud800', '\ud800'], ['\\"', '"'], ['\\n', '\n'], ['\\u003a', ':']] as const) {
      assert.ok(parseJsonc('{"h": [], "\\\\": 0}', { strict: true }).ok);
      for (const text of [`{"h": 1, "${spelled}": 2}`, `{"h": 1, "${spelled}": 2}\n// a comment\n`]) {
        const r = parseJsonc(text, { strict: false });
        assert.ok(r.ok, text);
        const value = r.value.value;
        assert.ok(typeof value === 'object' && value !== null, text);
        assert.deepEqual(Object.keys(value), ['h', key], `${text} on Node ${process.version}`);
        assert.equal(r.value.locate([key]).line, 1);
      }
    }
  });
});

describe('plain JSON positions: the tokenizer makes jsonc-parser\'s events', () => {
  it('on random JSON texts: the same events, keys and values at the same offsets', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const text = `${WS[seed % WS.length] ?? ''}${json(next, 0)}${WS[(seed >> 3) % WS.length] ?? ''}`;
      JSON.parse(text);
      assert.deepEqual(viaPlain(text), viaJsonc(text), `seed ${seed}: ${text.slice(0, 120)}`);
    }
  });

  it('on every JSON file of the fixtures that JSON.parse accepts', () => {
    const files = fg.sync(['fixtures/**/*.json', 'schemas/*.json'], { cwd: REPO, dot: true, absolute: true });
    let checked = 0;
    for (const file of files) {
      const raw = readFileSync(file, 'utf8');
      const text = raw.charCodeAt(0) === 0xfeff ? ` ${raw.slice(1)}` : raw;
      try { JSON.parse(text); } catch { continue; }
      assert.deepEqual(viaPlain(text), viaJsonc(text), path.relative(REPO, file));
      checked++;
    }
    assert.ok(checked > 50, `only ${checked} files`);
  });

  it('parseJsonc locates and reports duplicates the same way whichever path the text takes', () => {
    // A comment sends the same text down jsonc-parser's path; without it JSON.parse takes it.
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed + 50_000);
      const body = json(next, 0);
      const plain = parseJsonc(body, { strict: false });
      const commented = parseJsonc(`${body}\n// a comment JSON.parse refuses\n`, { strict: false });
      assert.ok(plain.ok && commented.ok);
      assert.deepEqual(plain.value.duplicates, commented.value.duplicates, `seed ${seed}`);
      assert.deepEqual(plain.value.value, commented.value.value, `seed ${seed}`);
      const pointers = [[], ['dup'], [0], [1, 'dup'], ['dup', 0], ['mcpServers'], [2, 0, 'dup']];
      for (const p of pointers) assert.deepEqual(plain.value.locate(p), commented.value.locate(p), `seed ${seed} ${JSON.stringify(p)}`);
    }
  });
});
