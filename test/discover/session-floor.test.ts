import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';
import { REPO } from '../hosts/helpers.js';

/**
 * Each session-file line the audit cannot follow is its own `not-followed` floor cause naming the
 * file and line (fixtures/homes/hidden/sessions-*): a source through a loop variable or an unknown
 * variable, a source past the depth limit, a host wrapper alias or function, a dot-sourced
 * PowerShell script. Audited through the real CLI.
 */
const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

interface Cause { readonly kind: string; readonly detail: string; readonly path?: string; readonly line?: number }

async function causes(name: string, platform: string): Promise<{ home: string; list: readonly Cause[] }> {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), `mcp-audit-session-floor-`)));
  temps.push(home);
  cpSync(path.join(REPO, 'fixtures', 'homes', 'hidden', name), home, { recursive: true });
  rmSync(path.join(home, 'case.json'));
  const r = await cli(['scan', '--root', home, '--platform', platform, '--list', '--format', 'json'], { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '' } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { floorCauses: readonly Cause[] };
  return { home, list: out.floorCauses.filter((c) => c.kind === 'not-followed') };
}

function at(list: readonly Cause[], file: string, line: number, word: RegExp): void {
  assert.ok(list.some((c) => c.path === file && c.line === line && word.test(c.detail)), `no not-followed cause at ${file}:${line}; causes:\n${list.map((c) => `${c.path ?? ''}:${c.line ?? ''} ${c.detail}`).join('\n')}`);
}

describe('session-file lines the audit cannot follow make the count a floor, each naming its file and line', () => {
  it('POSIX shells: a loop source, a source through an unknown variable, sourcing past the depth limit, host wrappers', async () => {
    const { home, list } = await causes('sessions-linux', 'linux');
    const bashrc = path.join(home, '.bashrc');
    at(list, bashrc, 5, /"\$f"/);
    at(list, bashrc, 6, /\$DOTFILES/);
    at(list, path.join(home, 'chain', '4.sh'), 1, /levels of sourcing/);
    at(list, bashrc, 8, /alias `claude`/);
    at(list, bashrc, 9, /function `code`/);
    // The literal forms are followed, not floored.
    for (const line of [2, 3, 4, 7]) assert.ok(!list.some((c) => c.path === bashrc && c.line === line), `line ${line} is followed`);
  });

  it('PowerShell profiles: a wrapper function and a dot-sourced script', async () => {
    const { home, list } = await causes('sessions-windows', 'win32');
    const profile = path.join(home, 'Documents', 'PowerShell', 'Microsoft.PowerShell_profile.ps1');
    at(list, profile, 3, /function `claude`/);
    at(list, profile, 4, /dot-sources/);
  });
});
