import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../hosts/helpers.js';

const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
/** Repository paths as the README writes them: under a top-level folder, or a top-level file. */
const REPO_PATH = /^(?:(?:src|schemas|fixtures|test|\.ci)\/[\w./-]*|LICENSE|package\.json|tsconfig\.json|\.npmrc|\.pre-commit-hooks\.yaml)$/;

const inside = (target: string): boolean => {
  const resolved = path.resolve(REPO, target);
  return resolved === REPO || resolved.startsWith(REPO + path.sep);
};

test('README links and repository paths resolve inside the repository', () => {
  const broken: string[] = [];
  for (const match of README.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (match[1] ?? '').split('#')[0] ?? '';
    if (/^[a-z]+:/i.test(target) || target === '') continue;
    if (!inside(target) || !existsSync(path.join(REPO, target))) broken.push(`link ${target}`);
  }
  for (const match of README.matchAll(/`([^`\s]+)`/g)) {
    const code = match[1] ?? '';
    if (code.startsWith('../')) broken.push(`outside the repository: ${code}`);
    else if (REPO_PATH.test(code) && !existsSync(path.join(REPO, code))) broken.push(`missing: ${code}`);
  }
  assert.deepEqual(broken, []);
});

test('the README path check sees repository paths (it would flag a missing one)', () => {
  assert.ok(REPO_PATH.test('schemas/report.schema.json') && existsSync(path.join(REPO, 'schemas/report.schema.json')));
  assert.ok(REPO_PATH.test('src/drift/kinds/') && README.includes('`src/drift/kinds/`'));
  assert.ok(!inside('../shared/notes/outside.md'));
});
