import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BACKUP_SUFFIX } from '../../src/fix/backups.js';
import { recoverHeld } from '../../src/fix/held.js';
import { selfMark } from '../../src/fix/process-mark.js';
import { sweepStale } from '../../src/fix/temp-files.js';
import { materializeHome } from '../helpers/materialize.js';

/**
 * A config a writer set aside (held) while replacing it, on real files. The write path itself,
 * with a real second process saving at each point of it, is in concurrent.test.ts.
 */

const PLANTED = '{ "mcpServers": { "a": { "command": "npx", "args": ["-y", "x"] } } }\n';

test('a config a dead writer left set aside (held) is never removed as a temp file: put back at an empty path, else kept as the next backup; a live writer\'s is left alone', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': { content: PLANTED, mode: 0o600 } }, 'mcp-audit-held');
  const file = path.join(home, '.cursor', 'mcp.json');
  const dir = path.dirname(file);
  // Our own pid with another start mark: a writer that died (its pid since reused by this process).
  const dead = `.mcp.json.mcp-audit-${process.pid}-1-aaaaaaaaaaaa.held.tmp`;
  const live = `.mcp.json.mcp-audit-${process.pid}-${selfMark().start}-bbbbbbbbbbbb.held.tmp`;
  await fs.rename(file, path.join(dir, dead));
  await fs.writeFile(path.join(dir, live), 'a live writer holds this\n');
  assert.deepEqual(await sweepStale(dir, process.getuid?.()), [], 'the temp-file sweep never removes a held config');
  assert.deepEqual(await recoverHeld(dir), [{ name: dead, as: 'mcp.json', putBack: true }]);
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED);
  // Again, with a file at the path meanwhile: the held one becomes a numbered backup, nothing is replaced.
  await fs.writeFile(path.join(dir, dead), 'the held original\n');
  assert.deepEqual(await recoverHeld(dir), [{ name: dead, as: `mcp.json${BACKUP_SUFFIX}`, putBack: false }]);
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED);
  assert.equal(await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8'), 'the held original\n');
  assert.deepEqual((await fs.readdir(dir)).sort(), [live, 'mcp.json', `mcp.json${BACKUP_SUFFIX}`]);
});
