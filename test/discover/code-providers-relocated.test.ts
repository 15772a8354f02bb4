import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { vscode } from '../../src/hosts/vscode.js';

/**
 * VS Code takes its extensions folder from `--extensions-dir`, else VSCODE_EXTENSIONS, else
 * ~/.vscode/extensions (microsoft/vscode@44d7d537 src/vs/platform/environment/common/environmentService.ts
 * `extensionsPath`). An extension there that declares contributes.mcpServerDefinitionProviders
 * registers servers from code: each is a floor cause naming its manifest, wherever the folder moved.
 */
const provider = (id: string): string => JSON.stringify({
  name: id, publisher: 'acme', version: '1.0.0', contributes: { mcpServerDefinitionProviders: [{ id, label: id }] },
});

describe('vscode: extensions folder moved by VSCODE_EXTENSIONS and --extensions-dir', () => {
  it('a literal VSCODE_EXTENSIONS in a session file: the provider in that folder is a floor cause', async () => {
    const home = await materializeHome({ '.profile': 'export VSCODE_EXTENSIONS="$HOME/vsx"\n', 'vsx/acme.moved-1.0.0/package.json': provider('moved') });
    const d = await discover({ root: home, platform: 'linux', hosts: [vscode] }, testEnv('linux'));
    assert.ok(d.floorCauses.some((f) => f.kind === 'not-followed' && f.path?.endsWith('acme.moved-1.0.0/package.json') === true), JSON.stringify(d.floorCauses));
    assert.ok(d.floorCauses.some((f) => f.kind === 'host-variable-set' && f.variable === 'VSCODE_EXTENSIONS'));
  });

  it('an alias giving `code --extensions-dir DIR`: the provider in DIR is a floor cause', async () => {
    const home = await materializeHome({ '.bashrc': "alias code='code --extensions-dir ~/cli-ext'\n", 'cli-ext/acme.cli-1.0.0/package.json': provider('cli') });
    const d = await discover({ root: home, platform: 'linux', hosts: [vscode] }, testEnv('linux'));
    assert.ok(d.floorCauses.some((f) => f.kind === 'not-followed' && f.path?.endsWith('acme.cli-1.0.0/package.json') === true), JSON.stringify(d.floorCauses));
  });

  it('a value that cannot be read is a floor cause, and no folder is guessed', async () => {
    const home = await materializeHome({ '.profile': 'export VSCODE_EXTENSIONS="$(pick-dir)"\n', 'vsx/acme.moved-1.0.0/package.json': provider('moved') });
    const d = await discover({ root: home, platform: 'linux', hosts: [vscode] }, testEnv('linux'));
    assert.ok(d.floorCauses.some((f) => f.kind === 'host-variable-set' && f.variable === 'VSCODE_EXTENSIONS' && f.detail.includes('cannot be read')), JSON.stringify(d.floorCauses));
    assert.ok(!d.floorCauses.some((f) => f.path?.includes('acme.moved') === true));
  });

  it('control: the default folder alone, no session file', async () => {
    const home = await materializeHome({ '.vscode/extensions/acme.home-1.0.0/package.json': provider('home'), 'vsx/acme.moved-1.0.0/package.json': provider('moved') });
    const d = await discover({ root: home, platform: 'linux', hosts: [vscode] }, testEnv('linux'));
    const paths = d.floorCauses.map((f) => f.path ?? '');
    assert.ok(paths.some((p) => p.endsWith('acme.home-1.0.0/package.json')));
    assert.ok(!paths.some((p) => p.includes('acme.moved')));
  });
});
