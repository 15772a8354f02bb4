import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderTable, type Column } from '../../src/report/layout.js';
import { prng } from '../canonical/random-docs.js';

/**
 * renderTable draws a long table as several cli-table3 tables joined (cli-table3's layout is
 * quadratic in rows). The joined text must be the one table cli-table3 draws for all the rows:
 * random tables (multi-line and wrapping cells, empty cells, a styled header, boxed and compact),
 * cut into pieces of every size from 1 row, against one piece.
 */
const WORDS = ['a', 'proxy', 'mcpindex-gate', 'unprotected', '✗ program', 'ü', '', 'x'.repeat(30), 'two words', 'line\nbreak'];

function randomTable(next: () => number): { columns: Column[]; rows: string[][] } {
  const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? '';
  const cols = 1 + Math.floor(next() * 5);
  const columns = Array.from({ length: cols }, (_v, i) => ({ header: i % 2 === 0 ? `Col ${i}` : `Header of column ${i}` }));
  const rows = Array.from({ length: Math.floor(next() * 12) }, () =>
    Array.from({ length: cols }, () => Array.from({ length: Math.floor(next() * 4) }, pick).join(next() < 0.3 ? '\n' : ' ')));
  return { columns, rows };
}

describe('renderTable in pieces', () => {
  it('joins to the text of one cli-table3 table, boxed and compact, at every piece size', () => {
    const next = prng(20261201);
    let compared = 0;
    for (let t = 0; t < 150; t++) {
      const { columns, rows } = randomTable(next);
      const width = 40 + Math.floor(next() * 80);
      for (const compact of [false, true]) {
        const head = (text: string): string => `\u001b[1m${text}\u001b[22m`;
        const whole = renderTable(columns, rows, width, { compact, head, rowsPerTable: Number.MAX_SAFE_INTEGER });
        for (let per = 1; per <= rows.length; per++) {
          assert.equal(renderTable(columns, rows, width, { compact, head, rowsPerTable: per }), whole, `table ${t}, ${rows.length} rows, compact ${String(compact)}, pieces of ${per}`);
          compared += 1;
        }
      }
    }
    assert.ok(compared > 500, `only ${compared} comparisons`);
  });

  it('a piece of one row still shows the row rules a boxed table draws between rows', () => {
    const text = renderTable([{ header: 'A' }, { header: 'B' }], [['1', '2'], ['3', '4'], ['5', '6']], 80, { rowsPerTable: 1 });
    assert.equal(text, ['┌───┬───┐', '│ A │ B │', '├───┼───┤', '│ 1 │ 2 │', '├───┼───┤', '│ 3 │ 4 │', '├───┼───┤', '│ 5 │ 6 │', '└───┴───┘'].join('\n'));
  });
});
