import assert from 'node:assert/strict';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import type { Env } from '../../src/shared/env.js';
import { materializeHome, type HomeSpec } from '../helpers/materialize.js';
import { REPO } from '../hosts/helpers.js';

/**
 * macOS extended ACLs (chmod +a) do not show in the mode bits and are not read: a row that inspects a
 * store on a Mac states that assumption; on Linux (POSIX ACL entries show in the group bits as the
 * mask) it does not. The real reader and grader, on the mcp-pin control case's home and entry.
 */
const CASE = JSON.parse(readFileSync(path.join(REPO, 'fixtures', 'grade', 'mcp-pin-legacy-pins-json.json'), 'utf8')) as {
  entry: Record<string, unknown>; home: HomeSpec; config: { file: string; key: string };
};

async function rowOn(platform: 'linux' | 'darwin'): Promise<{ grade: string; assumptions: readonly string[] }> {
  const home = await materializeHome(CASE.home);
  const { name, ...body } = CASE.entry;
  const file = path.join(home, CASE.config.file);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify({ [CASE.config.key]: { [String(name)]: body } }).split('@HOME@').join(home));
  const env: Env = { platform, vars: {}, cwd: '/', uid: typeof process.getuid === 'function' ? process.getuid() : undefined, now: () => new Date('2026-11-29T00:00:00Z') };
  const result = await audit({ root: home, platform: 'linux' }, env);
  const row = result.rows.find((r) => r.name === name);
  assert.ok(row !== undefined, 'the entry is listed');
  return { grade: row.grade, assumptions: row.assumptions };
}

describe('macOS extended ACLs are an assumption, not a proof', () => {
  it('files on a Mac: the row states that ACLs were not read', async () => {
    const row = await rowOn('darwin');
    assert.ok(row.assumptions.some((a) => /macOS extended ACL/.test(a)), row.assumptions.join(' | '));
  });
  it('files on Linux: no such assumption, and the control stays enforcing', async () => {
    const row = await rowOn('linux');
    assert.equal(row.grade, 'enforcing');
    assert.ok(!row.assumptions.some((a) => /macOS extended ACL/.test(a)));
  });
});
