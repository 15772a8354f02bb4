import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * A listed project folder with no directory entry (deleted since Claude Code opened it, or a
 * dangling link) has nothing below it: its locations are recorded absent without one call each
 * (discover.ts). The records must be the ones a file-by-file check makes, and a folder that does
 * exist (or is not a folder) must still be read.
 */
const homes: string[] = [];
after(() => { for (const h of homes) rmSync(h, { recursive: true, force: true }); });

function home(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-missing-root-')));
  homes.push(dir);
  return dir;
}

/** ~/.claude.json listing `projects` (absolute paths), nothing else configured. */
function listing(dir: string, projects: readonly string[]): void {
  writeFileSync(path.join(dir, '.claude.json'), JSON.stringify({ projects: Object.fromEntries(projects.map((p) => [p, { mcpServers: {} }])) }));
}

/** The locations checked for one project root, with the root written as <p>. */
function locationsOf(d: Discovery, root: string): string[] {
  return d.locations.filter((l) => l.project === root)
    .map((l) => JSON.stringify({ ...l, path: l.path.replace(root, '<p>'), project: '<p>', ...(l.pattern !== undefined ? { pattern: l.pattern.replace(root, '<p>') } : {}) }))
    .sort();
}

describe('a listed project root with no directory entry', () => {
  it('records the same absent locations as an existing empty root, and still reads a root that exists', async () => {
    const dir = home();
    const gone = path.join(dir, 'work', 'deleted');
    const empty = path.join(dir, 'work', 'empty');
    const live = path.join(dir, 'work', 'live');
    mkdirSync(empty, { recursive: true });
    mkdirSync(live, { recursive: true });
    writeFileSync(path.join(live, '.mcp.json'), JSON.stringify({ mcpServers: { here: { command: 'npx', args: ['-y', 'x'] } } }));
    listing(dir, [gone, empty, live]);
    const d = await discover({ root: dir }, testEnv('linux'));
    const missing = locationsOf(d, gone);
    assert.ok(missing.length > 20, `every project location is recorded (${missing.length})`);
    assert.deepEqual(missing, locationsOf(d, empty), 'the same records as a root that exists and holds nothing');
    assert.ok(d.locations.filter((l) => l.project === gone).every((l) => l.status === 'absent'));
    assert.ok(d.entries.some((e) => e.name === 'here' && e.project === live), 'the live project is still read');
  });

  it('a dangling link is no folder either; a root that is a file is checked as usual', async () => {
    const dir = home();
    const link = path.join(dir, 'work', 'link');
    const file = path.join(dir, 'work', 'file');
    const empty = path.join(dir, 'work', 'empty');
    mkdirSync(empty, { recursive: true });
    symlinkSync(path.join(dir, 'nowhere'), link);
    writeFileSync(file, 'not a folder');
    listing(dir, [link, file, empty]);
    const d = await discover({ root: dir }, testEnv('linux'));
    assert.deepEqual(locationsOf(d, link), locationsOf(d, empty));
    assert.deepEqual(locationsOf(d, file), locationsOf(d, empty));
  });
});
