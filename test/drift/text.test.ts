import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyText, hiddenCount, inAddress, isCurrency } from '../../src/drift/text.js';
import { diffTools, tool } from './helpers.js';

type Row = readonly [number, string, string, string | null, { readonly inAddress?: boolean; readonly hidden?: boolean }?];

/** 55 example pairs for the digits-only and currency text classes src/drift/text.ts implements: before, after, expected kind (null = identical, no delta). */
const ROWS: readonly Row[] = [
  [1, 'Returns 45 results', 'Returns 47 results', 'description-digits-only'],
  [2, '$0.001 per call', '$0.002 per call', 'description-currency-digits'],
  [3, 'Costs $0.01 per request.', 'Costs $0.01 per request.', null],
  [4, 'Returns 1 result', 'Returns 2 results', 'description-text-changed'],
  [5, 'Get current prices for cryptocurrencies. $0.001 per request.', 'Get current prices for cryptocurrencies. $0.01 per request.', 'description-currency-digits'],
  [6, 'Price: 0.01 USDC', 'Price: 0.02 USDC', 'description-currency-digits'],
  [7, '10 USD per 1,000 calls', '12 USD per 1,000 calls', 'description-currency-digits'],
  [8, 'Charged 5 cents per lookup', 'Charged 6 cents per lookup', 'description-currency-digits'],
  [9, 'Costs 3 credits per call', 'Costs 4 credits per call', 'description-currency-digits'],
  [10, 'Costs 1 credit', 'Costs 2 credits', 'description-text-changed'],
  [11, 'Fee: €0,50 per call', 'Fee: €0,75 per call', 'description-currency-digits'],
  [12, '0.50 € per call', '0.75 € per call', 'description-currency-digits'],
  [13, '¥100 per image', '¥120 per image', 'description-currency-digits'],
  [14, 'Image tiers: fast ($0.015-0.05), text ($0.12)', 'Image tiers: fast ($0.015-0.06), text ($0.12)', 'description-currency-digits'],
  [15, 'Transcribe with Deepgram Nova-3. $0.10 per transcription.', 'Transcribe with Deepgram Nova-4. $0.10 per transcription.', 'description-digits-only'],
  [16, 'Transcribe with Deepgram Nova-3. $0.10 per transcription.', 'Transcribe with Deepgram Nova-3. $0.15 per transcription.', 'description-currency-digits'],
  [17, 'Results per page (max 100)', 'Results per page (max 50)', 'description-digits-only'],
  [18, 'Limit 1,000 rows', 'Limit 10,000 rows', 'description-digits-only'],
  [19, 'Limit 1,000 rows', 'Limit 1000 rows', 'description-text-changed'],
  [20, 'Limit 1,000 rows', 'Limit 1.000 rows', 'description-text-changed'],
  [21, 'Timeout is 1.5 seconds', 'Timeout is 15 seconds', 'description-text-changed'],
  [22, 'Offset must be -5 or more', 'Offset must be 5 or more', 'description-text-changed'],
  [23, 'Offset must be -5 or more', 'Offset must be -7 or more', 'description-digits-only'],
  [24, 'Offset \u22125', 'Offset -5', 'description-text-changed'],
  [25, 'Uses API v1', 'Uses API v2', 'description-digits-only'],
  [26, 'Send to https://api.example.com/v1/items', 'Send to https://api.example.com/v2/items', 'description-digits-only', { inAddress: true }],
  [27, 'Send results to 10.0.0.1', 'Send results to 203.0.113.5', 'description-digits-only', { inAddress: true }],
  [28, 'Connects to localhost:8080', 'Connects to localhost:9090', 'description-digits-only', { inAddress: true }],
  [29, 'Logs to eth0', 'Logs to eth1', 'description-digits-only'],
  [30, 'Valid until 2025-12-31', 'Valid until 2026-12-31', 'description-digits-only'],
  [31, 'Returns 45 results', 'Returns \uFF14\uFF17 results', 'description-text-changed'],
  [32, 'Returns 45 results', 'Returns 45  results', 'description-whitespace-only'],
  [33, 'Returns 45 results', 'Returns 47  results', 'description-text-changed'],
  [34, 'Returns 45 results', 'Returns 45 results\u200b', 'description-text-changed', { hidden: true }],
  [35, 'Rate limit: 50 requests per minute', 'Rate limit: 60 requests per minute', 'description-digits-only'],
  [36, 'Up to 5 per call', 'Up to 6 per call', 'description-digits-only'],
  [37, 'Costs 5 USD', 'Costs 5 EUR', 'description-text-changed'],
  [38, 'Free to use', '$0.01 per call', 'description-text-changed'],
  [39, 'Model gpt-4o, 128k context', 'Model gpt-5o, 256k context', 'description-digits-only'],
  [40, 'Caf\u00e9 tools, 3 modes', 'Cafe\u0301 tools, 3 modes', 'description-normalization-only'],
  [41, 'Processes 2 files at $0.002 each', 'Processes 3 files at $0.002 each', 'description-digits-only'],
  [42, 'Processes 2 files at $0.002 each', 'Processes 3 files at $0.003 each', 'description-currency-digits'],
  [43, 'Costs US$5 per month', 'Costs US$6 per month', 'description-currency-digits'],
  [44, 'Takes 5% fee', 'Takes 6% fee', 'description-currency-digits'],
  [45, '$1.50 per call', '$1.5 per call', 'description-currency-digits'],
  [46, 'USD 5 per seat', 'USD 6 per seat', 'description-currency-digits'],
  [47, '0.002/call', '0.003/call', 'description-currency-digits'],
  [48, '0.01 usdc per call', '0.02 usdc per call', 'description-currency-digits'],
  [49, 'Returns the price of 100 shares', 'Returns the price of 200 shares', 'description-currency-digits'],
  [50, 'Max 5 USD per transaction', 'Max 50 USD per transaction', 'description-currency-digits'],
  [51, 'Returns 45 results in 2 pages', 'Returns 2 results in 45 pages', 'description-digits-only'],
  [52, 'Max 2 MB upload, $0.01 per MB', 'Max 4 MB upload, $0.01 per MB', 'description-digits-only'],
  [53, 'Searches 1.2M documents', 'Searches 1.3M documents', 'description-digits-only'],
  [54, 'Priced at 3 per call', 'Priced at 4 per call', 'description-currency-digits'],
  [55, 'Costs five dollars', 'Costs 5 dollars', 'description-text-changed'],
];

describe('§10.4 example pairs, classified as tool description changes', () => {
  it('covers all 55 rows', () => assert.equal(ROWS.length, 55));
  for (const [n, before, after, expected, flags] of ROWS) {
    it(`row ${n}: ${JSON.stringify(before)} → ${JSON.stringify(after)} is ${expected ?? 'identical'}`, () => {
      const r = diffTools(tool({ description: before }), tool({ description: after }));
      const want = expected === null ? [] : [expected, ...(flags?.hidden === true ? ['hidden-characters-added'] : [])].sort();
      assert.deepEqual(r.deltas.map((d) => d.kind).sort(), want);
      assert.equal(r.decision, expected === null ? 'auto-accept' : 'hold');
      const main = r.deltas.find((d) => d.kind === expected);
      if (flags?.inAddress === true) {
        assert.deepEqual(main?.details?.['flags'], ['in-address']);
        assert.equal(main?.severity, 'high');
      } else if (main !== undefined) assert.equal(main.details?.['flags'], undefined);
      if (expected === 'description-digits-only' && flags?.inAddress !== true) assert.equal(main?.severity, 'medium');
      if (flags?.hidden === true) assert.equal(r.deltas.find((d) => d.kind === 'hidden-characters-added')?.severity, 'critical');
    });
  }
});

describe('classifyText', () => {
  it('added / removed when one side is absent or null', () => {
    assert.equal(classifyText(undefined, 'x').cls, 'added');
    assert.equal(classifyText('x', null).cls, 'removed');
    assert.equal(classifyText(null, null).cls, 'identical');
  });
  it('flags hidden characters even on an added text, and not when the count does not grow', () => {
    assert.equal(classifyText(undefined, 'a\u{E0041}').hidden, true);
    assert.equal(classifyText('a\u200b', 'b\u200b').hidden, false);
    assert.equal(classifyText('a', 'a\u202e').hidden, true);
  });
  it('whitespace-only is collapse-and-trim equality over ASCII whitespace only', () => {
    for (const [a, b] of [[' a  b ', 'a b'], ['a\t\nb', 'a b'], ['ab ', 'ab'], ['a b\r\n', '  a\tb']]) assert.equal(classifyText(a, b).cls, 'whitespace-only', JSON.stringify([a, b]));
    for (const [a, b] of [['a b', 'ab'], ['a', 'a b'], ['a\u00a0b', 'a b'], ['a\u2028b', 'a b']]) assert.notEqual(classifyText(a, b).cls, 'whitespace-only', JSON.stringify([a, b]));
  });
  it('adding or removing a digit run is text', () => assert.equal(classifyText('v1', 'v').cls, 'text'));
  it('counts each hidden character of the §10.2 set', () => {
    assert.equal(hiddenCount('\u00ad\u034f\u061c\u115f\u180e\u2066\u3164\ufe0f\ufeff\uffa0\u{E007F}'), 11);
    assert.equal(hiddenCount('plain ascii'), 0);
    assert.equal(hiddenCount('\u00a0\u2028'), 0);
  });
});

describe('currency rules C1–C8 and in-address', () => {
  const money: readonly [string, number][] = [
    ['$0.01', 1], ['€0,50', 1], ['US$5', 3], ['-$5', 2], ['0.50 €', 0], ['10¢', 0], ['USD 5', 4], ['Price: 0.01 USDC', 7],
    ['5 cents', 0], ['Priced at 3', 10], ['$0.015-0.05', 7], ['5% fee', 0], ['0.002/call', 0], ['2k credits', 0],
  ];
  for (const [s, at] of money) it(`${s} is a currency amount`, () => assert.equal(isCurrency(s, at), true));
  const notMoney: readonly [string, number][] = [['Nova-3', 5], ['50 requests', 0], ['eth0', 3], ['1.2M documents', 0], ['max 5 items', 4]];
  for (const [s, at] of notMoney) it(`${s} is not a currency amount`, () => assert.equal(isCurrency(s, at), false));
  it('recognises URLs, e-mail, IPv4 and host:port tokens', () => {
    assert.equal(inAddress('to a@b9.com now', 6), true);
    assert.equal(inAddress('at (10.0.0.1:80).', 5), true);
    assert.equal(inAddress('page 5 of 9', 5), false);
  });
});
