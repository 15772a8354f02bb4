import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkStoreFile } from '../../src/grade/stores/check-file.js';
import { ICACLS_EXE, icaclsReader, otherWriters, parseIcacls } from '../../src/grade/stores/windows-acl.js';
import { REPO } from '../hosts/helpers.js';
import { recordedRunner } from '../helpers/recorded-runner.js';

const TARGET = 'C:\\Users\\aroha\\.mcpindex\\pins\\filesystem.json';
const recorded = (name: string): string => readFileSync(path.join(REPO, 'fixtures', 'grade', 'windows-acl', name), 'utf8');

describe('Windows DACLs from icacls', () => {
  it('parses every ACE: principal (with spaces), flags, simple and specific rights', () => {
    const aces = parseIcacls(recorded('icacls-shared.txt'), TARGET);
    assert.ok(aces !== undefined);
    assert.deepEqual(aces.map((a) => a.principal), [
      'NT AUTHORITY\\SYSTEM', 'BUILTIN\\Administrators', 'DESKTOP-7QK2M\\aroha', 'BUILTIN\\Users', 'NT AUTHORITY\\Authenticated Users',
      'Everyone', 'CREATOR OWNER', 'DESKTOP-7QK2M\\tane',
    ]);
    assert.deepEqual(aces[4], { principal: 'NT AUTHORITY\\Authenticated Users', flags: ['I'], rights: ['M'] });
    assert.deepEqual(aces[7], { principal: 'DESKTOP-7QK2M\\tane', flags: [], rights: ['R', 'W', 'D'] });
  });

  it('other writers: not the account, SYSTEM or Administrators; read-only, deny and inherit-only ACEs grant nothing', () => {
    const shared = parseIcacls(recorded('icacls-shared.txt'), TARGET) ?? [];
    assert.deepEqual(otherWriters(shared, 'aroha'), ['NT AUTHORITY\\Authenticated Users', 'DESKTOP-7QK2M\\tane']);
    assert.deepEqual(otherWriters(parseIcacls(recorded('icacls-own.txt'), TARGET) ?? [], 'aroha'), []);
    assert.deepEqual(otherWriters(parseIcacls(recorded('icacls-own.txt'), TARGET) ?? [], 'tane'), ['DESKTOP-7QK2M\\aroha']);
  });

  it('output for another path, or garbage, is not an ACL', () => {
    assert.equal(parseIcacls(recorded('icacls-own.txt'), 'C:\\other.json'), undefined);
    assert.equal(parseIcacls(`${TARGET} no ace here\r\n`, TARGET), undefined);
    assert.equal(parseIcacls('', TARGET), undefined);
  });

  it('the reader runs icacls at its fixed path with the target alone; a failure is "unproven", never "no writers"', async () => {
    const { run, calls } = recordedRunner({ [`${ICACLS_EXE} ${TARGET}`]: { stdoutFile: 'grade/windows-acl/icacls-shared.txt' } });
    assert.deepEqual(await icaclsReader('aroha', run)(TARGET), { kind: 'read', writers: ['NT AUTHORITY\\Authenticated Users', 'DESKTOP-7QK2M\\tane'] });
    assert.deepEqual(calls, [`${ICACLS_EXE} ${TARGET}`]);
    const failing = recordedRunner({ [`${ICACLS_EXE} ${TARGET}`]: { code: 5 } });
    assert.deepEqual(await icaclsReader('aroha', failing.run)(TARGET), { kind: 'unproven', reason: 'icacls could not read its ACL (exit 5)' });
    assert.deepEqual(await icaclsReader('aroha', recordedRunner({}).run)(TARGET),
      { kind: 'unproven', reason: `icacls could not read its ACL (not installed at ${ICACLS_EXE})` });
  });
});

describe('store checks with files on Windows (the real checker, a real file, a recorded icacls)', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-acl-'));
  const store = path.join(home, 'pins.json');
  writeFileSync(store, '{}');
  const subject = { server: 'filesystem', proxy: 'mcpindex-gate' };
  const ids = async (answers: Record<string, string | undefined>): Promise<string[]> => {
    const acl = async (p: string): Promise<{ kind: 'read'; writers: string[] } | { kind: 'unproven'; reason: string }> => {
      const writers = answers[p];
      return writers === undefined ? { kind: 'unproven', reason: 'no answer' } : { kind: 'read', writers: writers === '' ? [] : [writers] };
    };
    const r = await checkStoreFile(store, subject, { home, uid: undefined, user: 'aroha', userName: (u) => `uid ${u}`, acl });
    return r.findings.map((f) => `${f.id} ${f.data['path'] === store ? 'store' : f.data['path'] ?? ''}: ${f.data['who'] ?? f.data['reason'] ?? ''}`);
  };

  it('fires: pin-store-acl-unproven for the owner always, pin-store-writable for a DACL writer, unproven when icacls fails', async () => {
    const owner = 'its owner is not read (icacls prints only the DACL, and an owner can rewrite it)';
    assert.deepEqual(await ids({ [store]: 'BUILTIN\\Users', [home]: '' }), [
      'pin-store-writable store: BUILTIN\\Users',
      `pin-store-acl-unproven store: ${owner}`,
      `pin-store-acl-unproven ${home} (directory): ${owner}`,
    ]);
    assert.deepEqual(await ids({}), ['pin-store-acl-unproven store: no answer', `pin-store-acl-unproven ${home} (directory): no answer`]);
  });

  it('does not fire on POSIX files: mode bits and uid decide there', async () => {
    const r = await checkStoreFile(store, subject, { home, uid: process.getuid?.(), user: 'me', userName: (u) => `uid ${u}` });
    assert.ok(!r.findings.some((f) => f.id === 'pin-store-acl-unproven'));
  });
});
