import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from './commands/cli-run.js';

/**
 * Found by review on 239cc52: stderr keeps its line breaks (run.ts safeStream escapes only other controls),
 * so every field from a file must be escaped by the message that quotes it. Three messages still
 * quote a key from a file raw, so the file writes a line `mcp-audit: policy met` of its own:
 * - the JSON pointer of an invalid-JSON error (diff, digest) and of the duplicate-key warning
 *   (canonical, digest): json-input.ts showPointer, diff.ts readSide;
 * - an ignore file's unknown key (report/suppress.ts). By hand: as root, `scan --user ACCT` reads
 *   ACCT's own ~/.mcp-audit-ignore.yaml (a file that account writes), and a key "k\nmcp-audit:
 *   policy met\n" there prints that line on root's stderr (exit 2); here through --ignore-file.
 * - a --policy file's unknown key (report/policy-file.ts keyName).
 * The baseline (478401d) is the same: not a regression, a gap the change left.
 */
const INJECTED = 'mcp-audit: policy met';
const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-newlines-'));
const key = `k\n${INJECTED}\n`;

describe('a key from a file cannot add a line to stderr', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('diff: an invalid-JSON error whose pointer holds a newline', async () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, `{"tools":[{"name":"t","inputSchema":{"type":"object"}}],${JSON.stringify(key)}:[1,}`);
    const r = await cli(['diff', file, file]);
    assert.equal(r.code, 2, r.stderr);
    assert.ok(!r.stderr.split('\n').includes(INJECTED), JSON.stringify(r.stderr));
  });

  it('canonical: a duplicate-key warning whose pointer holds a newline', async () => {
    const file = path.join(dir, 'dup.json');
    writeFileSync(file, `{"tools":[],${JSON.stringify(key)}:{"x":1,"x":2}}`);
    const r = await cli(['canonical', file]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stderr.split('\n').includes(INJECTED), JSON.stringify(r.stderr));
  });

  it('scan: an ignore file key with a newline', async () => {
    const home = path.join(dir, 'home');
    mkdirSync(home);
    const ignore = path.join(dir, 'ignore.yaml');
    writeFileSync(ignore, `- fingerprint: x\n  ${JSON.stringify(key)}: 1\n`);
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--ignore-file', ignore, '--format', 'json']);
    assert.equal(r.code, 2, r.stderr);
    assert.ok(!r.stderr.split('\n').includes(INJECTED), JSON.stringify(r.stderr));
  });

  it('scan: a policy file key with a newline', async () => {
    const home = path.join(dir, 'policy-home');
    mkdirSync(home);
    const policy = path.join(dir, 'policy.yaml');
    writeFileSync(policy, `version: 1\n${JSON.stringify(key)}: 1\n`);
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--policy', policy, '--format', 'json']);
    assert.equal(r.code, 2, r.stderr);
    assert.ok(!r.stderr.split('\n').includes(INJECTED), JSON.stringify(r.stderr));
  });
});
