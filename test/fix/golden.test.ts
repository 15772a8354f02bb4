import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { audit } from '../../src/grade/audit.js';
import { processEnv } from '../../src/shared/env.js';
import { BACKUP_SUFFIX } from '../../src/fix/write.js';
import { runCli } from '../cli/commands/cli-harness.js';
import { tempDir } from '../helpers/materialize.js';

/**
 * Golden before/after files per format and per fix kind: fixtures/fix/<case>/{case.json,
 * before.<ext>, after.<ext>}. The real CLI (in-process run()) edits the real file in a temp home
 * with --apply; the result must equal after.<ext> byte for byte (UPDATE_GOLDEN=1 rewrites it, to be
 * reviewed), the backup must hold the before bytes, the finding must be gone on re-audit, and a
 * second --apply must change nothing.
 */
const DIR = path.resolve('fixtures/fix');

interface Case { description: string; file: string; command: string[]; server: string; gone: string[] }

const cases = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

function load(name: string): { c: Case; before: string; ext: string } {
  const raw: unknown = JSON.parse(readFileSync(path.join(DIR, name, 'case.json'), 'utf8'));
  const c = raw as Case;
  const file = readdirSync(path.join(DIR, name)).find((f) => f.startsWith('before.'));
  assert.ok(file !== undefined, `${name}: before.* missing`);
  return { c, before: readFileSync(path.join(DIR, name, file), 'utf8'), ext: file.slice('before.'.length) };
}

test('every format has a golden case for every fix kind', () => {
  const kinds = new Set(cases.map((c) => c.replace(/-(json|jsonc|toml|yaml)$/, '')));
  for (const k of kinds) for (const f of ['json', 'jsonc', 'toml', 'yaml']) assert.ok(cases.includes(`${k}-${f}`), `${k}-${f} missing`);
  assert.ok(kinds.size >= 6, 'planted store, env override, non-blocking mode, runner option, wrap, unwrap');
});

for (const name of cases) {
  test(`golden: ${name}`, async () => {
    const { c, before, ext } = load(name);
    const home = await tempDir('mcp-audit-fix');
    const file = path.join(home, c.file);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, before);
    const base = ['--root', home, '--platform', 'linux', '--no-project-scan'];

    const preview = await runCli([...c.command, ...base]);
    assert.equal(preview.stderr, '');
    assert.match(preview.stdout, /^--- a\//m, 'a preview prints a unified diff');
    assert.equal(await fs.readFile(file, 'utf8'), before, 'a preview changes nothing');

    const applied = await runCli([...c.command, ...base, '--apply']);
    assert.equal(applied.stderr, '');
    const after = await fs.readFile(file, 'utf8');
    const golden = path.join(DIR, name, `after.${ext}`);
    if (process.env.UPDATE_GOLDEN === '1') await fs.writeFile(golden, after);
    assert.equal(after, readFileSync(golden, 'utf8'), `${name}: edited file differs from after.${ext}`);
    assert.notEqual(after, before);
    assert.equal(await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8'), before, 'the backup holds the replaced bytes');
    assert.match(applied.stdout, /Coverage: .* -> /);

    const again = await audit({ root: home, platform: 'linux', projectScan: false }, processEnv());
    const rows = again.rows.filter((r) => r.name === c.server);
    assert.ok(rows.length > 0, 'the entry is still found');
    for (const id of c.gone) assert.ok(rows.every((r) => !r.findings.some((f) => f.id === id)), `${id} still fires after the edit`);
    if (c.command[0] === 'wrap') assert.ok(rows.every((r) => r.proxy?.id === 'mcpindex-gate'));
    if (c.command[0] === 'unwrap') assert.ok(rows.every((r) => r.proxy === null));

    await runCli([...c.command, ...base, '--apply']);
    assert.equal(await fs.readFile(file, 'utf8'), after, 'a second --apply changes nothing');
  });
}
