import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnCli } from '../cli/commands/cli-harness.js';

/**
 * Found by review, found while comparing mapRecordedPath before and after 5a4f9b3 (identical on
 * 1.2 million recorded paths: the speed-up is not the cause, both builds behave as below).
 * Under --root a recorded project path is rebased into the root (discover/paths.ts
 * mapRecordedPath). Two recorded paths are not:
 * - `/home/u/..` (and any `..` above the recorded home) joins to the PARENT of --root, so the
 *   scan reads project files outside the tree it was told to audit and reports their entries;
 * - a folder name with U+2028 (or `\n`, `\r`, U+2029: what the regex `.` does not match) is not
 *   seen as under the recorded home and goes below `_system/home/u/…`, so the project's own
 *   `.mcp.json`, which Claude Code loads, is never read: its entry silently vanishes (fail open).
 */
const dirs: string[] = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function tree(): { outer: string; root: string } {
  const outer = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-paths-')));
  dirs.push(outer);
  const root = path.join(outer, 'root');
  mkdirSync(root);
  return { outer, root };
}

const server = (name: string): string => JSON.stringify({ mcpServers: { [name]: { command: 'npx', args: ['-y', `${name}-server`] } } });

interface Listed { readonly projectRoots: readonly { readonly path: string; readonly recordedAs?: string; readonly sources: readonly string[] }[]; readonly entries: readonly { readonly name: string; readonly configPath: string }[] }

function list(root: string): Listed {
  const r = spawnCli(['scan', '--root', root, '--list', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const parsed: unknown = JSON.parse(r.stdout);
  assert.ok(typeof parsed === 'object' && parsed !== null && 'projectRoots' in parsed && 'entries' in parsed);
  return parsed as Listed;
}

const inside = (p: string, root: string): boolean => p === root || p.startsWith(`${root}${path.sep}`);

describe('recorded project paths under --root stay in the root', () => {
  it('a recorded `/home/u/..` is not mapped to the parent of --root, and nothing outside the root is read', () => {
    const { outer, root } = tree();
    writeFileSync(path.join(outer, '.mcp.json'), server('outside'));
    writeFileSync(path.join(root, '.claude.json'), JSON.stringify({ projects: { '/home/u/..': {}, '/home/u/../../etc': {} } }));
    const listed = list(root);
    const escaped = listed.projectRoots.filter((p) => !inside(p.path, root)).map((p) => `${p.recordedAs ?? '?'} -> ${p.path}`);
    assert.deepEqual(escaped, [], 'every project root of an audit under --root lies inside the root');
    const read = listed.entries.filter((e) => !inside(e.configPath, root)).map((e) => `${e.name} in ${e.configPath}`);
    assert.deepEqual(read, [], 'no entry comes from a file outside --root');
  });

  for (const [label, sep] of [['U+2028', '\u2028'], ['U+2029', '\u2029'], ['a newline', '\n'], ['a carriage return', '\r']] as const) {
    it(`a recorded project folder whose name holds ${label} is mapped into the home, and its .mcp.json is read`, () => {
      const { root } = tree();
      const folder = `p${sep}q`;
      mkdirSync(path.join(root, folder));
      writeFileSync(path.join(root, folder, '.mcp.json'), server('sep'));
      writeFileSync(path.join(root, '.claude.json'), JSON.stringify({ projects: { [`/home/u/${folder}`]: {} } }));
      const listed = list(root);
      // The home is walked too (Claude Code reads .mcp.json in every folder above the one it runs in).
      assert.deepEqual(listed.projectRoots.filter((p) => !p.sources.every((s) => s.startsWith('walk:'))).map((p) => p.path), [path.join(root, folder)]);
      assert.deepEqual(listed.entries.map((e) => `${e.name} in ${e.configPath}`), [`sep in ${path.join(root, folder, '.mcp.json')}`]);
    });
  }
});
