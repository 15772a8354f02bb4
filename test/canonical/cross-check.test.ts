import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readJsonText } from '../../src/canonical/json-text.js';
import type { JsonNode } from '../../src/canonical/json-model.js';
import { pyExp17Exact } from '../../src/canonical/float-format.js';
import { randomDocs } from './random-docs.js';
import { pythonAnswers, tsAnswer } from './reference-protocol.js';

const COUNT = 24_000;
const SEED = 0x2026_1129;

/** Floats in a document where JavaScript's toExponential(17), exponent padded, is not Python's '%.17e'. */
function jsDivergentFloats(text: string): number {
  const doc = readJsonText(text, { maxDepth: Infinity });
  if (!doc.ok) return 0;
  let n = 0;
  const stack: JsonNode[] = [doc.value.value];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    if (v.kind === 'array') stack.push(...v.items);
    else if (v.kind === 'object') for (const m of v.members) stack.push(m.value);
    else if (v.kind === 'float' && Number.isFinite(v.value) && v.value !== 0) {
      const js = v.value.toExponential(17).replace(/e([+-])(\d)$/, 'e$10$2');
      if (js !== pyExp17Exact(v.value)) n++;
    }
  }
  return n;
}

test(`${COUNT} random documents: TypeScript and the Python reference agree byte for byte`, (t) => {
  const docs = randomDocs(SEED, COUNT);
  const py = pythonAnswers(docs);
  const diffs: string[] = [];
  const tally = { ok: 0, 'non-finite': 0, 'too-deep': 0, other: 0 };
  docs.forEach((d, i) => {
    const ts = tsAnswer(d.mode, d.text);
    if (ts !== py[i]) diffs.push(`#${i} ${d.mode} ${d.text.slice(0, 200)}\n  ts: ${ts.slice(0, 300)}\n  py: ${(py[i] ?? '').slice(0, 300)}`);
    if (ts.startsWith('OK ')) tally.ok++;
    else if (ts === 'ERR non-finite') tally['non-finite']++;
    else if (ts === 'ERR too-deep') tally['too-deep']++;
    else tally.other++;
  });
  const divergent = docs.reduce((n, d) => n + jsDivergentFloats(d.text), 0);
  t.diagnostic(`compared ${docs.length} documents, ${diffs.length} differences; ${JSON.stringify(tally)}; ${divergent} floats where toExponential would be wrong`);
  assert.ok(divergent > 500, `only ${divergent} tie floats: the corpus no longer tests tie rounding`);
  assert.deepEqual(diffs.slice(0, 10), [], `${diffs.length} of ${docs.length} documents differ`);
  // The corpus must exercise both the value path and the error paths.
  assert.ok(tally.ok > COUNT * 0.8 && tally['non-finite'] > 50 && tally['too-deep'] > 50, JSON.stringify(tally));
});

test('the corpus contains exact 18-digit float ties, -0.0 and the float-shaped strings contract mode guards', () => {
  const docs = randomDocs(SEED, COUNT);
  const all = docs.map((d) => tsAnswer(d.mode, d.text)).join('\n');
  assert.ok(all.includes('\\u0000'), 'a U+0000-guarded string');
  assert.ok(all.includes('"1.12589990684262312e+15"'), 'the published tie');
  assert.ok(/"-0\.0*e\+00"/.test(all) === false, '-0.0 is written as 0.0');
  assert.ok(all.includes('"0.00000000000000000e+00"'), '0.0 as a float');
});
