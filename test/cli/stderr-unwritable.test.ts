import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, it } from 'node:test';
import { BIN } from './commands/cli-run.js';
import { fixtureHome } from '../hosts/helpers.js';

/**
 * Found by review (bin, changes 1-3 rechecked; the baseline build 4fd882c does the same): standard
 * error open on a full device (/dev/full: every write fails with ENOSPC). main()'s handler for
 * stderr errors rethrows any code but EPIPE, so the first stderr line becomes an uncaught
 * exception: Node exits 1 (the code for "policy violated") after a usage error, which must be 2,
 * and a scan's JSON report on a pipe is cut short while the exit code
 * still reads as an ordinary policy violation. A consumer of the report cannot tell.
 */
function runWithFullStderr(args: readonly string[]): Promise<{ code: number | null; stdout: string }> {
  const full = openSync('/dev/full', 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', full] });
    closeSync(full);
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => { stdout += d.toString('utf8'); });
    child.on('error', reject);
    child.on('close', (code) => { resolve({ code, stdout }); });
  });
}

describe('standard error on a full device', { skip: !existsSync('/dev/full') && 'needs /dev/full' }, () => {
  it('a usage error still exits 2, not 1 (the policy-violated code)', async () => {
    const r = await runWithFullStderr(['scan', '--bogus-flag']);
    assert.equal(r.code, 2);
  });

  it('a JSON scan to a pipe writes its whole report (or exits 2), never a cut report with exit 1', async () => {
    const r = await runWithFullStderr(['scan', '--root', fixtureHome('linux'), '--format', 'json']);
    let whole = true;
    try {
      JSON.parse(r.stdout);
    } catch {
      whole = false;
    }
    assert.ok(whole || r.code === 2, `exit ${String(r.code)} with ${r.stdout.length} bytes of a report that does not parse`);
  });
});
