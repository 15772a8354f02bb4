import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { win32Shortcuts } from '../../src/discover/win-shortcuts.js';
import { REPO } from '../hosts/helpers.js';

/** Real .lnk files (MS-SHLLINK) of fixtures/homes/hidden/shortcut-args-windows. */
const HOME = path.join(REPO, 'fixtures', 'homes', 'hidden', 'shortcut-args-windows');

describe('Windows shortcuts that start a host program', () => {
  it('names the shortcut that passes arguments to Code.exe, and not the one that passes none', async () => {
    const got = await win32Shortcuts(HOME, {});
    assert.deepEqual(got.map((g) => path.relative(HOME, g.file)), [path.join('AppData', 'Roaming', 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Visual Studio Code', 'Visual Studio Code.lnk')]);
    assert.match(got[0]?.detail ?? '', /starts code with options \(--user-data-dir/);
  });
});
