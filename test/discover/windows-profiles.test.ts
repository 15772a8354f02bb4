import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileAccounts } from '../../src/discover/windows-profiles.js';

const KEY = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList';

test('ProfileList: value names are case-insensitive, LF output reads like CRLF, a UNC profile path is absolute', () => {
  const text = [
    `${KEY}\\S-1-5-21-1-2-3-1105`, '    PROFILEIMAGEPATH    REG_EXPAND_SZ    \\\\fileserver\\profiles\\mere', '',
    `${KEY}\\S-1-5-21-1-2-3-1106`, '    State    REG_DWORD    0x0', '    ProfileImagePath    REG_SZ    ', '',
  ].join('\n');
  assert.deepEqual(profileAccounts(text), {
    accounts: [{ name: 'mere', sid: 'S-1-5-21-1-2-3-1105', home: '\\\\fileserver\\profiles\\mere' }],
    excluded: [{ name: 'S-1-5-21-1-2-3-1106', reason: 'ProfileImagePath is not an absolute path ("")' }],
    systemAccounts: 0,
  });
});

test('ProfileList: a SID listed twice counts once; values before any SID key, and unknown keys, are ignored', () => {
  const text = [
    KEY, '    ProfilesDirectory    REG_EXPAND_SZ    %SystemDrive%\\Users', '',
    `${KEY}\\S-1-5-21-9-9-9-1001`, '    ProfileImagePath    REG_EXPAND_SZ    C:\\Users\\ana', '',
    `${KEY}\\S-1-5-21-9-9-9-1001`, '    ProfileImagePath    REG_EXPAND_SZ    C:\\Users\\ana2', '',
    `${KEY}\\NotASid`, '    ProfileImagePath    REG_EXPAND_SZ    C:\\Users\\x', '',
  ].join('\r\n');
  assert.deepEqual(profileAccounts(text).accounts, [{ name: 'ana', sid: 'S-1-5-21-9-9-9-1001', home: 'C:\\Users\\ana' }]);
});

test('ProfileList: nothing parseable is no accounts, never an error', () => {
  assert.deepEqual(profileAccounts('ERROR: The system was unable to find the specified registry key or value.\r\n'), { accounts: [], excluded: [], systemAccounts: 0 });
});
