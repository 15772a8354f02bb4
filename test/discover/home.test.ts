import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { resolveHome } from '../../src/discover/home.js';
import { UsageError } from '../../src/shared/errors.js';
import { testEnv } from '../hosts/helpers.js';

const me = os.userInfo();

describe('resolveHome', () => {
  it('uses the password database, not $HOME, and reports the mismatch', async () => {
    const r = await resolveHome({}, testEnv('linux', { vars: { HOME: '/tmp/attacker-home' } }));
    assert.equal(r.home.path, me.homedir);
    assert.equal(r.home.source, 'passwd');
    assert.equal(r.envHomeMismatch?.variable, 'HOME');
  });

  it('reports no mismatch when $HOME agrees, or is unset', async () => {
    assert.equal((await resolveHome({}, testEnv('linux', { vars: { HOME: me.homedir } }))).envHomeMismatch, undefined);
    assert.equal((await resolveHome({}, testEnv('linux'))).envHomeMismatch, undefined);
  });

  it('ignores XDG and USERPROFILE variables', async () => {
    const r = await resolveHome({}, testEnv('linux', { vars: { XDG_CONFIG_HOME: '/tmp/x', USERPROFILE: '/tmp/y', HOME: me.homedir } }));
    assert.equal(r.home.path, me.homedir);
  });

  it('--root audits the given directory, resolved against the cwd, and records the source', async () => {
    const r = await resolveHome({ root: 'fixtures/homes/linux' }, testEnv('linux', { cwd: '/repo' }));
    assert.equal(r.home.path, '/repo/fixtures/homes/linux');
    assert.equal(r.home.source, 'root-flag');
  });

  it('--user resolves another account through the password database', { skip: process.platform === 'win32' ? 'no passwd on Windows' : false }, async () => {
    const r = await resolveHome({ user: 'nobody' }, testEnv('linux'));
    assert.equal(r.home.source, 'user-flag');
    assert.equal(r.home.user, 'nobody');
    assert.equal(typeof r.home.uid, 'number');
    assert.ok(r.home.path.startsWith('/'));
    assert.notEqual(r.home.path, me.homedir);
  });

  it('--user with an unknown or malformed name is a usage error', async () => {
    await assert.rejects(resolveHome({ user: 'no-such-user-xyz' }, testEnv('linux')), UsageError);
    await assert.rejects(resolveHome({ user: '../etc' }, testEnv('linux')), UsageError);
  });

  it('--user names the source that found no such account', { skip: process.platform !== 'linux' && 'getent is the Linux source' }, async () => {
    await assert.rejects(resolveHome({ user: 'no-such-user-xyz' }, testEnv('linux')), /no such account in the password database \(getent passwd\)/);
  });
});
