import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { checkFile, newFileCache, type FileCheck } from '../../src/discover/check-file.js';
import type { HostDefinition, HostLocation } from '../../src/hosts/types.js';
import { RULES } from '../../src/rules/index.js';
import type { RuleMeta } from '../../src/rules/types.js';

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory for one rule test, removed when the file's tests end. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-rule-'));
  made.push(dir);
  return dir;
}

/** Writes `content` at `dir/rel` (creating folders) and returns the path. */
export function put(dir: string, rel: string, content: string | Buffer): string {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Checks one file as the host's first location (or the given one) would. */
export function check(host: HostDefinition, file: string, location: HostLocation = host.locations[0] ?? { scope: 'user', path: file, source: 'test' }): Promise<FileCheck> {
  return checkFile(host, location, file, newFileCache(), {});
}

/** The rule is registered once and documented. */
export function assertCatalogued(rule: RuleMeta): void {
  assert.equal(RULES.filter((r) => r.id === rule.id).length, 1);
  for (const text of [rule.docs.meaning, rule.docs.whyItMatters, rule.docs.howToFix, rule.docs.example]) assert.ok(text.length > 10, rule.id);
  assert.equal(rule.grade, 'unverifiable');
}

export const ids = (c: FileCheck): string[] => c.findings.map((f) => f.id);
