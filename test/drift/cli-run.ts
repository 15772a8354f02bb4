/** Spawns the real CLI from dist on snapshot files written to a temporary directory (drift tests only). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './helpers.js';

const BIN = path.join(REPO, 'dist', 'src', 'cli', 'bin.cjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-drift-'));
let n = 0;

/** Writes `value` as JSON and returns the path. */
export function file(value: unknown): string {
  const f = path.join(tmp, `s${n++}.json`);
  writeFileSync(f, JSON.stringify(value));
  return f;
}

export function mcpAudit(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
