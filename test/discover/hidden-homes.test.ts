import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readdirSync as ls, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';
import { REPO } from '../hosts/helpers.js';

/**
 * Homes that hide a server the host really launches, using only the host's own lookup rules
 *, one folder per class and OS layout under fixtures/homes/hidden/<case>/. Each is
 * audited through the real CLI (`scan --root … --platform … --list --format json`) and must list
 * every expected entry (launched, or off where the host turns it off), and say `countIsFloor`
 * with exactly the expected causes. What git cannot hold (a `.git` folder, symbolic links, a file
 * over the size cap, a file inside a `.git` folder) each case's `setup` makes in a temporary copy.
 */
interface Expected { readonly host: string; readonly name: string; readonly disabled: boolean; readonly command?: string; readonly transport?: string }
interface Case {
  readonly platform: 'linux' | 'darwin' | 'win32';
  readonly class: string;
  readonly expect: readonly Expected[];
  readonly floor: readonly string[];
  readonly absent?: readonly string[];
  /** Entries one host must not list (another host may: the file is its). */
  readonly absentFrom?: readonly { readonly host: string; readonly name: string }[];
  readonly hostEnv?: string;
  readonly setup?: { readonly mkdir?: readonly string[]; readonly symlink?: readonly (readonly [string, string])[]; readonly big?: readonly string[]; readonly write?: readonly (readonly [string, string])[] };
}

const HIDDEN = path.join(REPO, 'fixtures', 'homes', 'hidden');
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

function isCase(v: unknown): v is Case {
  return typeof v === 'object' && v !== null && 'platform' in v && 'expect' in v && Array.isArray(v.expect) && 'floor' in v && Array.isArray(v.floor);
}

/** A temporary copy of the case's home with its setup applied. */
function materialize(name: string, c: Case): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), `mcp-audit-hidden-${name}-`)));
  temps.push(dir);
  cpSync(path.join(HIDDEN, name), dir, { recursive: true });
  rmSync(path.join(dir, 'case.json'));
  for (const d of c.setup?.mkdir ?? []) mkdirSync(path.join(dir, d), { recursive: true });
  for (const [target, link] of c.setup?.symlink ?? []) {
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    symlinkSync(target, path.join(dir, link));
  }
  for (const [f, text] of c.setup?.write ?? []) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), text);
  }
  for (const f of c.setup?.big ?? []) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    // Past the 4 MiB parse cap (check-file.ts MAX_PARSED_CHARS): one real entry, then padding.
    writeFileSync(path.join(dir, f), `{"mcpServers": {"behind-the-cap": {"command": "npx"}}, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
  }
  return dir;
}

interface Listed {
  readonly countIsFloor: boolean;
  readonly floorCauses: readonly { readonly kind: string; readonly detail: string }[];
  readonly entries: readonly { readonly host: string; readonly name: string; readonly disabled: boolean; readonly command?: string; readonly transport?: string }[];
}

async function list(home: string, c: Case): Promise<Listed> {
  const args = ['scan', '--root', home, '--platform', c.platform, '--list', '--format', 'json'];
  if (c.hostEnv !== undefined) args.push('--host-env', path.join(home, c.hostEnv));
  // An empty environment and a cwd outside the home: nothing of this machine reaches the audit.
  const r = await cli(args, { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '' } });
  assert.equal(r.code, 0, r.stderr);
  const parsed: unknown = JSON.parse(r.stdout);
  assert.ok(typeof parsed === 'object' && parsed !== null && 'entries' in parsed && 'countIsFloor' in parsed);
  return parsed as Listed;
}

const cases = readdirSync(HIDDEN).sort();

describe('hidden homes: every server a host launches by its own lookup rules is listed', () => {
  it('has a case for every class in every OS layout', () => {
    const byClass = new Set(cases.map((n) => n.replace(/-(linux|macos|windows)$/, '')));
    for (const k of ['relocated', 'case', 'layers', 'records', 'indirections', 'policy', 'caps', 'residuals']) assert.ok(byClass.has(k), k);
  });

  for (const name of cases) {
    const raw: unknown = JSON.parse(readFileSync(path.join(HIDDEN, name, 'case.json'), 'utf8'));
    assert.ok(isCase(raw), name);
    const c = raw;
    it(`${name}: ${c.class}`, async () => {
      const out = await list(materialize(name, c), c);
      for (const want of c.expect) {
        const got = out.entries.filter((e) => e.host === want.host && e.name === want.name);
        assert.ok(got.length > 0, `${want.host}/${want.name} is not listed; listed: ${out.entries.map((e) => `${e.host}/${e.name}`).join(', ')}`);
        assert.ok(got.some((e) => e.disabled === want.disabled), `${want.host}/${want.name}: disabled ${String(want.disabled)} expected`);
        if (want.command !== undefined) assert.ok(got.some((e) => e.command === want.command && !e.disabled), `${want.host}/${want.name} runs ${want.command}`);
        if (want.transport !== undefined) assert.ok(got.some((e) => e.transport === want.transport && !e.disabled), `${want.host}/${want.name} is reached by ${want.transport}`);
      }
      for (const n of c.absent ?? []) assert.ok(!out.entries.some((e) => e.name === n), `${n} is listed, but the host never reads it`);
      for (const a of c.absentFrom ?? []) assert.ok(!out.entries.some((e) => e.host === a.host && e.name === a.name), `${a.host}/${a.name} is listed, but ${a.host} does not read it`);
      const kinds = [...new Set(out.floorCauses.map((f) => f.kind))].sort();
      assert.deepEqual(kinds, [...c.floor].sort(), out.floorCauses.map((f) => f.detail).join('\n'));
      assert.equal(out.countIsFloor, c.floor.length > 0);
    });
  }
});

describe('a folder on a host\'s lookup path that cannot be listed makes the count a floor', () => {
  // Even root cannot list /proc/1/map_files without CAP_SYS_ADMIN; where it can, the case is moot.
  const unlistable = (() => {
    try {
      ls('/proc/1/map_files');
      return undefined;
    } catch (e: unknown) {
      return e instanceof Error && 'code' in e && e.code === 'EACCES' ? '/proc/1/map_files' : undefined;
    }
  })();
  it('a Claude Code plugin cache linked to an unlistable folder', { skip: unlistable === undefined ? 'no folder here that this user cannot list' : false }, async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-unlistable-')));
    temps.push(home);
    mkdirSync(path.join(home, '.claude', 'plugins'), { recursive: true });
    symlinkSync(unlistable ?? '/', path.join(home, '.claude', 'plugins', 'cache'));
    const out = await list(home, { platform: 'linux', class: 'unlistable', expect: [], floor: [] });
    assert.ok(out.countIsFloor);
    assert.ok(out.floorCauses.some((f) => f.kind === 'directory-unreadable'), JSON.stringify(out.floorCauses));
  });
});
