import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discover } from '../../src/hosts/discover.js';
import { testEnv } from './helpers.js';

let home = '';
const put = (rel: string, value: unknown): void => {
  const file = path.join(home, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
};

describe('name switches (hosts.md §5)', () => {
  before(() => {
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-switches-')));
    put('.claude.json', { projects: { '/home/u/app': { disabledMcpjsonServers: ['rejected-in-claude-json'] } } });
    put('app/.mcp.json', { mcpServers: {
      'rejected-in-claude-json': { command: 'a' }, 'rejected-locally': { command: 'b' }, 'rejected-by-user': { command: 'c' }, approved: { command: 'd' },
    } });
    put('app/.claude/settings.local.json', { disabledMcpjsonServers: ['rejected-locally'] });
    put('.claude/settings.json', { disabledMcpjsonServers: ['rejected-by-user'] });
    put('.gemini/settings.json', { mcpServers: { allowed: { command: 'x' }, other: { command: 'y' } }, mcp: { allowed: ['allowed'] } });
  });
  after(() => rmSync(home, { recursive: true, force: true }));

  it('Claude Code disabledMcpjsonServers (in ~/.claude.json per project, project and user settings) disables .mcp.json entries', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const state = Object.fromEntries(d.entries.filter((e) => e.host === 'claude-code').map((e) => [e.name, e.disabled]));
    assert.deepEqual(state, { 'rejected-in-claude-json': true, 'rejected-locally': true, 'rejected-by-user': true, approved: false });
    const e = d.entries.find((x) => x.name === 'rejected-in-claude-json');
    assert.match(e?.disabledBy ?? '', /^listed in projects\.<project-key>\.disabledMcpjsonServers of .*\.claude\.json$/);
  });

  it('Gemini mcp.allowed leaves only the listed servers enabled', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const state = Object.fromEntries(d.entries.filter((e) => e.host === 'gemini-cli').map((e) => [e.name, e.disabled]));
    assert.deepEqual(state, { allowed: false, other: true });
  });

  it('a switch never hides an entry: it stays listed, marked disabled', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    assert.equal(d.entries.filter((e) => e.host === 'claude-code').length, 4);
  });
});
