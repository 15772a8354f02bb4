import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { MAX_SESSION_HEAD_BYTES, MAX_SESSION_LOGS } from '../../src/discover/project-index.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Codex rollout logs name the folders sessions ran in (their first, `session_meta`, line): those
 * folders' .codex/config.toml layers are read. The cost is bounded — the newest MAX_SESSION_LOGS
 * logs, MAX_SESSION_HEAD_BYTES of each — and what the bounds leave out makes the count a floor.
 * Audited through the real CLI.
 */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

const meta = (cwd: string, pad = ''): string => `${JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 'x', cwd, instructions: pad } })}\n{"type":"turn_context"}\n`;

function project(home: string, rel: string, server: string): string {
  const dir = path.join(home, rel);
  mkdirSync(path.join(dir, '.codex'), { recursive: true });
  writeFileSync(path.join(dir, '.codex', 'config.toml'), `[mcp_servers.${server}]\ncommand = "npx"\n`);
  return dir;
}

interface Out { readonly floorCauses: readonly { kind: string; detail: string }[]; readonly entries: readonly { name: string; disabled: boolean }[] }

async function scan(home: string): Promise<Out> {
  const r = await cli(['scan', '--root', home, '--platform', 'linux', '--list', '--format', 'json'], { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '' } });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Out;
}

describe('Codex session logs as a project index', () => {
  it('reads the newest logs only; the folders of older ones and over-long first lines are floor causes', async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-codex-sessions-')));
    temps.push(home);
    const day = path.join(home, '.codex', 'sessions', '2026', '11', '30');
    mkdirSync(day, { recursive: true });
    // Every folder trusted, so a project layer found is launched.
    writeFileSync(path.join(home, '.codex', 'config.toml'), `[projects."${home}"]\ntrust_level = "trusted"\n`);
    const newest = project(home, 'p/new/a/b/c/d/e', 'codex-newest');
    const oldest = project(home, 'p/old/a/b/c/d/e', 'codex-oldest');
    const long = project(home, 'p/long/a/b/c/d/e', 'codex-long');
    for (let i = 0; i < MAX_SESSION_LOGS; i++) {
      writeFileSync(path.join(day, `rollout-2026-11-30T10-${String(i).padStart(5, '0')}.jsonl`), meta(i === MAX_SESSION_LOGS - 1 ? newest : home));
    }
    writeFileSync(path.join(day, 'rollout-2026-11-30T00-00000.jsonl'), meta(oldest));
    writeFileSync(path.join(day, 'rollout-2026-11-30T10-99999.jsonl'), meta(long, 'x'.repeat(MAX_SESSION_HEAD_BYTES)));
    const out = await scan(home);
    const names = out.entries.map((e) => e.name);
    assert.ok(names.includes('codex-newest'), names.join(', '));
    assert.ok(!names.includes('codex-oldest'), 'a log past the cap is not read');
    assert.ok(!names.includes('codex-long'), 'a first line past the cap is not read');
    const details = out.floorCauses.filter((c) => c.kind === 'not-followed').map((c) => c.detail);
    assert.ok(details.some((d) => /2 of 2002 session logs .* past the 2000 newest/.test(d)), details.join('\n'));
    assert.ok(details.some((d) => /1 session log .* line over 262144 bytes/.test(d)), details.join('\n'));
  });

  it('a log that is not a session_meta line, or not JSON, names no folder and is no floor', async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-codex-sessions-')));
    temps.push(home);
    const day = path.join(home, '.codex', 'sessions');
    mkdirSync(day, { recursive: true });
    writeFileSync(path.join(day, 'rollout-a.jsonl'), '{"type":"session_meta","payload":{"cwd":42}}\n');
    writeFileSync(path.join(day, 'rollout-b.jsonl'), 'not json\n');
    const out = await scan(home);
    assert.equal(out.floorCauses.length, 0, JSON.stringify(out.floorCauses));
  });
});
