import { test } from 'node:test';
import { corpus, type CorpusFormat } from './corpus.js';
import { runCase } from './corpus-run.js';

/**
 * The edit properties on a generated corpus of every format (strict JSON, JSONC, YAML, TOML), with
 * BOM, CRLF and mixed line endings among the layouts: bytes outside the edited entry unchanged,
 * unwrap(wrap(x)) == x byte for byte, fix idempotent, and every refusal says why and changes
 * nothing (corpus-run.ts). A fixed seed: a failure names its case.
 */
const SEED = 27;
const PER_FORMAT = 24;

test('fuzz: edit properties over a generated corpus of every format, BOM, CRLF and mixed endings included', async () => {
  const tally = new Map<CorpusFormat, { edited: number; refused: number }>();
  for (const c of corpus(SEED, PER_FORMAT)) {
    const out = await runCase(c);
    const t = tally.get(c.format) ?? { edited: 0, refused: 0 };
    t[out.kind]++;
    tally.set(c.format, t);
    if (process.env.FIX_DEBUG === '1' && out.kind === 'refused') process.stdout.write(`# refused ${c.id} (${c.layout}): ${out.reason}\n`);
  }
  for (const [format, t] of tally) process.stdout.write(`# ${format}: ${t.edited} edited, ${t.refused} refused with a reason\n`);
});
