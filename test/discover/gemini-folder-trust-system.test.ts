import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import type { Platform } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { geminiCli } from '../../src/hosts/gemini-cli.js';

/**
 * Class: a switch read from the Linux path only. Gemini CLI reads
 * `security.folderTrust.enabled` from its system-defaults, user and system settings
 * (google-gemini/gemini-cli@5411f113 packages/cli/src/config/settings.ts:890-901), and the
 * system settings live at `/Library/Application Support/GeminiCli/settings.json` on macOS and
 * `C:\ProgramData\gemini-cli\settings.json` on Windows (settings.ts:104-125). An administrator
 * who turns folder trust off there makes Gemini load every workspace's `.gemini/settings.json`.
 */
describe('gemini-cli: folder trust turned off in the macOS / Windows system settings', () => {
  const cases: { platform: Platform; system: string }[] = [
    { platform: 'darwin', system: '_system/Library/Application Support/GeminiCli/settings.json' },
    { platform: 'win32', system: '_system/ProgramData/gemini-cli/settings.json' },
  ];
  for (const { platform, system } of cases) {
    it(`${platform}: the workspace entry is launched`, async () => {
      const home = await materializeHome({
        [system]: JSON.stringify({ security: { folderTrust: { enabled: false } } }),
        'work/app/.gemini/settings.json': JSON.stringify({ mcpServers: { ws: { command: 'npx', args: ['-y', '@m/ws'] } } }),
      });
      const d = await discover({ root: home, platform, hosts: [geminiCli], projects: [path.join(home, 'work/app')] }, testEnv('linux'));
      const ws = d.entries.find((e) => e.name === 'ws');
      assert.ok(d.locations.some((l) => l.path === path.join(home, system) && l.status === 'found'), JSON.stringify(d.locations.map((l) => l.path)));
      assert.equal(ws?.state, 'launched', ws?.disabledBy);
    });
  }

  it('linux, folder trust turned on in the user settings and no trust rule: the workspace entry is disabled', async () => {
    const home = await materializeHome({
      '.gemini/settings.json': JSON.stringify({ security: { folderTrust: { enabled: true } } }),
      'work/app/.gemini/settings.json': JSON.stringify({ mcpServers: { ws: { command: 'npx', args: ['-y', '@m/ws'] } } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli], projects: [path.join(home, 'work/app')] }, testEnv('linux'));
    assert.equal(d.entries.find((e) => e.name === 'ws')?.state, 'disabled');
  });

  it('linux, folder trust set nowhere and no trust rule: releases before 0.29.0 default it off, so the entry stays launched with a doubt', async () => {
    const home = await materializeHome({
      'work/app/.gemini/settings.json': JSON.stringify({ mcpServers: { ws: { command: 'npx', args: ['-y', '@m/ws'] } } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli], projects: [path.join(home, 'work/app')] }, testEnv('linux'));
    const ws = d.entries.find((e) => e.name === 'ws');
    assert.equal(ws?.state, 'launched', ws?.disabledBy);
    assert.ok(ws?.launchDoubts?.some((x) => x.reason.includes('0.29.0')), JSON.stringify(ws?.launchDoubts));
  });

  it('darwin: mcp.excluded in the macOS system settings turns the user entry off (not counted as launched)', async () => {
    const home = await materializeHome({
      '_system/Library/Application Support/GeminiCli/settings.json': JSON.stringify({ mcp: { excluded: ['gone'] } }),
      '.gemini/settings.json': JSON.stringify({ mcpServers: { gone: { command: 'npx', args: ['-y', '@m/gone'] }, kept: { command: 'npx', args: ['-y', '@m/kept'] } } }),
    });
    const d = await discover({ root: home, platform: 'darwin', hosts: [geminiCli] }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.name, e.state]).sort(), [['gone', 'disabled'], ['kept', 'launched']]);
  });
});
