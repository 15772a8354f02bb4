import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { assertValidReport } from '../report/validate.js';
import { assertValidSarif } from '../report/sarif-schema.js';
import { BIN } from './commands/cli-harness.js';

/**
 * Hostile names from a cloned repository reach every text output escaped: no raw control
 * character, bidi override or lone surrogate (which UTF-8 output turns into U+FFFD); the JSON
 * report keeps the exact names and still matches its schema, with `__proto__`, `constructor` and
 * `toString` in every keyed field.
 */
const CLEAR = '\u001b[2J\u001b[H';
const TITLE = '\u001b]0;pwned\u0007';
const HOSTILE_NAMES = [`${CLEAR}erase`, `${TITLE}title`, 'rtl\u202etxt.exe', 'lone\ud800', 'c1\u009b31m', 'del\u007f', 'line\nbreak', '__proto__', 'constructor', 'toString'];
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/;

function servers(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  HOSTILE_NAMES.forEach((name, i) => {
    Object.defineProperty(out, name, {
      enumerable: true,
      value: {
        type: ['stdio', '__proto__', 'constructor', 'toString'][i % 4], command: i % 2 === 0 ? 'npx' : `${CLEAR}cmd`,
        args: ['-y', `pkg${TITLE}`], env: { [name]: 'v', __proto__x: 'v' }, headers: { constructor: 'x' },
        ...(i % 3 === 0 ? { url: `https://h.example/${CLEAR}` } : {}), disabled: i === 5,
      },
    });
  });
  return out;
}

describe('every text output escapes hostile names; JSON stays exact and schema-valid', () => {
  let repo = '';
  const run = (args: readonly string[], input?: string) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: repo, ...(input !== undefined ? { input } : {}) });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  before(async () => {
    repo = await tempDir('mcp-audit-hostile-names');
    execFileSync('git', ['init', '-q', repo]);
    const config = JSON.stringify({ mcpServers: servers() }, null, 2);
    mkdirSync(path.join(repo, '.cursor'));
    writeFileSync(path.join(repo, '.cursor', 'mcp.json'), config);
    const project = path.join(repo, `proj${CLEAR}\u202e`);
    mkdirSync(project);
    writeFileSync(path.join(project, '.mcp.json'), config);
    const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', properties: { [name]: { type: 'string' } } } });
    writeFileSync(path.join(repo, 'old.json'), JSON.stringify({ tools: HOSTILE_NAMES.map((n) => tool(n, 'old')) }));
    writeFileSync(path.join(repo, 'new.json'), JSON.stringify({ tools: HOSTILE_NAMES.map((n) => tool(n, `new ${TITLE}`)) }));
    writeFileSync(path.join(repo, 'batch.jsonl'), `${JSON.stringify({ id: CLEAR, old: { tools: [tool('a', 'x')] }, new: { tools: [tool('a', 'y')] } })}\n`);
  });
  after(() => {
    if (repo !== '') rmSync(repo, { recursive: true, force: true });
  });

  const projectArgs = (): string[] => ['--root', repo, '--project', path.join(repo, `proj${CLEAR}\u202e`)];
  const textModes: readonly [string, () => string[]][] = [
    ['scan (table)', () => ['scan', ...projectArgs()]],
    ['scan --format markdown', () => ['scan', ...projectArgs(), '--format', 'markdown']],
    ['scan --list', () => ['scan', '--list', ...projectArgs()]],
    ['hosts', () => ['hosts', ...projectArgs()]],
    ['check', () => ['check', '.cursor/mcp.json']],
    ['explain (hostile id)', () => ['explain', `${CLEAR}no-such-rule`]],
    ['diff (table)', () => ['diff', 'old.json', 'new.json']],
    ['digest (table)', () => ['digest', 'new.json']],
    ['scan --fail-on (stderr policy line)', () => ['scan', ...projectArgs(), '--format', 'json', '-o', 'out.json']],
  ];
  for (const [label, args] of textModes) {
    it(`${label}: no raw control, bidi or lone surrogate on stdout or stderr`, () => {
      const r = run(args());
      assert.ok(r.out.length + r.err.length > 0, `${label} printed something`);
      const found = RAW.exec(r.out + r.err);
      assert.equal(found, null, `${label} printed U+${(found?.[0] ?? '').charCodeAt(0).toString(16)}: ${JSON.stringify((r.out + r.err).slice(0, 400))}`);
      if (label === 'scan (table)' || label === 'scan --list' || label === 'check') assert.match(r.out, /\\x1b\[2J/, 'the name is shown, escaped');
    });
  }

  it('JSON and SARIF keep the exact names; the report matches its schema with __proto__/constructor/toString everywhere', () => {
    const json = run(['scan', ...projectArgs(), '--format', 'json']);
    assertValidReport(json.out);
    const parsed: unknown = JSON.parse(json.out);
    assert.ok(typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries));
    const names = new Set(parsed.entries.map((e: unknown) => (typeof e === 'object' && e !== null && 'name' in e ? e.name : undefined)));
    for (const n of HOSTILE_NAMES) assert.ok(names.has(n), `exact name ${JSON.stringify(n)} in the JSON`);
    const sarif = run(['scan', ...projectArgs(), '--format', 'sarif']);
    assertValidSarif(sarif.out);
    const list = run(['scan', '--list', ...projectArgs(), '--format', 'json']);
    assert.ok(list.code === 0, list.err);
    JSON.parse(list.out);
  });
});
