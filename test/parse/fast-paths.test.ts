import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineIndex, MAX_DEPTH } from '../../src/parse/document.js';
import { cannotBeTooDeep, findTooDeep, parseYaml } from '../../src/parse/yaml.js';
import { prng as random } from '../canonical/random-docs.js';

describe('parse fast paths: the same answers as the slow ones', () => {
  it('lineIndex: every offset gets the line and column of a character-by-character count', () => {
    const alphabet = ['a', '\n', '\r', '\r\n', '\u2028', ' ', 'é', '😀', '\n\n'];
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const text = Array.from({ length: Math.floor(next() * 200) }, () => alphabet[Math.floor(next() * alphabet.length)] ?? '').join('');
      const at = lineIndex(text);
      let line = 1;
      let column = 1;
      for (let offset = 0; offset <= text.length; offset++) {
        assert.deepEqual(at(offset), { line, column }, `seed ${seed}, offset ${offset}`);
        if (text.charCodeAt(offset) === 10) { line++; column = 1; } else column++;
      }
    }
  });

  it('cannotBeTooDeep is never true of a text the lexer pass finds too deep, near the limit too', () => {
    // Texts built to sit around MAX_DEPTH: nested block sequences and maps, flow brackets, runs
    // of indicators, deep indentation, quoted and commented look-alikes.
    const NESTING = ['- ', '? ', '[', '{', ': ', '-\n ', 'a:\n '];
    const pieces = ['- ', '? ', ': ', 'a: ', '[', '{', ']', '}', '\n', '  ', '    ', ' ', 'x', '"-:?"', '# - - -', '|\n  - -', '\t', ','];
    let sawDeep = 0;
    let sawSkip = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const next = random(seed);
      const n = 100 + Math.floor(next() * 1400);
      // Mostly one nesting piece, the rest anything: some texts cross the limit, some stay below.
      const bias = NESTING[Math.floor(next() * NESTING.length)] ?? '[';
      const share = 0.5 + next() * 0.45;
      const text = Array.from({ length: n }, () => (next() < share ? bias : pieces[Math.floor(next() * pieces.length)] ?? '')).join('');
      const skip = cannotBeTooDeep(text);
      const deep = findTooDeep(text);
      if (deep !== undefined) sawDeep++;
      if (skip) sawSkip++;
      if (skip) assert.equal(deep, undefined, `seed ${seed}: skipped a text nested too deep at ${String(deep)}`);
    }
    // Staircases: one more level of indentation a line, each line opened by a token that is not
    // one of the five characters counted (an anchor, a tag, a plain word) or is one.
    const openers = ['&a', '!t', 'k', '- ', '? ', '[x]', '"q"'];
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed + 100_000);
      const lines = 100 + Math.floor(next() * 600);
      const opener = openers[Math.floor(next() * openers.length)] ?? '&a ';
      const text = Array.from({ length: lines }, (_v, i) => `${' '.repeat(i + (next() < 0.1 ? 1 : 0))}${opener}${i}${opener === 'k' ? ':' : ''}`).join('\n');
      const skip = cannotBeTooDeep(text);
      const deep = findTooDeep(text);
      if (deep !== undefined) sawDeep++;
      if (skip) sawSkip++;
      if (skip) assert.equal(deep, undefined, `staircase seed ${seed}: skipped a text nested too deep at ${String(deep)}`);
    }
    // The corpus reaches both sides of the limit, or the property says nothing.
    assert.ok(sawDeep > 50, `only ${sawDeep} texts too deep`);
    assert.ok(sawSkip > 50, `only ${sawSkip} texts skipped`);
  });

  it('the hostile shapes are still refused, and a small real config skips the lexer pass', () => {
    const deep = [
      '['.repeat(MAX_DEPTH + 1),
      `${'- '.repeat(MAX_DEPTH + 1)}a\n`,
      Array.from({ length: MAX_DEPTH + 1 }, (_v, i) => `${' '.repeat(i)}k${i}:`).join('\n'),
      `${'? '.repeat(MAX_DEPTH + 1)}a\n`,
    ];
    for (const text of deep) {
      assert.equal(cannotBeTooDeep(text), false);
      const r = parseYaml(text);
      assert.ok(!r.ok && r.problem.kind === 'too-deep', text.slice(0, 40));
    }
    const goose = 'extensions:\n  github:\n    type: stdio\n    cmd: npx\n    args: ["-y", "@modelcontextprotocol/server-github"]\n    enabled: true\n';
    assert.equal(cannotBeTooDeep(goose), true);
    assert.ok(parseYaml(goose).ok);
  });
});
