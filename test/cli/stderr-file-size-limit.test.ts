import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from './commands/cli-run.js';

/**
 * Found by review on 75f3171 (main.ts: standard error that cannot be written is held, exit 2).
 * A stderr that is a regular file under a file size limit (`ulimit -f`, Node ignores SIGXFSZ)
 * takes a short write without any error: Node's stream for a file writes with fs.writeSync and
 * drops the count it returns. So the run's one line ("policy violated: …") is cut mid-word and
 * the run exits 1 as if it were whole, while the same line on /dev/full now gives exit 2. stdout
 * got writeWhole for exactly this; stderr did not. The baseline 4fd882c does the same.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-stderr-')));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('standard error on a file under a size limit', { skip: !existsSync('/bin/bash') && 'needs bash for ulimit -f (1024-byte blocks)' }, () => {
  it('a stderr line cut by a short write is not an ordinary exit 1', () => {
    const home = path.join(dir, 'home');
    mkdirSync(path.join(home, '.cursor'), { recursive: true });
    writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 's'] } } }));
    // 1,000 bytes already there, a limit of one 1,024-byte block: 24 bytes of the line fit.
    const err = path.join(dir, 'stderr.txt');
    writeFileSync(err, 'x'.repeat(1000));
    const script = 'ulimit -f 1; exec "$0" "$@" 2>>"$ERR"';
    const r = spawnSync('/bin/bash', ['-c', script, process.execPath, BIN, 'scan', '--root', home, '--no-project-scan', '--format', 'json'], {
      env: { ...process.env, ERR: err }, encoding: 'utf8',
    });
    const line = readFileSync(err, 'utf8').slice(1000);
    assert.ok(line.startsWith('mcp-audit: policy'), line);
    JSON.parse(r.stdout); // stdout, a pipe, is whole
    // Today: exit 1 and the line "mcp-audit: policy violat" (no newline): the message cut silently.
    assert.ok(line.endsWith('\n') || r.status === 2, `exit ${String(r.status)} with the stderr line ${JSON.stringify(line)}`);
  });
});
