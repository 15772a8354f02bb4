import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { vscode } from '../../src/hosts/vscode.js';
import { newFileCache } from '../../src/discover/check-file.js';
import { portableInstallFiles } from '../../src/discover/portable-installs.js';

const temps: string[] = [];
after(() => { for (const t of temps) rmSync(t, { recursive: true, force: true }); });

/** A --root home holding a .tar.gz install with a data folder at ~/tools/VSCode-linux-x64. */
function home(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-portable-')));
  temps.push(dir);
  const install = path.join(dir, 'tools', 'VSCode-linux-x64');
  mkdirSync(path.join(install, 'data', 'user-data', 'User'), { recursive: true });
  mkdirSync(path.join(install, 'bin'), { recursive: true });
  writeFileSync(path.join(install, 'code'), '\x7fELF');
  writeFileSync(path.join(install, 'bin', 'code'), '#!/usr/bin/env sh\n');
  writeFileSync(path.join(install, 'data', 'user-data', 'User', 'mcp.json'), '{"servers": {"portable": {"command": "npx"}}}');
  return dir;
}

const found = (checks: readonly { check: { status: string; path: string } }[]): string[] => checks.filter((c) => c.check.status === 'found').map((c) => c.check.path);

describe('portable installs: an install is found from the program files the audit meets', () => {
  it('a program another reader names (a desktop entry\'s Exec=) is followed to its install\'s data folder', async () => {
    const h = home();
    const ctx = { platform: 'linux' as const, home: h, auditRoot: true };
    const got = await portableInstallFiles([vscode], [], ctx, newFileCache(), [path.join(h, 'tools', 'VSCode-linux-x64', 'code')]);
    assert.deepEqual(found(got), [path.join(h, 'tools', 'VSCode-linux-x64', 'data', 'user-data', 'User', 'mcp.json')]);
  });

  it('an absolute link in a PATH folder is placed on the audited tree before it is followed', async () => {
    const h = home();
    mkdirSync(path.join(h, 'bin'));
    symlinkSync('/home/someone/tools/VSCode-linux-x64/bin/code', path.join(h, 'bin', 'code'));
    const ctx = { platform: 'linux' as const, home: h, auditRoot: true };
    const got = await portableInstallFiles([vscode], [path.join(h, 'bin')], ctx, newFileCache());
    assert.equal(found(got).length, 1);
  });

  it('nothing is read on a platform the layout is not declared for, or with no program met', async () => {
    const h = home();
    assert.deepEqual(await portableInstallFiles([vscode], [], { platform: 'linux', home: h, auditRoot: true }, newFileCache()), []);
    const win = await portableInstallFiles([vscode], [], { platform: 'win32', home: h, auditRoot: true }, newFileCache(), [path.join(h, 'tools', 'VSCode-linux-x64', 'code')]);
    assert.deepEqual(win, []);
  });
});
