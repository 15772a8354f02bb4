import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PyKey, PyTimestamp, safeLoad } from '../../src/proxies/pyyaml.js';
import type { PyLoad, PyValue } from '../../src/proxies/pyyaml.js';

/** PyYAML's own safe_load, run on the same texts (test/proxies/pyyaml-reference.py, in the source tree). */
const REFERENCE_PY = fileURLToPath(new URL('../../../test/proxies/pyyaml-reference.py', import.meta.url));

type Enc = readonly unknown[];

/** The reference's encoding of a value (see pyyaml-reference.py). */
function enc(v: PyValue): Enc {
  if (typeof v === 'boolean') return ['bool', v];
  if (typeof v === 'bigint') return ['int', v.toString()];
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return ['float', 'nan'];
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v);
    return ['float', [...new Uint8Array(view.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')];
  }
  if (typeof v === 'string') return ['str', v];
  if (v === null) return ['none'];
  if (v instanceof PyTimestamp) return ['ts'];
  if (v instanceof PyKey) return enc(v.value);
  if (Array.isArray(v)) return ['list', v.map(enc)];
  return ['dict', [...v].map(([k, x]) => [enc(k), enc(x)])];
}

const value = (text: string): PyValue => {
  const r = safeLoad(text);
  assert.ok(r.ok, `${JSON.stringify(text)}: ${r.ok ? '' : r.reason}`);
  return r.value;
};
const get = (v: PyValue, ...keys: string[]): PyValue => keys.reduce<PyValue>((m, k) => (m instanceof Map ? m.get(k) ?? null : null), v);
const notLoaded = (text: string): Extract<PyLoad, { ok: false }> => {
  const r = safeLoad(text);
  assert.ok(!r.ok, `${JSON.stringify(text)} should not load`);
  return r;
};

/** Edge cases of scalar resolution, merging, keys and refusals: each compared with PyYAML when it is here. */
const CORPUS: readonly string[] = [
  // booleans: only the spellings of resolver.py, never y/n, never mixed case
  'a: [yes, Yes, YES, no, No, NO, true, True, TRUE, false, False, FALSE, on, On, ON, off, Off, OFF]\n',
  'a: [y, Y, n, N, yEs, tRUE, oN, "yes", \'off\']\n',
  'discovery: {enabled: n}\n', 'discovery: {enabled: "false"}\n', 'discovery: {enabled: off}\n', 'discovery: {enabled: 0}\n', 'discovery: {enabled: 0.0}\n',
  'discovery: {enabled: -0.0}\n', 'discovery: {enabled: 0x0}\n', 'discovery: {enabled: 0b0}\n', 'discovery: {enabled: 00}\n', 'discovery: {enabled: ~}\n', 'discovery: {enabled:}\n',
  'discovery:\n  enabled:\n', 'discovery: {enabled: []}\n', 'discovery: {enabled: {}}\n', 'discovery: {enabled: .nan}\n', 'discovery: {enabled: 0:00}\n',
  // numbers
  'a: [1, -1, +1, 0, 012, 0o12, 0x1F, 0b101, 1_000, 1:20, -1:20, 190:20:30, 0_, 08, 09.5]\n',
  'a: [1.5, .5, 1., -1.5e+3, 1e3, 1.0e3, 6.8523015e+5, 685.230_15e+03, 190:20:30.15, .inf, -.Inf, +.INF, .NaN, .nan, 1_.5]\n',
  'a: [0x_, 0b_]\n', 'a: 0b_\n', 'a: 0x_1\n', 'a: 123456789012345678901234567890\n',
  // null and timestamps
  'a: [~, null, Null, NULL, nULL, "", \'~\']\n', 'a: [2001-12-14, 2001-12-14t21:59:43.10-05:00, 2001-12-14 21:59:43.10 -5, 2001-12-15 2:59:43.10, 2002-12-14]\n',
  'a: 2024-02-30\n', 'a: 2024-02-29\n', 'a: 2023-02-29\n', 'a: 0000-01-01\n', 'a: 2024-01-01 24:00:00\n', 'a: 2024-01-01 10:00:00 +24\n', 'a: 2024-1-1\n',
  // merge keys
  'x: &a {digest_enforcement: block}\ny: &b {digest_enforcement: audit}\nz: {<<: *b, <<: *a, pins: {}}\n',
  'x: &a {digest_enforcement: block}\ny: &b {digest_enforcement: audit}\nz: {<<: *a, <<: *b}\n',
  'x: &a {m: block}\ny: &b {m: audit}\nz: {<<: [*a, *b]}\n', 'x: &a {m: block}\ny: &b {m: audit}\nz: {<<: [*b, *a]}\n',
  'x: &a {m: audit}\nz: {m: block, <<: *a}\n', 'x: &a {m: audit}\nz: {<<: *a, m: block}\n', 'z: {m: a, m: b, <<: {m: c}}\n',
  'x: &a {<<: {p: 1}, q: 2}\nz: {<<: *a, r: 3}\n', 'z: {<<: {p: 1}, <<: [{p: 2}, {p: 3}], q: 4}\n', 'z: {"<<": {p: 1}}\n', "z: {'<<': {p: 1}}\n",
  'z: {!!merge x: {p: 1}}\n', 'z: {<<: 1}\n', 'z: {<<: ~}\n', 'z: {<<: [1]}\n', 'a: <<\n', 'a: =\n', '{=: 1}\n', 'z: {<<: {=: 1}}\n',
  'x: &a [1, 2]\nz: {<<: *a}\n', 'z:\n  <<:\n    p: 1\n  <<:\n    p: 2\n',
  // keys
  '{1: a, true: b}\n', '{1.0: a, 1: b}\n', '{0: a, false: b, 0.0: c}\n', '{~: a, null: b}\n', 'a: 1\na: 2\n', '{a: 1, "a": 2}\n', '{.nan: 1, .nan: 2}\n',
  '? [1]\n: 2\n', '? {a: 1}\n: 2\n', '? a\n', ': b\n', '{: b}\n', '[: b]\n', 'a:\n  : b\n', '? \n: b\n', '- ? \n  : b\n',
  // strings and escapes
  'a: "\\/ \\x41 \\u00e9 \\U0001F600 \\_ \\e \\t \\0 \\ "\n', "a: 'it''s'\n", 'a: |\n  x\n  y\n', 'a: >-\n  x\n  y\n\n  z\n', 'a: plain\n  folded\n  scalar\n',
  'a: b: c\n', '{a:1}\n', '[a: b, c: d]\n', 'a: #c\n', 'a: x #c\n', 'a: "x" #c\n',
  // tags
  'a: !!str 1\n', 'a: !!int "12"\n', 'a: !!int 0o7\n', 'a: !!bool TrUe\n', 'a: !!bool y\n', 'a: !!null x\n', 'a: !!float "1.5"\n', 'a: !!str\n  b: 1\n',
  'a: !!map [1]\n', 'a: !!seq {b: 1}\n', 'a: !custom x\n', 'a: !!binary aGk=\n', 'a: !!python/object:os.system x\n',
  // documents, anchors, odd input
  '', '# only a comment\n', '---\n', '--- a\n', 'a: 1\n---\nb: 2\n', 'a: &x 1\nb: &x 2\n', 'a: &x 1\nb: *x\n', 'a: *x\n', 'a: &x [*x]\n',
  'a: \u0001\n', 'a: "\u0007"\n', '\ufeffa: 1\n', 'a:\tb\n', 'a:\n\t- b\n', 'a: "x\tb"\n', '# c\n---\n# d\n', '--- |\n  x\n', '...\n', 'a: 1\n...\n', 'a: 1\n...\n---\nb: 2\n', '--- >\n  x\n ...\n', '%YAML 1.1\n---\na: yes\n', '%YAML 1.2\n---\na: yes\n', '%YAML 2.0\n---\na: 1\n',
  'a: @b\n', 'a: `b\n', 'a: [1, 2\n', '- a\nb: c\n',
];

const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
const noPython = python.error !== undefined ? 'python3 is not installed' : python.status !== 0 ? 'python3 has no PyYAML (import yaml fails)' : false;

test('every reading this module claims is PyYAML safe_load\'s own (reference check)', { skip: noPython }, () => {
  const r = spawnSync('python3', [REFERENCE_PY], { input: JSON.stringify(CORPUS), encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr);
  const out: unknown = JSON.parse(r.stdout);
  assert.ok(typeof out === 'object' && out !== null && 'results' in out && Array.isArray(out.results));
  const results: unknown[] = out.results;
  assert.equal(results.length, CORPUS.length);
  let compared = 0;
  const wrong: string[] = [];
  CORPUS.forEach((text, i) => {
    const ours = safeLoad(text);
    const theirs = JSON.stringify(results[i]);
    if (!ours.ok && !ours.refused) return; // not modelled: no claim to check
    const mine = JSON.stringify(ours.ok ? enc(ours.value) : ['error']);
    if (mine !== theirs) wrong.push(`${JSON.stringify(text)}: mcp-audit ${mine}${ours.ok ? '' : ` (${ours.reason})`}, PyYAML ${theirs}`);
    compared += 1;
  });
  assert.deepEqual(wrong, [], `PyYAML ${'version' in out ? String(out.version) : '?'} reads these differently:\n${wrong.join('\n')}`);
  // The corpus is a check only if most of it is read: a reader that models nothing would pass.
  assert.ok(compared >= CORPUS.length - 25, `only ${compared} of ${CORPUS.length} cases compared`);
});

test('two merge keys: the last one wins, as flatten_mapping orders them', () => {
  const v = value('x: &a {digest_enforcement: block}\ny: &b {digest_enforcement: audit}\nz: {<<: *b, <<: *a, pins: {}}\n');
  assert.equal(get(v, 'z', 'digest_enforcement'), 'block');
  const w = value('x: &a {digest_enforcement: block}\ny: &b {digest_enforcement: audit}\nz: {<<: *a, <<: *b, pins: {}}\n');
  assert.equal(get(w, 'z', 'digest_enforcement'), 'audit');
  // A list of mappings: its first item wins; the mapping's own key beats every merged one, wherever it stands.
  assert.equal(get(value('x: &a {m: block}\ny: &b {m: audit}\nz: {<<: [*a, *b]}\n'), 'z', 'm'), 'block');
  assert.equal(get(value('x: &a {m: audit}\nz: {m: block, <<: *a}\n'), 'z', 'm'), 'block');
  // A repeated key: its last value.
  assert.equal(get(value('z: {m: a, m: b}\n'), 'z', 'm'), 'b');
});

test('y and n are strings, yes / on / off booleans in the exact spellings of resolver.py', () => {
  assert.equal(get(value('d: {enabled: n}\n'), 'd', 'enabled'), 'n');
  assert.deepEqual(get(value('a: [y, Y, N, yEs, oN]\n'), 'a'), ['y', 'Y', 'N', 'yEs', 'oN']);
  assert.deepEqual(get(value('a: [yes, No, ON, off, TRUE, False]\n'), 'a'), [true, false, true, false, true, false]);
  assert.deepEqual(get(value('a: [1e3, 0x1F, 012, 1:20, 0_, .5, "1"]\n'), 'a'), ['1e3', 31n, 10n, 80n, 0n, 0.5, '1']);
});

test('1, 1.0 and true are one key (the first spelling, the last value); other keys never collide with strings', () => {
  const v = value('{1: a, true: b, "1": c}\n');
  assert.ok(v instanceof Map);
  assert.equal(v.size, 2);
  const [first, second] = [...v.keys()];
  assert.ok(first instanceof PyKey && first.value === 1n && String(first) === '1');
  assert.equal(v.get(first), 'b');
  assert.equal(second, '1');
});

test('what PyYAML refuses is refused; what this module does not model is said so', () => {
  for (const text of ['a: =\n', 'a: <<\n', 'a: &x 1\nb: &x 2\n', 'a: 0b_\n', 'a: 2024-02-30\n', 'z: {<<: 1}\n', '? [1]\n: 2\n', 'a: \u0001\n', 'a: !!bool y\n']) {
    assert.equal(notLoaded(text).refused, true, text);
  }
  for (const text of ['a: &x [*x]\n', 'a: "x\u2028y"\n', 'a: !custom x\n', 'a: [1\n']) assert.equal(notLoaded(text).refused, false, text);
  // Aliases that expand past the limit are not read (PyYAML would build them; the walk over them would not end).
  const levels = ['a: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 7; i++) levels.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  const bomb = notLoaded(`${levels.map((l, i) => (i === 0 ? l : l)).join('\n')}\n`);
  assert.equal(bomb.refused, false);
  assert.match(bomb.reason, /expand/);
});
