import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnCli } from '../cli/commands/cli-harness.js';

/**
 * Found by review on 5a4f9b3/38b7e48 (resolvedDir's shortcut for a path "already in normal form").
 * NOT_NORMAL's trailing-slash test is `.\/$`, and `.` does not match a line terminator: a recorded
 * root `…/p\u2028/` (or `…/p\n/`) is taken as normal and kept with its trailing `/`. switches.ts
 * keys Codex's trusted roots by resolvedDir(dir) but looks a root up by path.resolve(root), which
 * drops the `/`: the lookup misses and the trusted project's servers are reported disabled. The
 * build before (5b86091) used path.resolve on both sides and keeps them enabled; `…/q/` still works.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-listed-')));
after(() => rmSync(dir, { recursive: true, force: true }));

function codexHome(folder: string): string {
  const home = path.join(dir, `home-${String(folder.codePointAt(1) ?? 0)}`);
  mkdirSync(path.join(home, '.codex'), { recursive: true });
  mkdirSync(path.join(home, folder, '.codex'), { recursive: true });
  writeFileSync(path.join(home, folder, '.codex', 'config.toml'), '[mcp_servers.s]\ncommand = "npx"\nargs = ["-y", "s@1.0.0"]\n');
  // The recorded key ends in `/`; TOML's basic string escapes the line terminator.
  writeFileSync(path.join(home, '.codex', 'config.toml'), `[projects.${JSON.stringify(`${home}/${folder}/`)}]\ntrust_level = "trusted"\n`);
  return home;
}

function entriesOf(home: string): { name: string; disabled: boolean }[] {
  const r = spawnCli(['scan', '--root', home, '--list', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const report: unknown = JSON.parse(r.stdout);
  assert.ok(typeof report === 'object' && report !== null);
  const entries: unknown = Reflect.get(report, 'entries');
  assert.ok(Array.isArray(entries));
  return entries.map((e: unknown) => ({ name: String(Reflect.get(Object(e), 'name')), disabled: Reflect.get(Object(e), 'disabled') === true }));
}

describe('a trusted Codex root recorded with a trailing / after a line terminator', () => {
  for (const [label, folder] of [['a plain name (control)', 'q'], ['U+2028 before the /', 'p\u2028'], ['\\n before the /', 'p\n'], ['\\r before the /', 'p\r']] as const) {
    it(`${label}: its project server is enabled`, () => {
      assert.deepEqual(entriesOf(codexHome(folder)), [{ name: 's', disabled: false }]);
    });
  }
});
