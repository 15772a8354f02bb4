import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * STYLE.md §10: comments and `source` fields cite primary sources a maintainer can open
 * (`owner/repo@commit:path`, a docs URL, a spec section). The project's reference notes
 * (hosts.md, pinning-systems.md, drift-taxonomy.md) are not shipped, so a citation of them points
 * nowhere; a review round (`red7`) belongs in a commit message. This test reads every file under
 * src/, test/ and fixtures/ and fails on either, naming the file and line.
 */
const ROOTS = ['src', 'test', 'fixtures'];
const REFERENCE = /\b(?:hosts|pinning-systems|drift-taxonomy)\.md\b/;
const REVIEW_ROUND = /\bred\d+\b/i;
/** A project issue number (`issue 25`): it belongs in a commit message; upstream issues are written `owner/repo#N`. */
const PROJECT_ISSUE = /\bissue #?\d+\b/i;
const THIS_FILE = path.join('test', 'architecture', 'primary-citations.test.ts');


/** Every file under `dir`, relative to the repository root, skipping git-ignored build output. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (n === 'node_modules') return [];
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function hits(pattern: RegExp, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const f of ROOTS.flatMap(files)) {
    if (f === THIS_FILE || skip.has(f.split(path.sep).join('/'))) continue;
    const lines = readFileSync(f, 'latin1').split('\n');
    lines.forEach((line, i) => {
      const m = pattern.exec(line);
      if (m !== null) out.push(`${f}:${i + 1}: ${m[0]}`);
    });
  }
  return out;
}

test('no file under src/, test/ or fixtures/ cites the unshipped reference notes', () => {
  assert.deepEqual(hits(REFERENCE, new Set()), []);
});

test('no file under src/, test/ or fixtures/ cites a review round (redN)', () => {
  assert.deepEqual(hits(REVIEW_ROUND, new Set()), []);
});

test('no file under src/, test/ or fixtures/ cites a project issue number', () => {
  assert.deepEqual(hits(PROJECT_ISSUE, new Set()), []);
});

test('no file is named after a review round', () => {
  const named = ROOTS.flatMap(files).filter((f) => REVIEW_ROUND.test(path.basename(f)));
  assert.deepEqual(named, []);
});

test('the checks see what they look for (they would flag a citation)', () => {
  assert.ok(REFERENCE.test("source: 'hosts.md row 20'") && REFERENCE.test('(pinning-systems.md §1.11)') && REFERENCE.test('drift-taxonomy.md §13.2'));
  assert.ok(REVIEW_ROUND.test('Red team red13 on 478401d') && REVIEW_ROUND.test("describe('x (red9)'"));
  assert.ok(PROJECT_ISSUE.test('(issue 29)') && PROJECT_ISSUE.test('Issue 11, "x"') && !PROJECT_ISSUE.test('openai/codex#37616'));
  assert.ok(!REVIEW_ROUND.test('shared/') && !REVIEW_ROUND.test('rendered') && !REVIEW_ROUND.test('colored1'));
});
