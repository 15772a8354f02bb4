import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { literalText } from '../../src/discover/session-env.js';
import { opencode } from '../../src/hosts/opencode.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Host content variables (host-lookup.ts `ContentVariable`): a whole config document held in an
 * environment variable. Its value is read only when it needs no evaluation, and never edited.
 */
describe('content variables: the literal text of a shell word', () => {
  it('reads single-quoted, double-quoted (with the shell\'s escapes) and plain words', () => {
    assert.equal(literalText(`'{"mcp": {}}'`), '{"mcp": {}}');
    assert.equal(literalText(`"{\\"mcp\\": {\\"a\\": 1}}"`), '{"mcp": {"a": 1}}');
    assert.equal(literalText(`"a\\\\b \\$x \\n"`), 'a\\b $x \\n');
    assert.equal(literalText(`'{}' # set by the installer`), '{}');
    assert.equal(literalText('plain-value;'), 'plain-value');
  });

  it('reads nothing that needs the shell to evaluate it', () => {
    for (const w of [`"$(cat ~/x.json)"`, `"{\\"home\\": \\"$HOME\\"}"`, '`cat x`', `'{"mcp":`, `'a''b'`, 'a b', '$CONTENT', '{a,b}', '~/x']) {
      assert.equal(literalText(w), undefined, w);
    }
  });
});

describe('content variables: OPENCODE_CONFIG_CONTENT given by --host-env', () => {
  let dir = '';
  before(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-content-')));
    writeFileSync(path.join(dir, 'host.env'), `PATH=/usr/bin\nOPENCODE_CONFIG_CONTENT='{"mcp": {"from-env": {"type": "local", "command": ["npx", "-y", "pkg"]}}}'\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is read as a config document of the host, at the line that gives it, and not as a path', async () => {
    const d = await discover({ root: dir, platform: 'linux', hosts: [opencode], projectScan: false, hostEnv: path.join(dir, 'host.env') }, testEnv('linux'));
    const e = d.entries.find((x) => x.name === 'from-env');
    assert.ok(e !== undefined, JSON.stringify(d.entries.map((x) => x.name)));
    assert.equal(e.configPath, `${path.join(dir, 'host.env')}:2 $OPENCODE_CONFIG_CONTENT`);
    assert.equal(e.command, 'npx');
    assert.deepEqual(d.hostEnv, [], 'a config document is never echoed as a variable value');
  });
});
