import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { envSplit } from '../../src/launch/env-split.js';
import { unwrap } from '../../src/launch/unwrap.js';
import { entry } from './entry-fixture.js';

const STRINGS = [
  'a\\_b \'c d\' "e\\_f" g#h #rest',
  'x \\c y z',
  '\'\' "" k\\tl',
  'mcpindex-proxy --pin-store\\_/tmp/x',
  '\'it\\\'s\' "q\\"q" \\$x \\#y',
  'a  \t b',
];

const split = (s: string): string[] => {
  const r = envSplit(s);
  assert.ok(r.ok, `envSplit refused ${s}`);
  return r.value.map((t) => t.text);
};

/** The real env(1), when it is GNU's: the arguments it gives a program for the same string. */
function realSplit(s: string): string[] | undefined {
  const probe = spawnSync('/usr/bin/env', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0 || !probe.stdout.includes('GNU coreutils')) return undefined;
  const r = spawnSync('/usr/bin/env', ['-S', `${process.execPath} -e console.log(JSON.stringify(process.argv.slice(1))) -- ${s}`], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const parsed: unknown = JSON.parse(r.stdout);
  assert.ok(Array.isArray(parsed));
  return parsed.map(String);
}

test('env -S splits as GNU env does: \\_ separates, \\c and # end, quotes and escapes', (t) => {
  assert.deepEqual(split(STRINGS[0] ?? ''), ['a', 'b', 'c d', 'e f', 'g#h']);
  assert.deepEqual(split(STRINGS[1] ?? ''), ['x']);
  assert.deepEqual(split(STRINGS[2] ?? ''), ['', '', 'k\tl']);
  assert.deepEqual(split(STRINGS[3] ?? ''), ['mcpindex-proxy', '--pin-store', '/tmp/x']);
  if (realSplit('a') === undefined) { t.diagnostic('no GNU env here: compared with the documented syntax only'); return; }
  for (const s of STRINGS) assert.deepEqual(split(s), realSplit(s), s);
});

test('env -S refuses what env refuses, and marks ${NAME} as unknown', () => {
  for (const bad of ['echo $HOME', 'echo \\q', 'a "b', 'x\\', '"a\\cb"']) assert.equal(envSplit(bad).ok, false, bad);
  const r = envSplit('prog ${X}y');
  assert.ok(r.ok);
  assert.match(r.value[1]?.dynamic ?? '', /\$\{X\}/);
});

test('env -S with \\_ before --pin-store: the proxy sees the flag (unwrap)', () => {
  const c = unwrap(entry({ command: '/usr/bin/env', args: ['-S', 'uvx --from mcpindex-gate mcpindex-proxy --pin-store\\_/tmp/x'] }));
  assert.equal(c.leaf.kind, 'exec');
  assert.ok(c.leaf.kind === 'exec' && c.leaf.args.includes('--pin-store') && c.leaf.args.includes('/tmp/x'));
});

test('env -C DIR and BSD env -P DIR are recorded on the env frame, glued or not', () => {
  const c = unwrap(entry({ command: 'env', args: ['-C', '/tmp/w', '-P/opt/bin', 'npx', '-y', 'mcp-pin@1.0.0', '--', 'srv'] }));
  const f = c.frames[0];
  assert.equal(f?.chdir, '/tmp/w');
  assert.equal(f?.lookup, '/opt/bin');
  const g = unwrap(entry({ command: 'env', args: ['--chdir=/srv', 'npx', '-y', 'x'] })).frames[0];
  assert.equal(g?.chdir, '/srv');
  assert.equal(unwrap(entry({ command: 'env', args: ['-C', '$D', 'npx', 'x'] })).leaf.kind, 'exec', 'a JSON word with $ is a literal directory name');
});
