import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import { listedProjects } from '../../src/discover/projects.js';
import { parseJsonc } from '../../src/parse/jsonc.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Found by review guards for three shortcuts that held up: a listed root with no directory entry
 * recorded absent without a check each (c4d4350), Codex trust looked up only for a file with
 * entries (a46f99e), listedProjects memoised per document, key path and context (4bbe156).
 * Each case was also compared with the build before them (21c91b6): same locations and entries.
 */
const homes: string[] = [];
after(() => { for (const h of homes) rmSync(h, { recursive: true, force: true }); });

function home(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-')));
  homes.push(dir);
  return dir;
}

const server = (name: string): string => JSON.stringify({ mcpServers: { [name]: { command: 'npx', args: ['-y', name] } } });
const names = (d: Discovery): string[] => d.entries.map((e) => `${e.name}${e.disabled ? ' (disabled)' : ''}`).sort();

describe('a listed project root with no directory entry: recorded paths of every shape', () => {
  it('a root reached through `..`, a trailing slash, a link, or a Windows path under --root is still read', async () => {
    const dir = home();
    mkdirSync(path.join(dir, 'work', 'live'), { recursive: true });
    mkdirSync(path.join(dir, 'real', 'target'), { recursive: true });
    mkdirSync(path.join(dir, 'work', 'win'), { recursive: true });
    writeFileSync(path.join(dir, 'work', 'live', '.mcp.json'), server('live'));
    writeFileSync(path.join(dir, 'real', 'target', '.mcp.json'), server('linked'));
    writeFileSync(path.join(dir, 'work', 'win', '.mcp.json'), server('win'));
    symlinkSync(path.join(dir, 'real', 'target'), path.join(dir, 'work', 'link'));
    const recorded = [
      path.join(dir, 'work', 'gone') + '/../live', `${path.join(dir, 'work', 'gone', 'sub')}/../../live/`,
      `${path.join(dir, 'work', 'link')}/`, 'C:\\Users\\me\\work\\win', 'C:\\Users\\me\\work\\gone',
    ];
    writeFileSync(path.join(dir, '.claude.json'), JSON.stringify({ projects: Object.fromEntries(recorded.map((p) => [p, {}])) }));
    const d = await discover({ root: dir }, testEnv('linux'));
    assert.deepEqual(names(d), ['linked', 'live', 'win']);
    const gone = d.locations.filter((l) => l.project === path.join(dir, 'work', 'gone'));
    assert.ok(gone.length > 20 && gone.every((l) => l.status === 'absent'), 'the Windows path to a deleted folder: every location absent');
  });

  it('a root that is a symlink loop is no missing folder: its files are errors (config-symlink-loop), not absent', async () => {
    const dir = home();
    const a = path.join(dir, 'loop-a');
    symlinkSync(path.join(dir, 'loop-b'), a);
    symlinkSync(a, path.join(dir, 'loop-b'));
    writeFileSync(path.join(dir, '.claude.json'), JSON.stringify({ projects: { [a]: {} } }));
    const d = await discover({ root: dir }, testEnv('linux'));
    const mine = d.locations.filter((l) => l.project === a && l.pattern === undefined);
    assert.ok(mine.length > 20 && mine.every((l) => l.status === 'error'), mine.map((l) => l.status).join(','));
    assert.ok(d.findings.some((f) => f.id === 'config-symlink-loop'));
  });
});

describe('Codex project trust, looked up only for a file with entries', () => {
  it('untrusted entries are disabled, a folder under a trusted .git root is trusted, an empty untrusted file is recorded', async () => {
    const dir = home();
    const at = (...p: string[]): string => path.join(dir, ...p);
    for (const d of [['.codex'], ['repo', '.git'], ['repo', 'sub', '.codex'], ['bad', '.codex'], ['quiet', '.codex']]) mkdirSync(at(...d), { recursive: true });
    writeFileSync(at('.codex', 'config.toml'), [
      `[projects."${at('repo')}"]`, 'trust_level = "trusted"', `[projects."${at('bad')}"]`, 'trust_level = "untrusted"',
      `[projects."${at('quiet')}"]`, 'trust_level = "untrusted"', '',
    ].join('\n'));
    writeFileSync(at('repo', 'sub', '.codex', 'config.toml'), '[mcp_servers.sub]\ncommand = "npx"\n');
    writeFileSync(at('bad', '.codex', 'config.toml'), '[mcp_servers.bad]\ncommand = "npx"\n');
    writeFileSync(at('quiet', '.codex', 'config.toml'), 'model = "o3"\n');
    const d = await discover({ root: dir }, testEnv('linux', { cwd: at('repo', 'sub') }));
    assert.deepEqual(names(d), ['bad (disabled)', 'sub']);
    const quiet = d.locations.find((l) => l.path === at('quiet', '.codex', 'config.toml'));
    assert.equal(quiet?.status, 'found');
    assert.equal(quiet.entries, 0);
  });
});

describe('listedProjects on one document', () => {
  const parsed = parseJsonc(JSON.stringify({ projects: { '/home/u/a': {} }, other: { '/home/u/b': {} } }), { strict: true });
  assert.ok(parsed.ok);
  const doc = parsed.value;

  it('two key paths give their own lists', () => {
    const ctx = { platform: 'linux' as const, home: '/h1', auditRoot: true };
    assert.deepEqual(listedProjects(doc, ['projects'], ctx).map((p) => p.dir), ['/h1/a']);
    assert.deepEqual(listedProjects(doc, ['other'], ctx).map((p) => p.dir), ['/h1/b']);
    assert.deepEqual(listedProjects(doc, ['projects'], ctx).map((p) => p.dir), ['/h1/a']);
  });

  it('two contexts (another --root home) give their own mapping', () => {
    const one = { platform: 'linux' as const, home: '/h1', auditRoot: true };
    const two = { platform: 'linux' as const, home: '/h2', auditRoot: true };
    assert.deepEqual(listedProjects(doc, ['projects'], one).map((p) => p.dir), ['/h1/a']);
    assert.deepEqual(listedProjects(doc, ['projects'], two).map((p) => p.dir), ['/h2/a']);
    assert.deepEqual(listedProjects(doc, ['projects'], { ...one, auditRoot: false }).map((p) => p.dir), ['/home/u/a']);
  });
});
