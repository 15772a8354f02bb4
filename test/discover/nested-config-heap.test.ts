import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from '../cli/commands/cli-run.js';
import { MAX_DEPTH } from '../../src/parse/document.js';
import { MAX_CONFIG_BYTES } from '../../src/discover/read-file.js';

/**
 * Found by review on 37a8cc4 (the same on its parent 8c30d4b: not from the change under review).
 * A legal ~/.claude.json of 4 MiB, a quarter of the read cap, made of arrays nested 500 deep
 * (under MAX_DEPTH) next to an empty mcpServers, takes 675 MB of RSS to scan; under a 512 MB V8
 * heap (V8 sizes the old generation at a quarter of physical memory: a machine or container with
 * 2 GB) the CLI aborts with "JavaScript heap out of memory", exit 134, no report and no finding.
 * A 15.7 MB file of the same shape needs 2.3 GB (and aborts under a 2 GB heap). A flat file of
 * 5.6 million empty arrays at the cap needs about 680 MB of heap.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-heap-')));
after(() => rmSync(dir, { recursive: true, force: true }));

const DEPTH = 500;
const nested = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const copies = Math.floor((4 * 1024 * 1024) / (nested.length + 1));
const file = path.join(dir, '.claude.json');
writeFileSync(file, `{"mcpServers":{},"junk":[${Array.from({ length: copies }, () => nested).join(',')}]}`);

describe('a nested config file at a quarter of the read cap, 512 MB of V8 heap', () => {
  it('is legal input: under the read cap and the nesting limit', () => {
    assert.ok(statSync(file).size <= MAX_CONFIG_BYTES / 4);
    assert.ok(DEPTH + 2 < MAX_DEPTH);
  });

  it('scan ends with a report, not a heap abort', () => {
    const r = spawnSync(process.execPath, ['--max-old-space-size=512', BIN, 'scan', '--root', dir, '--no-project-scan', '--format', 'json'], { encoding: 'utf8' });
    assert.doesNotMatch(r.stderr, /heap out of memory/);
    assert.ok(r.status === 0 || r.status === 1, `exit ${String(r.status)} ${String(r.signal)}: ${r.stderr.slice(0, 300)}`);
    JSON.parse(r.stdout);
  });
});
