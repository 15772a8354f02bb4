import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fixtureHome } from '../hosts/helpers.js';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from './commands/cli-harness.js';

/**
 * Found by review, noticed beside its brief (not caused by the four speed-ups; 21c91b6 does the
 * same): started in a folder deleted under the shell (`rm -rf` of the project the terminal sits
 * in), the CLI dies at load with an uncaught ENOENT uv_cwd from the bundled yargs
 * (`mainFilename || process.cwd()`), exit 1, which reads as "policy violated". Now: one line, exit 2.
 */
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

describe('started in a deleted working folder', () => {
  let dir = '';
  after(() => { if (dir !== '') rmSync(dir, { recursive: true, force: true }); });

  const inDeleted = (args: readonly string[]) => {
    const gone = path.join(dir, 'gone');
    mkdirSync(gone);
    const cmd = `cd ${quote(gone)} && rmdir ${quote(gone)} && exec ${quote(process.execPath)} ${[BIN, ...args].map(quote).join(' ')}`;
    return spawnSync('sh', ['-c', cmd], { encoding: 'utf8', cwd: dir });
  };

  it('--version and scan --root exit 2 with one line, no uncaught error (paths resolve against the working folder)', async () => {
    dir = await tempDir('mcp-audit-cwd');
    for (const args of [['--version'], ['scan', '--root', fixtureHome('linux'), '--format', 'json']]) {
      const r = inDeleted(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /uv_cwd|\n\s+at /, r.stderr);
      assert.match(r.stderr, /^mcp-audit: the current folder cannot be read \(ENOENT: deleted\?\); run from an existing folder\n$/);
      assert.equal(r.stdout, '');
    }
  });
});
