import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnCli } from '../cli/commands/cli-harness.js';

/**
 * Found with a generated home of odd text (both the build before this session's
 * speed-ups, 2e01dec, and 91ebbfb fail alike: not a regression). A `~/.claude.json` project key
 * with a NUL and a lone surrogate (`"/home/u/p\u0000\ud800"`, valid JSON) makes every project
 * location a config-unreadable finding whose path holds the lone surrogate; SARIF's encodePath
 * calls encodeURIComponent on it, which throws URIError: the whole scan ends
 * "internal error: URIError: URI malformed", exit 2, no report. Bad input is data: the JSON
 * report of the same home is written (exit 1).
 */
const dirs: string[] = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function home(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-sarif-')));
  dirs.push(dir);
  // The escapes are JSON's own: the file holds `\u0000` and `\ud800` spelled out.
  writeFileSync(path.join(dir, '.claude.json'), '{"mcpServers":{"s":{"command":"npx","args":["-y","s"]}},"projects":{"/home/u/p\\u0000\\ud800":{}}}');
  return dir;
}

describe('SARIF of a location path with a lone surrogate', () => {
  it('the JSON report of that home is written (the input is read)', () => {
    const r = spawnCli(['scan', '--root', home(), '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.stdout.includes('config-unreadable'));
  });

  it('the SARIF report is written too, not an internal error', () => {
    const r = spawnCli(['scan', '--root', home(), '--format', 'sarif']);
    assert.doesNotMatch(r.stderr, /internal error|URIError/);
    assert.equal(r.code, 1, r.stderr);
    const sarif: unknown = JSON.parse(r.stdout);
    assert.ok(typeof sarif === 'object' && sarif !== null && 'runs' in sarif);
  });
});
