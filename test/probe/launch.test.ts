import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { groupAlive, groupMembers, launchGroup, liveGroups, mergeEnv } from '../../src/probe/launch.js';
import { fixture, processAlive, processesWith, SERVERS, sleep } from './support.js';

const LAUNCH_MODULE = pathToFileURL(join(SERVERS, '..', '..', 'src', 'probe', 'launch.js')).href;

/** A parent process that launches the grandchild fixture, reports its ids, then ends as `how` says. */
function orphanScript(marker: string, how: 'exit' | 'sigterm'): string {
  return `
    import { launchGroup } from ${JSON.stringify(LAUNCH_MODULE)};
    const group = launchGroup({ program: process.execPath, args: [${JSON.stringify(join(SERVERS, 'hostile.js'))}, 'grandchild', ${JSON.stringify(marker)}] });
    group.child.stderr.once('data', (data) => {
      const grandchild = Number(/grandchild (\\d+)/.exec(String(data))?.[1]);
      process.stdout.write(JSON.stringify({ pgid: group.pgid, grandchild }) + '\\n', () => {
        if (${JSON.stringify(how)} === 'exit') process.exit(0); else process.kill(process.pid, 'SIGTERM');
      });
    });`;
}

function runParent(script: string): Promise<{ readonly stdout: string; readonly signal: string | null }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 5_000 }, (error, stdout) => {
      resolve({ stdout, signal: error !== null && 'signal' in error && typeof error.signal === 'string' ? error.signal : null });
    });
  });
}

async function eventually(check: () => boolean, ms = 1_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

describe('launchGroup', () => {
  it('merges env: entry values win, null deletes, undefined host values are dropped', () => {
    assert.deepEqual(
      mergeEnv({ PATH: '/bin', HOME: '/h', GONE: undefined, DROP: 'x' }, { HOME: '/other', DROP: null, NEW: 'v' }),
      { PATH: '/bin', HOME: '/other', NEW: 'v' });
  });

  it('puts the server in its own process group and stop() empties it', async () => {
    const target = fixture('hostile.js', 'grandchild');
    const group = launchGroup({ program: target.program, args: target.args });
    const line = await new Promise<string>((resolve) => group.child.stderr.once('data', (d: Buffer) => resolve(String(d))));
    const grandchild = Number(/grandchild (\d+)/.exec(line)?.[1]);
    assert.ok(group.pgid !== undefined && group.pgid !== process.pid);
    assert.deepEqual(liveGroups(), [group.pgid]);
    assert.equal(groupAlive(group.pgid), true);
    assert.deepEqual(groupMembers(group.pgid)?.sort(), [group.pgid, grandchild].sort());
    await group.stop({ graceful: false, graceMs: 300 });
    assert.equal(groupAlive(group.pgid), false);
    assert.equal(processAlive(grandchild), false);
    assert.deepEqual(liveGroups(), []);
  });

  for (const how of ['exit', 'sigterm'] as const) {
    it(`kills launched groups when mcp-audit itself ends (${how})`, async () => {
      const marker = `--probe-test-marker=orphan-${how}-${process.pid}`;
      const { stdout, signal } = await runParent(orphanScript(marker, how));
      const ids: unknown = JSON.parse(stdout);
      assert.ok(typeof ids === 'object' && ids !== null && 'grandchild' in ids && typeof ids.grandchild === 'number');
      assert.equal(signal, how === 'sigterm' ? 'SIGTERM' : null, 'the signal still ends the parent');
      assert.ok(await eventually(() => !processAlive(Number(ids.grandchild))), 'the grandchild was killed');
      assert.ok(await eventually(() => processesWith(marker).length === 0), 'the server was killed');
    });
  }
});
