import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { codex } from '../../src/hosts/codex.js';

/**
 * Class: project trust keyed on the project root. Codex decides trust for a
 * project layer's directory by its own key, then the project root's key (nearest ancestor with a
 * `.git`, the default `project_root_markers`), then the repo root's (openai/codex@12883137
 * codex-rs/config/src/loader/mod.rs `ProjectTrustContext::decision_for_dir`, `find_project_root`,
 * `default_project_root_markers`). A `.codex/config.toml` in a sub-directory of a trusted repo is
 * therefore loaded although the sub-directory itself is not listed in `[projects]`.
 */
describe('codex: trust of a project layer falls back to the project root', () => {
  const spec = {
    '.codex/config.toml': '[projects."@HOME@/work/repo"]\ntrust_level = "trusted"\n\n[projects."@HOME@/work/repo/deny"]\ntrust_level = "untrusted"\n',
    'work/repo/.git/HEAD': 'ref: refs/heads/main\n',
    'work/repo/sub/.codex/config.toml': '[mcp_servers.subsrv]\ncommand = "npx"\nargs = ["-y", "@m/sub"]\n',
    'work/repo/deny/.codex/config.toml': '[mcp_servers.denied]\ncommand = "npx"\nargs = ["-y", "@m/denied"]\n',
    'work/loose/sub/.codex/config.toml': '[mcp_servers.loose]\ncommand = "npx"\nargs = ["-y", "@m/loose"]\n',
  };
  const run = async (cwd: string): Promise<{ home: string; state: (name: string) => string | undefined }> => {
    const home = await materializeHome(spec);
    const d = await discover({ root: home, platform: 'linux', hosts: [codex] }, testEnv('linux', { cwd: path.join(home, cwd) }));
    return { home, state: (name) => d.entries.find((e) => e.name === name)?.state };
  };

  it('a sub-directory of a trusted repository: its .codex/config.toml is launched', async () => {
    const { state } = await run('work/repo/sub');
    assert.equal(state('subsrv'), 'launched');
  });

  it('the directory\'s own key is looked up first: listed untrusted stays disabled inside a trusted repository', async () => {
    const { state } = await run('work/repo/deny');
    assert.equal(state('denied'), 'disabled');
  });

  it('no listed directory, project root or repo root: disabled', async () => {
    const { state } = await run('work/loose/sub');
    assert.equal(state('loose'), 'disabled');
  });
});
