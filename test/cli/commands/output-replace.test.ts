import { asAnotherAccount } from '../../helpers/throwaway-accounts.js';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from './cli-harness.js';

/**
 * Found by review against 1077cf7: `-o FILE` over an existing regular file now writes a temporary
 * file beside it and renames it over. The build before (5b86091, /work/wt-base) opened FILE 'w' in
 * place. Each case below passes on that build (or is a plain "no partial -o file" case) and fails
 * on c3ebf8c.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-output-')));
// Other accounts (below) must reach the CLI's home and the folders they write in.
chmodSync(dir, 0o755);
after(() => rmSync(dir, { recursive: true, force: true }));

const home = path.join(dir, 'home');
mkdirSync(path.join(home, '.cursor'), { recursive: true });
writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'npx', args: ['-y', 'x@1.0.0'] } } }));
chmodSync(home, 0o755);
chmodSync(path.join(home, '.cursor'), 0o755);

const root = process.getuid?.() === 0;
const NOBODY = 65534;
const DAEMON = 1;

/** `scan --root home --format json -o target` from `cwd`, as `uid` when given (root only), under `ulimit -f blocks` when given. */
function scanTo(target: string, opts: { uid?: number; fileBlocks?: number; cwd?: string } = {}): { code: number | null; stderr: string } {
  const args = [BIN, 'scan', '--root', home, '--format', 'json', '-o', target];
  const r = opts.fileBlocks !== undefined
    ? spawnSync('sh', ['-c', `ulimit -f ${String(opts.fileBlocks)}; exec "$0" "$@"`, process.execPath, ...args], { encoding: 'utf8', cwd: opts.cwd ?? dir })
    : spawnSync(process.execPath, args, {
      encoding: 'utf8', cwd: opts.cwd ?? dir,
      ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}),
    });
  return { code: r.status, stderr: r.stderr };
}

const isReport = (file: string): boolean => readFileSync(file, 'utf8').includes('"schemaVersion"');

describe('-o over an existing report (1077cf7)', () => {
  it('an existing file whose name is near NAME_MAX is written (the temp name beside it is too long)', () => {
    // 240 bytes is a legal name; `.<name>.<pid>.<12 hex>.tmp` is over 255: ENAMETOOLONG, exit 2.
    const file = path.join(dir, 'r'.repeat(240));
    writeFileSync(file, 'old\n');
    const r = scanTo(file);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(isReport(file), 'the existing file was not replaced by the report');
  });

  it('a hard-linked report: every name of the file sees the new report (in place, as before)', () => {
    const file = path.join(dir, 'linked.json');
    const other = path.join(dir, 'linked-too.json');
    writeFileSync(file, 'old\n');
    linkSync(file, other);
    const r = scanTo(file);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(isReport(file));
    // The rename gives `file` a new inode: the other name keeps the stale "old" report.
    assert.equal(statSync(file).ino, statSync(other).ino, 'the hard link was broken: the other name holds the stale report');
  });

  it('a read-only (0444) report of a non-root user is not overwritten (shell `>` and the build before refuse: EACCES)', asAnotherAccount('runs the CLI as another account'), () => {
    const folder = path.join(dir, 'ro');
    mkdirSync(folder);
    chownSync(folder, NOBODY, NOBODY);
    const file = path.join(folder, 'kept.json');
    writeFileSync(file, 'keep\n');
    chownSync(file, NOBODY, NOBODY);
    chmodSync(file, 0o444);
    const r = scanTo(file, { uid: NOBODY });
    assert.equal(r.code, 2, `a write-protected file was replaced: ${r.stderr}`);
    assert.equal(readFileSync(file, 'utf8'), 'keep\n');
    assert.match(r.stderr, /--output .*kept\.json: cannot write it: EACCES/);
  });

  it('a world-writable report owned by another account in a sticky folder (/tmp) is written, as before', asAnotherAccount('runs the CLI as another account'), () => {
    const sticky = path.join(dir, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    const file = path.join(sticky, 'shared.json');
    writeFileSync(file, 'old\n');
    chownSync(file, DAEMON, DAEMON);
    chmodSync(file, 0o666);
    // The temp file is made (the folder is 1777), then rename over another account's file fails
    // EPERM (sticky bit); the EACCES/EPERM fallback covers only the temp file's open.
    const r = scanTo(file, { uid: NOBODY });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(isReport(file), 'the report was not written');
    assert.deepEqual(readdirSync(sticky), ['shared.json']);
  });

  it('a dangling symlink: a failed write leaves no partial file at its target (the run created it)', () => {
    const link = path.join(dir, 'dangling.json');
    const target = path.join(dir, 'dangling-target.json');
    symlinkSync(target, link);
    // ulimit -f 8 (4 KiB): the report is larger, so the write fails EFBIG (node ignores SIGXFSZ).
    const r = scanTo(link, { fileBlocks: 8 });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /cannot write it: EFBIG/);
    // lstat says "symlink", stat fails, so the target is `through` (opened 'w', never removed):
    // the 4 KiB partial report this run created stays behind.
    assert.equal(statSync(target, { throwIfNoEntry: false }), undefined, 'a partial report was left at the link target');
  });
});
