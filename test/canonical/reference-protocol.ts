import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalHash } from '../../src/canonical/canonical.js';
import { readJsonText } from '../../src/canonical/json-text.js';
import { narrowPreimage } from '../../src/canonical/profiles/narrow.js';

/** reference.py's line protocol: `MODE<TAB>JSON` in, `OK <hash> <canonical>` or `ERR <code>` out. */
export type Mode = 'contract' | 'plain' | 'narrow';

/** The Python reference, beside this file in the source tree (dist/test/canonical → test/canonical). */
export const REFERENCE_PY = fileURLToPath(new URL('../../../test/canonical/reference.py', import.meta.url));

/** The TypeScript side of the protocol. */
export function tsAnswer(mode: Mode, text: string): string {
  const doc = readJsonText(text, { maxDepth: 10_000 });
  if (!doc.ok) return 'ERR invalid-json';
  const root = doc.value.value;
  let subject = root;
  if (mode === 'narrow') {
    if (root.kind !== 'object') return 'ERR not-a-tool';
    subject = narrowPreimage(root);
  }
  const r = canonicalHash(subject, { contract: mode !== 'plain' });
  return r.ok ? `OK ${r.value.hash} ${r.value.canonical}` : `ERR ${r.problem.code}`;
}

/** Runs python3 once over all documents (written as one JSONL file in a temp dir). */
export function pythonAnswers(docs: readonly { readonly mode: Mode; readonly text: string }[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-audit-canonical-'));
  try {
    const file = join(dir, 'docs.jsonl');
    writeFileSync(file, docs.map((d) => `${d.mode}\t${d.text}\n`).join(''), 'utf8');
    const py = spawnSync('python3', [REFERENCE_PY, file], { encoding: 'utf8', maxBuffer: 1 << 30 });
    assert.equal(py.status, 0, `python3 failed: ${py.error?.message ?? ''} ${py.stderr}`);
    const out = py.stdout.split('\n');
    if (out[out.length - 1] === '') out.pop();
    assert.equal(out.length, docs.length, 'python3 answered a different number of lines');
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
