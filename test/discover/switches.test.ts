import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { testEnv } from '../hosts/helpers.js';

let home = '';
const put = (rel: string, value: unknown): void => {
  const file = path.join(home, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
};

describe('name switches (each host\'s switches as its registry file cites them)', () => {
  before(() => {
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-switches-')));
    put('.claude.json', { projects: { '/home/u/app': { disabledMcpjsonServers: ['rejected-in-claude-json'] } } });
    put('app/.mcp.json', { mcpServers: {
      'rejected-in-claude-json': { command: 'a' }, 'rejected-locally': { command: 'b' }, 'rejected-by-user': { command: 'c' }, approved: { command: 'd' },
    } });
    put('app/.claude/settings.local.json', { disabledMcpjsonServers: ['rejected-locally'] });
    put('.claude/settings.json', { disabledMcpjsonServers: ['rejected-by-user'] });
    put('.gemini/settings.json', { mcpServers: { allowed: { command: 'x' }, other: { command: 'y' } }, mcp: { allowed: ['allowed', 'projAllowed', 'extAllowed'], excluded: ['extAllowed'] } });
    put('app/.gemini/settings.json', { mcpServers: { projAllowed: { command: 'p' }, projOther: { command: 'q' } } });
    put('.gemini/trustedFolders.json', { '/home/u/app': 'TRUST_FOLDER' });
    put('.gemini/extensions/e/gemini-extension.json', { name: 'e', mcpServers: { extAllowed: { command: 'r' }, extOther: { command: 's' } } });
    mkdirSync(path.join(home, '.codex'), { recursive: true });
    writeFileSync(path.join(home, '.codex/config.toml'), '[projects."/home/u/app"]\ntrust_level = "trusted"\n');
    mkdirSync(path.join(home, 'app/.codex'), { recursive: true });
    writeFileSync(path.join(home, 'app/.codex/config.toml'), '[mcp_servers.listed]\ncommand = "l"\n');
    mkdirSync(path.join(home, 'other/.codex'), { recursive: true });
    writeFileSync(path.join(home, 'other/.codex/config.toml'), '[mcp_servers.unlisted]\ncommand = "u"\n');
  });
  after(() => rmSync(home, { recursive: true, force: true }));

  it('Claude Code disabledMcpjsonServers is recorded on .mcp.json entries, which stay enabled: Cursor, VS Code, Windsurf launch them', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const claude = d.entries.filter((e) => e.host === 'claude-code');
    assert.ok(claude.every((e) => !e.disabled));
    const state = Object.fromEntries(claude.map((e) => [e.name, (e.disabledOnlyFor ?? []).map((x) => x.host)]));
    assert.deepEqual(state, {
      'rejected-in-claude-json': ['claude-code'], 'rejected-locally': ['claude-code'], 'rejected-by-user': ['claude-code'], approved: [],
    });
    const e = claude.find((x) => x.name === 'rejected-in-claude-json');
    assert.match(e?.disabledOnlyFor?.[0]?.by ?? '', /^listed in projects\.<project-key>\.disabledMcpjsonServers of .*\.claude\.json$/);
  });

  it('Gemini mcp.allowed / mcp.excluded in ~/.gemini/settings.json apply to every Gemini location (the project folder is trusted)', async () => {
    const d = await discover({ root: home, projects: [path.join(home, 'app')] }, testEnv('linux'));
    const state = Object.fromEntries(d.entries.filter((e) => e.host === 'gemini-cli').map((e) => [e.name, e.disabled]));
    assert.deepEqual(state, { allowed: false, other: true, extAllowed: true, extOther: true, projAllowed: false, projOther: true });
  });

  it('a Codex project config of a root not listed in [projects] is reported disabled, a listed one enabled', async () => {
    for (const projectScan of [true, false]) {
      const d = await discover({ root: home, projectScan, projects: [path.join(home, 'app'), path.join(home, 'other')] }, testEnv('linux'));
      const codex = d.entries.filter((e) => e.host === 'codex');
      assert.deepEqual(codex.map((e) => [e.name, e.disabled]), [['listed', false], ['unlisted', true]], `projectScan ${projectScan}`);
      assert.match(codex[1]?.disabledBy ?? '', /not listed in projects of .*\.codex\/config\.toml/);
    }
  });

  it('a switch never hides an entry: it stays listed, marked disabled', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    assert.equal(d.entries.filter((e) => e.host === 'claude-code').length, 4);
    assert.equal(d.entries.filter((e) => e.host === 'gemini-cli').length, 6);
  });
});
