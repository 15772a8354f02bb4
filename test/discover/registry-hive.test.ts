import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { hiveValues, keyValues } from '../../src/discover/registry-hive.js';
import { REPO } from '../hosts/helpers.js';

const hive = (...parts: string[]): Buffer => readFileSync(path.join(REPO, 'fixtures', ...parts));

describe('registry hive values: vk cells read in both name encodings', () => {
  it('reads an ASCII-compressed value name (VALUE_COMP_NAME) and its REG_EXPAND_SZ data', () => {
    const values = hiveValues(hive('homes', 'hidden', 'hive-ascii-name-windows', 'NTUSER.DAT'));
    assert.deepEqual(values.map((v) => v.name), ['CODEX_HOME', 'Path']);
    assert.deepEqual(values[0], { name: 'CODEX_HOME', type: 2, text: 'C:\\Users\\u\\alt' });
  });

  it('reads a UTF-16LE value name (no VALUE_COMP_NAME), REG_SZ data, and a value that is no string without text', () => {
    const values = hiveValues(hive('discover', 'registry-hive', 'NTUSER.DAT'));
    assert.deepEqual(values, [
      { name: 'GEMINI_CLI_HOME', type: 2, text: 'C:\\Users\\u\\gh' },
      { name: 'TEMP', type: 1, text: '%USERPROFILE%\\AppData\\Local\\Temp' },
      { name: 'Flag', type: 4 },
    ]);
  });

  it('walks the key tree to one key, its name matched ignoring case', () => {
    const bytes = hive('homes', 'hidden', 'hive-ascii-name-windows', 'NTUSER.DAT');
    assert.deepEqual(keyValues(bytes, ['environment'])?.map((v) => v.name), ['CODEX_HOME', 'Path']);
    assert.equal(keyValues(bytes, ['Software']), undefined);
    const shell = hive('homes', 'hidden', 'hive-user-shell-folders-windows', 'NTUSER.DAT');
    assert.equal(keyValues(shell, ['Environment']), undefined);
    assert.deepEqual(keyValues(shell, ['User Shell Folders'])?.map((v) => [v.name, v.text]), [['Local AppData', '%USERPROFILE%\\AppData\\Local'], ['AppData', 'D:\\Roaming']]);
  });

  it('yields nothing for bytes that are not a hive', () => {
    assert.deepEqual(hiveValues(hive('homes', 'hidden', 'hive-ascii-name-windows', 'alt', 'config.toml')), []);
    assert.deepEqual(hiveValues(Buffer.alloc(0)), []);
    assert.equal(keyValues(Buffer.alloc(0), ['Environment']), undefined);
  });
});
