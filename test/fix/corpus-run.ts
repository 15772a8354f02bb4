/**
 * One corpus case (corpus.ts) through the real reader, engine and writer, in this process, with
 * the edit properties checked: a plain entry is wrapped (refused with a reason and the file
 * untouched, or: the bytes outside the entry unchanged, and unwrap restores the file byte for
 * byte); a planted entry is fixed (the bytes outside the entry unchanged, and a second --apply
 * writes nothing). Returns what happened, or throws an assertion naming the case.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runFix } from '../../src/fix/fix.js';
import { runUnwrap, runWrap } from '../../src/fix/wrap.js';
import { processEnv } from '../../src/shared/env.js';
import { tempDir } from '../helpers/materialize.js';
import { text, type CorpusCase } from './corpus.js';

const env = processEnv();

export type CaseOutcome = { readonly kind: 'edited' } | { readonly kind: 'refused'; readonly reason: string };

export async function runCase(c: CorpusCase): Promise<CaseOutcome> {
  const home = await tempDir('mcp-audit-corpus');
  const file = path.join(home, c.file);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const original = text(c);
  await fs.writeFile(file, original, { mode: 0o600 });
  const discover = { root: home, platform: 'linux' as const, projectScan: false, hosts: [c.host] };
  const base = { discover, servers: [c.name], apply: true, includeProject: false };
  const where = `${c.id} (${c.layout}): ${JSON.stringify(original)}`;
  const outside = async (what: string): Promise<string> => {
    const now = await fs.readFile(file, 'utf8');
    assert.ok(now.startsWith(c.head) && now.endsWith(c.tail) && now.length >= c.head.length + c.tail.length, `${where}: ${what} changed bytes outside the entry: ${JSON.stringify(now)}`);
    return now;
  };
  try {
    if (c.kind === 'plain') {
      const w = await runWrap({ ...base, proxy: 'mcpindex-gate' }, env);
      const reason = w.refusals.map((r) => r.reason).join('; ');
      if ((w.written ?? []).length === 0) {
        assert.ok(reason.length > 10, `${where}: nothing written and no reason`);
        assert.equal(await fs.readFile(file, 'utf8'), original, `${where}: a refused wrap changed the file`);
        return { kind: 'refused', reason };
      }
      const wrapped = await outside('wrap');
      assert.notEqual(wrapped, original);
      const u = await runUnwrap(base, env);
      assert.deepEqual(u.refusals, [], `${where}: unwrap refused`);
      assert.equal(await fs.readFile(file, 'utf8'), original, `${where}: unwrap(wrap(x)) != x`);
      return { kind: 'edited' };
    }
    const f = await runFix(base, env);
    if ((f.written ?? []).length === 0) {
      assert.equal(await fs.readFile(file, 'utf8'), original, `${where}: a fix that wrote nothing changed the file`);
      const reason = f.refusals.map((r) => r.reason).join('; ');
      assert.ok(reason.length > 10, `${where}: nothing written and no reason (${JSON.stringify(f.remaining)})`);
      return { kind: 'refused', reason };
    }
    const fixed = await outside('fix');
    assert.doesNotMatch(fixed, /--pin-store/, `${where}: the planted store is still there`);
    const again = await runFix(base, env);
    assert.equal(again.written?.length ?? 0, 0, `${where}: a second fix --apply wrote again`);
    assert.equal(await fs.readFile(file, 'utf8'), fixed, `${where}: a second fix --apply changed the file`);
    return { kind: 'edited' };
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}
