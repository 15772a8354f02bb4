import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseYaml } from '../../src/parse/yaml.js';

describe('parseYaml', () => {
  it('parses a Continue config and locates array items', () => {
    const r = parseYaml('name: A\nmcpServers:\n  - name: SQLite\n    command: npx\n  - name: B\n    url: https://x\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcpServers', 1]), { line: 5, column: 5 });
    assert.deepEqual(r.value.locate(['mcpServers', 0, 'command']), { line: 4, column: 5 });
  });

  it('reports malformed YAML with its location', () => {
    const r = parseYaml('extensions:\n  github:\n    args: [a, b\n    cmd: npx\n');
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.ok(r.problem.line >= 3);
  });

  it('reads duplicate keys (last wins) and reports them', () => {
    const r = parseYaml('extensions:\n  gh:\n    cmd: a\n  gh:\n    cmd: b\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { extensions: { gh: { cmd: 'b' } } });
    assert.equal(r.value.duplicates[0]?.pointer, '/extensions/gh');
    assert.deepEqual(r.value.duplicates[0]?.used, { line: 4, column: 3 });
    assert.equal(r.value.duplicates[0]?.sameSpelling, true);
  });

  it('tells keys spelled alike from keys only this parser equates (style, type, tag)', () => {
    const cases: readonly [string, boolean][] = [
      ['"a": 1\n"a": 2\n', true],
      ['a: 1\n"a": 2\n', false],
      ['1: x\n"1": y\n', false],
      ['1: x\n1: y\n', false],
      ['!!str a: 1\n!!str a: 2\n', false],
    ];
    for (const [text, same] of cases) {
      const r = parseYaml(text);
      assert.ok(r.ok, text);
      assert.equal(r.value.duplicates.length, 1, text);
      assert.equal(r.value.duplicates[0]?.sameSpelling, same, text);
    }
  });

  it('refuses 200,000-deep flow nesting', () => {
    const r = parseYaml(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
  });

  it('refuses deep block nesting', () => {
    const text = Array.from({ length: 600 }, (_v, i) => `${' '.repeat(i)}k:`).join('\n');
    const r = parseYaml(text);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
  });

  it('refuses an alias bomb', () => {
    const text = 'a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n';
    const r = parseYaml(text);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.equal(r.problem.message, 'too many aliases (an alias bomb)');
  });

  it('refuses deep flow nesting after an apostrophe inside a flow list (no quote mode)', () => {
    const start = performance.now();
    const r = parseYaml(`a: [x', ${'['.repeat(200_000)}${']'.repeat(200_000)}]`);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
    assert.ok(performance.now() - start < 500);
  });

  it('counts explicit-key and other block indicators on one line as levels', () => {
    for (const unit of ['? ', '- ? ', ': ', '-\t', '? &a !t ']) {
      const start = performance.now();
      const r = parseYaml(`${unit.repeat(200_000)}a`);
      assert.ok(!r.ok, JSON.stringify(unit));
      assert.equal(r.problem.kind, 'too-deep');
      assert.ok(performance.now() - start < 500);
    }
  });

  it('refuses a long run of indicators inside a flow collection (`{? ? ? …}`) quickly', () => {
    for (const text of [`{${'? '.repeat(200_000)}a}`, `[${'- '.repeat(200_000)}a]`, `{${'? &a '.repeat(200_000)}a}`]) {
      const start = performance.now();
      const r = parseYaml(text);
      assert.ok(!r.ok);
      assert.equal(r.problem.kind, 'too-deep');
      assert.ok(performance.now() - start < 500);
    }
  });

  it('does not count ordinary flow maps and many keys as depth', () => {
    const r = parseYaml(`${Array.from({ length: 2000 }, (_v, i) => `k${i}: {a: 1, b: [x, y], c: d}`).join('\n')}\n`);
    assert.ok(r.ok);
  });

  it('does not take brackets in quoted or block scalars for nesting', () => {
    const deep = '['.repeat(600);
    const r = parseYaml(`a: "${deep}"\nb: '${deep}'\nc: |\n  ${deep}\n  'x\nd: [e, 'f', {g: h}]\n`);
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { a: deep, b: deep, c: `${deep}\n'x\n`, d: ['e', 'f', { g: 'h' }] });
  });

  it('keeps an unresolved alias name (it may be a secret) out of the message and locates the alias', () => {
    const r = parseYaml('extensions:\n  github:\n    envs: {GITHUB_TOKEN: *ghp_R3alTok3nValue}\n');
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.doesNotMatch(r.problem.message, /R3alTok3n/);
    assert.deepEqual([r.problem.line, r.problem.column], [3, 26]);
  });

  it('words syntax errors without quoting the source', () => {
    const r = parseYaml('a: "ghp_Secret\\q"\n');
    assert.ok(!r.ok);
    assert.doesNotMatch(r.problem.message, /ghp_Secret/);
  });

  it('does not count brackets inside plain block scalars as deep nesting', () => {
    const r = parseYaml("description: don't [stop\nname: x\n");
    assert.ok(r.ok);
  });

  it('refuses a mapping key that is a mapping or a list (itself or by alias), at that key, quoting nothing', () => {
    for (const [text, line, column] of [
      ['env:\n  ? {DB_PASSWORD: hunter2}\n  : v\n', 2, 5],
      ['env:\n  ? [a, b]\n  : v\n', 2, 5],
      ['x: &k {A: secret}\nenv:\n  ? *k\n  : v\n', 3, 5],
    ] as const) {
      const r = parseYaml(text);
      assert.ok(!r.ok, text);
      assert.equal(r.problem.kind, 'syntax');
      assert.deepEqual([r.problem.line, r.problem.column], [line, column], text);
      assert.equal(/hunter2|secret|DB_PASSWORD/.test(r.problem.message), false);
    }
    // An alias of a scalar is a plain key: read as before.
    const r = parseYaml('k: &n NAME\nenv:\n  ? *n\n  : v\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { k: 'NAME', env: { NAME: 'v' } });
  });
});
