import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignmentOf, shellWords } from '../../src/launch/shell-words.js';

function words(src: string): string[] {
  const r = shellWords(src);
  assert.ok(r.ok, `expected ${src} to tokenize`);
  return r.value.map((w) => w.text);
}

function refusal(src: string): string {
  const r = shellWords(src);
  assert.ok(!r.ok, `expected ${src} to be refused`);
  return r.problem.reason;
}

test('splits on blanks and removes single, double and backslash quoting', () => {
  assert.deepEqual(words(`a  'b c' "d e" f\\ g ''`), ['a', 'b c', 'd e', 'f g', '']);
  assert.deepEqual(words(`"a\\"b" 'it'\\''s' "x\\ny"`), ['a"b', "it's", 'x\\ny']);
  assert.deepEqual(words('a \\\n b'), ['a', 'b']);
});

test('keeps variables as written and marks the word dynamic', () => {
  const r = shellWords('mcp-hangar --config "$HOME/c.yaml" $X ${Y:-d} ~/p *.json plain');
  assert.ok(r.ok);
  const [prog, flag, quoted, bare, braced, tilde, glob, plain] = r.value;
  assert.equal(prog?.dynamic, undefined);
  assert.equal(flag?.dynamic, undefined);
  assert.equal(quoted?.text, '$HOME/c.yaml');
  assert.equal(quoted?.dynamic, 'variable expansion');
  assert.match(bare?.dynamic ?? '', /unquoted/);
  assert.equal(braced?.text, '${Y:-d}');
  assert.match(tilde?.dynamic ?? '', /tilde/);
  assert.match(glob?.dynamic ?? '', /glob/);
  assert.equal(plain?.dynamic, undefined);
  const braces = shellWords('a {x,y} {z} {1..3}');
  assert.ok(braces.ok);
  assert.deepEqual(braces.value.map((w) => w.dynamic !== undefined), [false, true, false, true]);
  assert.equal(words("'$HOME'")[0], '$HOME');
  const single = shellWords("'$HOME'");
  assert.ok(single.ok && single.value[0]?.dynamic === undefined);
});

test('refuses what is not one simple command', () => {
  assert.match(refusal('a | b'), /pipe/);
  assert.match(refusal('a && b'), /&&/);
  assert.match(refusal('a || b'), /\|\|/);
  assert.match(refusal('a; b'), /;/);
  assert.match(refusal('a &'), /background/);
  assert.match(refusal('a $(b)'), /command substitution/);
  assert.match(refusal('a "$(b)"'), /command substitution/);
  assert.match(refusal('a `b`'), /command substitution/);
  assert.match(refusal('a > out'), /stdout/);
  assert.match(refusal('a < in'), /stdin/);
  assert.match(refusal('a\nb'), /newline/);
  assert.match(refusal('(a)'), /subshell/);
  assert.match(refusal("a 'b"), /unterminated/);
  assert.match(refusal('a "b'), /unterminated/);
  assert.match(refusal("a $'x'"), /ANSI-C/);
});

test('stderr redirection and trailing comments leave the command intact', () => {
  assert.deepEqual(words('a b 2>/dev/null'), ['a', 'b']);
  assert.deepEqual(words('a 2>&1 b'), ['a', 'b']);
  assert.deepEqual(words('a b # comment | x'), ['a', 'b']);
  assert.deepEqual(words('a b\n'), ['a', 'b']);
});

test('an assignment needs an unquoted name and =', () => {
  const r = shellWords(`HOME=/tmp X="a b" "Y=1" Z`);
  assert.ok(r.ok);
  const [home, x, y, z] = r.value;
  assert.deepEqual(home && assignmentOf(home), { name: 'HOME', value: '/tmp' });
  assert.deepEqual(x && assignmentOf(x), { name: 'X', value: 'a b' });
  assert.equal(y && assignmentOf(y), undefined);
  assert.equal(z && assignmentOf(z), undefined);
});
