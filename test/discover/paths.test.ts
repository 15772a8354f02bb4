import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { expandBraces, expandTemplate, mapRecordedPath, resolvedDir, type PathContext } from '../../src/discover/paths.js';

const H = '/audit/home';
const ctx = (platform: PathContext['platform'], auditRoot = true): PathContext => ({ platform, home: H, auditRoot });

describe('expandTemplate', () => {
  it('maps <UD> per OS', () => {
    assert.equal(expandTemplate('<UD>/Code/User/mcp.json', ctx('darwin'))?.base, path.join(H, 'Library/Application Support/Code/User/mcp.json'));
    assert.equal(expandTemplate('<UD>/Code/User/mcp.json', ctx('linux'))?.base, path.join(H, '.config/Code/User/mcp.json'));
    assert.equal(expandTemplate('<UD>/Code/User/mcp.json', ctx('win32'))?.base, path.join(H, 'AppData/Roaming/Code/User/mcp.json'));
  });

  it('maps Windows folders below the home', () => {
    assert.equal(expandTemplate('%APPDATA%/Claude/x.json', ctx('win32'))?.base, path.join(H, 'AppData/Roaming/Claude/x.json'));
    assert.equal(expandTemplate('%LOCALAPPDATA%/crush/crush.json', ctx('win32'))?.base, path.join(H, 'AppData/Local/crush/crush.json'));
    assert.equal(expandTemplate('%USERPROFILE%/.cursor/mcp.json', ctx('win32'))?.base, path.join(H, '.cursor/mcp.json'));
  });

  it('maps system paths below <root>/_system when auditing a root, and leaves them real otherwise', () => {
    assert.equal(expandTemplate('/etc/codex/config.toml', ctx('linux'))?.base, path.join(H, '_system/etc/codex/config.toml'));
    assert.equal(expandTemplate('/Library/Application Support/ClaudeCode/managed-mcp.json', ctx('darwin'))?.base,
      path.join(H, '_system/Library/Application Support/ClaudeCode/managed-mcp.json'));
    assert.equal(expandTemplate('%PROGRAMDATA%/gemini-cli/settings.json', ctx('win32'))?.base, path.join(H, '_system/ProgramData/gemini-cli/settings.json'));
    assert.equal(expandTemplate('/etc/codex/config.toml', ctx('linux', false))?.base, '/etc/codex/config.toml');
  });

  it('splits a glob into its literal base and pattern', () => {
    const e = expandTemplate('~/.claude/plugins/{cache,repos}/**/.mcp.json', ctx('linux'));
    assert.equal(e?.base, path.join(H, '.claude/plugins'));
    assert.equal(e?.pattern, '{cache,repos}/**/.mcp.json');
  });

  it('expands to what path.join makes of the parts, the joins it skips included', () => {
    // Homes and segments on each side of the fast path (a home in normal form, segments that are names) and off it.
    const homes = ['/audit/home', '/', '/a b/c', '/audit/home/', '/audit//home', '/audit/./home', '/audit/../home', 'rel/home'];
    const rests = ['.cursor/mcp.json', 'Code - Insiders/User/mcp.json', '...x/y', '', 'a//b', 'a/./b', 'a/../b', '../x', 'a/', '.claude/plugins/{cache,repos}/**/.mcp.json', '.x/../**/*.json'];
    for (const home of homes) {
      for (const rest of rests) {
        const segs = rest.split('/');
        const globAt = segs.findIndex((seg) => /[*?{}[\]]/.test(seg));
        const base = path.join(home, ...(globAt < 0 ? segs : segs.slice(0, globAt)));
        const e = expandTemplate(`~/${rest}`, { platform: 'linux', home, auditRoot: true });
        assert.equal(e?.base, base, `${home} + ${rest}`);
        assert.equal(e.display, globAt < 0 ? base : path.join(base, segs.slice(globAt).join('/')), `${home} + ${rest}`);
      }
    }
  });

  it('needs a project for <project> templates', () => {
    assert.equal(expandTemplate('<project>/.mcp.json', ctx('linux')), undefined);
    assert.equal(expandTemplate('<project>/.mcp.json', ctx('linux'), '/p')?.base, '/p/.mcp.json');
  });
});

describe('mapRecordedPath', () => {
  it('rebases recorded home paths onto the audited root', () => {
    assert.equal(mapRecordedPath('/home/alice/src/app', ctx('linux')), path.join(H, 'src/app'));
    assert.equal(mapRecordedPath('/Users/alice/src/app', ctx('darwin')), path.join(H, 'src/app'));
    assert.equal(mapRecordedPath('C:\\Users\\alice\\src\\app', ctx('win32')), path.join(H, 'src/app'));
    assert.equal(mapRecordedPath('C:/Users/alice/src/app', ctx('win32')), path.join(H, 'src/app'));
    assert.equal(mapRecordedPath('/srv/repo', ctx('linux')), path.join(H, '_system/srv/repo'));
  });

  it('uses recorded paths as written outside --root, and ignores relative ones', () => {
    assert.equal(mapRecordedPath('/home/alice/src/app', ctx('linux', false)), '/home/alice/src/app');
    assert.equal(mapRecordedPath('relative/dir', ctx('linux', false)), undefined);
  });
});

/**
 * mapRecordedPath written plainly: the recorded path resolved first (kept as written when it lies
 * in the home), then each segment joined on its own (the reference for its shortcuts).
 */
function referenceMap(recorded: string, c: PathContext): string | undefined {
  if (!c.auditRoot) return path.isAbsolute(recorded) || path.win32.isAbsolute(recorded) ? recorded : undefined;
  const home = path.resolve(c.home);
  if (path.isAbsolute(recorded) && (path.resolve(recorded) === home || path.resolve(recorded).startsWith(home === '/' ? '/' : `${home}/`))) return recorded;
  const unified = path.posix.normalize(recorded.replace(/\\/g, '/').replace(/^[A-Za-z]:(?=\/)/, ''));
  if (!unified.startsWith('/')) return undefined;
  const inHome = /^\/(?:(?:home|Users)\/[^/]+|root)(\/[\s\S]*)?$/i.exec(unified);
  if (inHome !== null) return path.join(c.home, ...(inHome[1] ?? '').split('/').filter((s) => s !== ''));
  return path.join(c.home, '_system', ...unified.split('/').filter((s) => s !== ''));
}

describe('recorded folders: the shortcuts give what path.join and path.resolve give', () => {
  const segs = ['', 'home', 'Users', 'root', 'alice', 'x', '..', '.', '...', '.x', 'é', 'a b', 'C:', '\\', 'work', 'p\u2028', 'q\n', '\r'];
  let seed = 11;
  const next = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  const randomPath = (): string => {
    const sep = next() % 4 === 0 ? '\\' : '/';
    const body = Array.from({ length: next() % 7 }, () => segs[next() % segs.length] ?? '').join(sep);
    return `${next() % 5 === 0 ? 'C:' : ''}${next() % 6 === 0 ? '' : sep}${body}${next() % 3 === 0 ? '/' : ''}`;
  };

  it('mapRecordedPath equals the segment-by-segment join for 60,000 random recorded paths and five homes', () => {
    for (const home of ['/audit/home', '/audit/home/', '/', '/audit//home/./x', '/audit/home/..']) {
      for (let i = 0; i < 12_000; i++) {
        const recorded = randomPath();
        const c: PathContext = { platform: 'linux', home, auditRoot: true };
        const mapped = mapRecordedPath(recorded, c);
        assert.equal(mapped, referenceMap(recorded, c), `${JSON.stringify(recorded)} under ${home}`);
        // Wherever it was recorded, a mapped folder lies in the audited tree.
        const inRoot = path.resolve(home);
        if (mapped !== undefined) assert.ok(path.resolve(mapped) === inRoot || path.resolve(mapped).startsWith(inRoot === '/' ? '/' : `${inRoot}/`), `${JSON.stringify(recorded)} -> ${mapped}`);
        // The home's own path with `..` after it: kept only while it stays in.
        const own = `${home.replace(/\/+$/, '')}/${recorded.replace(/^[A-Za-z]:/, '').replace(/^[\\/]+/, '')}`;
        const ownMapped = mapRecordedPath(own, c);
        if (ownMapped !== undefined) assert.ok(path.resolve(ownMapped) === inRoot || path.resolve(ownMapped).startsWith(inRoot === '/' ? '/' : `${inRoot}/`), `${JSON.stringify(own)} -> ${ownMapped}`);
      }
    }
  });

  it('resolvedDir equals path.resolve for 30,000 random folders, relative ones included', () => {
    for (let i = 0; i < 30_000; i++) {
      const p = randomPath().replace(/^C:/, '');
      assert.equal(resolvedDir(p), path.resolve(p), JSON.stringify(p));
    }
  });
});

describe('expandBraces', () => {
  it('expands every brace group into plain alternatives', () => {
    assert.deepEqual(expandBraces('~/a/{x,y}/b/{1,2}.json'), ['~/a/x/b/1.json', '~/a/x/b/2.json', '~/a/y/b/1.json', '~/a/y/b/2.json']);
    assert.deepEqual(expandBraces('~/plain.json'), ['~/plain.json']);
    assert.deepEqual(expandBraces('<UD>/{Code,Code - Insiders}/User/mcp.json'), ['<UD>/Code/User/mcp.json', '<UD>/Code - Insiders/User/mcp.json']);
  });
});
