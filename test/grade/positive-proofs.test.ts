import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import type { Env } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * STYLE.md §10: a proof is a positive fact ("X was read and is Y"). Every proven claim of every
 * grade case, through the real reader and grader, is checked against the shapes an absence takes
 * ("no Z was found", "named by path", "sets no variable", "none is …"): a line of that shape is
 * the lack of a known danger, which proves nothing.
 */
const ABSENCE: readonly RegExp[] = [
  /\bno (advisory|finding|launch doubt|frame|variable|program|switch|danger|flaw)\b/i,
  /\b(is|are|was|were) (not )?recorded\b.*\bno\b/i,
  /\bnamed by path\b/i,
  /\bsets no\b/i,
  /\bnone (is|was)\b/i,
  // An inventory is a positive record of everything a component reads, so "listed in none of the
  // inventories applied" is read off them; any other "none of" is an absence.
  /\bnone of\b(?! the inventories applied)/i,
  /\bnothing (is|was) (found|recorded)\b/i,
  /\bnot found\b/i,
  /\bno known\b/i,
];

const DIR = path.resolve('fixtures/grade');
const envFor = (): Env => ({
  platform: 'linux', vars: {}, cwd: '/', uid: typeof process.getuid === 'function' ? process.getuid() : undefined,
  now: () => new Date('2026-11-29T00:00:00Z'),
});

interface Case { entry: Record<string, unknown>; home?: HomeSpec; config?: { file: string; key: string }; configText?: string; projectScan?: boolean }

test('the absence patterns see an absence (the check can fail)', () => {
  for (const s of ['no advisory or documented flaw is recorded for x', '/opt/x is named by path', 'the entry sets no environment variable',
    'no frame resolves what it runs against the working directory', 'discovery recorded no launch doubt']) {
    assert.ok(ABSENCE.some((r) => r.test(s)), s);
  }
  assert.ok(!ABSENCE.some((r) => r.test('release 0.22.2 will run: the spec pins mcpindex-gate==0.22.2')));
});

test('every proven claim of every grade case states a fact that was read, never an absence', async () => {
  const bad: string[] = [];
  for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json')).sort()) {
    const c = JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Case;
    const home = await materializeHome(c.home ?? {});
    const sub = (s: string): string => s.split('@HOME@').join(home);
    const cfg = c.config ?? { file: '.cursor/mcp.json', key: 'mcpServers' };
    const { name, ...body } = c.entry;
    const { promises: fs } = await import('node:fs');
    await fs.mkdir(path.dirname(path.join(home, cfg.file)), { recursive: true });
    await fs.writeFile(path.join(home, cfg.file), sub(c.configText ?? JSON.stringify({ [cfg.key]: { [String(name)]: body } })));
    const result = await audit({ root: home, projectScan: c.projectScan === true }, envFor());
    for (const row of result.rows) {
      for (const claim of row.evidence) {
        if (!claim.proven) continue;
        for (const fact of claim.evidence) if (ABSENCE.some((r) => r.test(fact))) bad.push(`${f}: ${claim.claim}: ${fact}`);
      }
    }
  }
  assert.deepEqual([...new Set(bad.map((b) => b.replace(/^[^:]+: /, '')))].slice(0, 20), []);
});
