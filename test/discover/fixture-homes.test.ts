import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import { HOSTS } from '../../src/hosts/index.js';
import type { Platform } from '../../src/shared/env.js';
import { fixtureHome, testEnv } from '../hosts/helpers.js';

/**
 * One table-driven test over every host (STYLE §3): each fixture home holds real-world config
 * shapes for every host on that OS, and expected.json lists exactly the entries a host would read.
 */
interface Expected {
  readonly host: string;
  readonly scope: string;
  readonly name: string;
  readonly transport: string;
  readonly state: string;
  readonly file: string;
}

function isExpected(v: unknown): v is Expected {
  return typeof v === 'object' && v !== null && 'host' in v && typeof v.host === 'string' && 'name' in v && typeof v.name === 'string'
    && 'scope' in v && 'transport' in v && 'state' in v && typeof v.state === 'string' && 'file' in v && typeof v.file === 'string';
}

function loadExpected(home: string): Expected[] {
  const parsed: unknown = JSON.parse(readFileSync(path.join(home, 'expected.json'), 'utf8'));
  const entries = typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries) ? parsed.entries : [];
  return entries.filter(isExpected);
}

const key = (e: Expected): string => `${e.scope} ${e.name} ${e.transport} ${e.state} ${e.file}`;

const LAYOUTS: readonly { readonly dir: string; readonly platform: Platform }[] = [
  { dir: 'linux', platform: 'linux' },
  { dir: 'macos', platform: 'darwin' },
  { dir: 'windows', platform: 'win32' },
];

for (const layout of LAYOUTS) {
  describe(`fixture home: ${layout.dir}`, () => {
    const home = fixtureHome(layout.dir);
    const expected = loadExpected(home);
    let result: Discovery | undefined;
    const run = async (): Promise<Discovery> => {
      result ??= await discover({ root: home, platform: layout.platform }, testEnv(layout.platform));
      return result;
    };

    for (const host of HOSTS) {
      it(`${host.id}: finds exactly the expected entries, each launched, disabled, blocked by policy, shadowed or internal`, async () => {
        const d = await run();
        const want = expected.filter((e) => e.host === host.id).map(key).sort();
        assert.ok(want.length > 0, `fixture ${layout.dir} has no entries for ${host.id}`);
        const got = d.entries.filter((e) => e.host === host.id).map((e) => key({
          host: e.host, scope: e.scope, name: e.name, transport: e.transport, state: e.state ?? 'unset',
          file: path.relative(home, e.configPath).split(path.sep).join('/'),
        })).sort();
        assert.deepEqual(got, want);
      });
    }

    it('reports no findings and no errors on a clean home', async () => {
      const d = await run();
      assert.deepEqual(d.findings.map((f) => f.message), []);
      assert.deepEqual(d.locations.filter((l) => l.status === 'error'), []);
    });

    it('records the home source and that project scanning was on', async () => {
      const d = await run();
      assert.equal(d.home.source, 'root-flag');
      assert.equal(d.home.path, home);
      assert.equal(d.projectScan, true);
      // The one thing the audit cannot follow: a workspace index entry on a vscode-remote:// folder.
      assert.equal(d.countIsFloor, true);
      assert.deepEqual(d.floorCauses.map((c) => [c.kind, /records a vscode-remote folder/.test(c.detail)]), [['not-followed', true]]);
      assert.ok(d.projectRoots.some((r) => r.path === path.join(home, 'src', 'webapp') && r.sources.includes('listed:claude-code')));
      assert.ok(d.projectRoots.some((r) => r.path === path.join(home, 'src', 'api') && r.sources.includes('listed:codex')));
      assert.ok(d.projectRoots.some((r) => r.path === path.join(home, 'src', 'tools') && r.sources.includes('listed:vscode')));
      assert.ok(!d.projectRoots.some((r) => r.path.includes('remote-only')), 'a vscode-remote:// folder is not local');
    });

    it('every entry has a located origin inside its config file', async () => {
      const d = await run();
      for (const e of d.entries) {
        assert.equal(e.origin.file, e.configPath);
        assert.ok(e.origin.line >= 1 && e.origin.column >= 1, `${e.host}/${e.name}`);
        assert.ok(e.origin.pointer.startsWith('/'), `${e.host}/${e.name}: ${e.origin.pointer}`);
      }
    });
  });
}
