import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureHome } from '../hosts/helpers.js';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from './commands/cli-harness.js';

/**
 * In a real pseudo-terminal (util-linux `script`) of 80 columns, no output line is wider than 80;
 * at 160 columns the table uses the room. Colour is on there (a terminal), so SGR codes are
 * stripped before measuring.
 */
const SGR = /\u001b\[[0-9;]*m/g;
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

function inPty(columns: number, args: readonly string[], cwd: string): string[] {
  const command = `stty cols ${columns} rows 50; ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const r = spawnSync('script', ['-qfec', command, '/dev/null'], { encoding: 'utf8', cwd, env: { ...process.env, NO_COLOR: '' } });
  return r.stdout.replace(SGR, '').split(/\r?\n/).map((l) => l.replace(/\r/g, ''));
}

describe('tables fit an 80-column terminal', { skip: hasScript ? false : 'util-linux script(1) is not installed' }, () => {
  let dir = '';
  const home = fixtureHome('linux');
  before(async () => {
    dir = await tempDir('mcp-audit-width');
    const tool = (name: string, d: string) => ({ name, description: d, inputSchema: { type: 'object', properties: { query: { type: 'string', description: d } } } });
    writeFileSync(path.join(dir, 'old.json'), JSON.stringify({ tools: [tool('search_everything_in_the_repository', 'old text')] }));
    writeFileSync(path.join(dir, 'new.json'), JSON.stringify({ tools: [tool('search_everything_in_the_repository', 'a much longer description that goes on and on across the terminal width')], }));
  });
  after(() => {
    if (dir !== '') void import('node:fs').then((fs) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  const commands: readonly (readonly string[])[] = [
    ['scan', '--root', home], ['scan', '--list', '--root', home], ['hosts', '--root', home],
    ['diff', 'old.json', 'new.json'], ['digest', 'new.json'], ['explain', 'no-pinning-proxy'],
  ];
  for (const args of commands) {
    it(`${args.slice(0, 2).join(' ')}: no line wider than 80`, () => {
      const lines = inPty(80, args, dir);
      assert.ok(lines.length > 3, lines.join('\n'));
      const wide = lines.filter((l) => [...l].length > 80);
      assert.deepEqual(wide, [], `${wide.length} lines over 80 columns`);
    });
  }

  it('a wider terminal gets a wider report table', () => {
    const widest = (lines: readonly string[]): number => Math.max(...lines.map((l) => [...l].length));
    const narrow = inPty(80, ['scan', '--root', home], dir);
    const wide = inPty(160, ['scan', '--root', home], dir);
    assert.ok(widest(wide) > 80 && widest(wide) <= 160, `widest ${widest(wide)}`);
    assert.ok(widest(narrow) <= 80);
  });
});
