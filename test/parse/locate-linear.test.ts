import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkFile, newFileCache } from '../../src/discover/check-file.js';
import { claudeCode } from '../../src/hosts/claude-code.js';
import { codex } from '../../src/hosts/codex.js';
import { cursor } from '../../src/hosts/cursor.js';
import { goose } from '../../src/hosts/goose.js';
import type { HostDefinition, HostLocation } from '../../src/hosts/types.js';
import { tempDir, writeSpec } from '../helpers/materialize.js';

/**
 * Location lookups cost the input's size, not its square: the same config at n and 10n entries
 * (servers, env keys, ~/.claude.json projects, TOML tables, YAML extensions), read by the real
 * reader, parsed and normalized with every origin looked up, does about 10x the locate work (a
 * counter of members indexed and segments walked, never a clock). A lookup that scanned the
 * siblings of each member again would do about 100x.
 */
interface Case {
  readonly what: string;
  readonly host: HostDefinition;
  readonly location: HostLocation;
  readonly file: string;
  readonly text: (n: number) => string;
  readonly entries: (n: number) => number;
  /** The entry or env key whose origin is checked, and its expected line. */
  readonly last: (n: number) => { readonly name: string; readonly env?: string; readonly line: number };
}

const at = (host: HostDefinition, file: string): HostLocation => {
  const location = host.locations.find((l) => l.path === file);
  assert.ok(location, `${host.id} reads ${file}`);
  return location;
};

const server = (i: number): string => `{"command":"npx","args":["-y","@example/s${i}"],"env":{"K":"v"}}`;

const CASES: readonly Case[] = [
  {
    what: 'servers in one JSON file', host: cursor, location: at(cursor, '~/.cursor/mcp.json'), file: '.cursor/mcp.json',
    text: (n) => `{"mcpServers":{\n${Array.from({ length: n }, (_v, i) => `"s${i}":${server(i)}`).join(',\n')}\n}}\n`,
    entries: (n) => n,
    last: (n) => ({ name: `s${n - 1}`, line: n + 1 }),
  },
  {
    what: 'env keys of one server', host: cursor, location: at(cursor, '~/.cursor/mcp.json'), file: '.cursor/mcp.json',
    text: (n) => `{"mcpServers":{"big":{"command":"npx","env":{\n${Array.from({ length: n }, (_v, i) => `"K${i}":"v"`).join(',\n')}\n}}}}\n`,
    entries: () => 1,
    last: (n) => ({ name: 'big', env: `K${n - 1}`, line: n + 1 }),
  },
  {
    what: '~/.claude.json projects', host: claudeCode, location: at(claudeCode, '~/.claude.json'), file: '.claude.json',
    text: (n) => `{"projects":{\n${Array.from({ length: n }, (_v, i) => `"/home/u/p${i}":{"mcpServers":{"s":${server(i)}}}`).join(',\n')}\n}}\n`,
    entries: (n) => n,
    last: (n) => ({ name: 's', line: n + 1 }),
  },
  {
    what: 'TOML tables', host: codex, location: at(codex, '~/.codex/config.toml'), file: '.codex/config.toml',
    text: (n) => Array.from({ length: n }, (_v, i) => `[mcp_servers.s${i}]\ncommand = "npx"\nargs = ["-y"]\n\n[mcp_servers.s${i}.env]\nK = "v"\n`).join('\n'),
    entries: (n) => n,
    last: (n) => ({ name: `s${n - 1}`, env: 'K', line: (n - 1) * 7 + 6 }),
  },
  {
    what: 'YAML extensions', host: goose, location: at(goose, '~/.config/goose/config.yaml'), file: '.config/goose/config.yaml',
    text: (n) => `extensions:\n${Array.from({ length: n }, (_v, i) => `  s${i}:\n    type: stdio\n    cmd: npx\n    args: ["-y"]\n    envs:\n      K: v\n`).join('')}`,
    entries: (n) => n,
    last: (n) => ({ name: `s${n - 1}`, env: 'K', line: (n - 1) * 6 + 7 }),
  },
];

const N = 300;

describe('location lookups', () => {
  const dirs: string[] = [];
  after(async () => { for (const d of dirs) await rm(d, { recursive: true, force: true }); });

  it('do about 10x the work for 10x the servers, env keys, projects, TOML tables and YAML extensions', async () => {
    for (const c of CASES) {
      const work: number[] = [];
      for (const n of [N, 10 * N]) {
        const home = await tempDir('mcp-audit-linear');
        dirs.push(home);
        await writeSpec(home, { [c.file]: c.text(n) });
        const checked = await checkFile(c.host, c.location, path.join(home, c.file), newFileCache(), {});
        assert.equal(checked.check.status, 'found', c.what);
        assert.equal(checked.entries.length, c.entries(n), c.what);
        assert.ok(checked.doc, c.what);
        // The lookups are right, not only cheap: the last entry (or env key) is on its own line.
        const want = c.last(n);
        const entry = checked.entries.find((e) => e.name === want.name && (e.project === undefined || e.project.endsWith(`/p${n - 1}`)));
        assert.ok(entry, `${c.what}: ${want.name}`);
        const origin = want.env !== undefined ? entry.envOrigins[want.env] : entry.origin;
        assert.equal(origin?.line, want.line, `${c.what}: line of ${want.env ?? want.name}`);
        work.push(checked.doc.locateWork());
      }
      const [small = 0, big = 0] = work;
      assert.ok(small > 0, `${c.what}: the lookups are counted`);
      const ratio = big / small;
      assert.ok(ratio >= 8 && ratio <= 12, `${c.what}: ${String(small)} -> ${String(big)} (${ratio.toFixed(1)}x) for 10x the input`);
    }
  });
});
