import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdown, mdCode, mdText } from '../../src/report/markdown.js';
import { sortReport } from '../../src/report/sort.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX } from './sample.js';

const report = sortReport(loadSample());

test('markdown output matches its golden file', () => {
  matchGolden('report.md', markdown.render(report, SAMPLE_CTX));
});

test('markdown headline carries the coverage; the table lists only enabled non-enforcing entries', () => {
  const out = markdown.render(report, SAMPLE_CTX);
  assert.ok(out.startsWith('## mcp-audit: 3/7 enforcing (42.9%)\n'));
  assert.match(out, /### Entries not enforcing pins \(4\)/);
  assert.doesNotMatch(out, /<code>old-search<\/code>/, 'disabled entry not listed');
  assert.doesNotMatch(out, /<code>filesystem<\/code>/, 'enforcing entry not listed');
  assert.match(out, /<code>hangar → wiki<\/code>/);
});

test('markdown lists suppressed findings apart from the active ones', () => {
  const out = markdown.render(report, SAMPLE_CTX);
  const details = out.indexOf('<details><summary>Suppressed findings (1)</summary>');
  assert.ok(details > 0);
  assert.ok(out.indexOf('env-override-inert') > details, 'the suppressed finding is inside <details>');
  assert.match(out, /### Findings \(7\)/);
});

test('markdown escapes text from configs so it cannot break a table or inject HTML', () => {
  assert.equal(mdText('a|b <img src=x> *x* [l](u)'), 'a\\|b &lt;img src=x&gt; \\*x\\* \\[l\\](u)');
  assert.equal(mdCode('x|`y`<b>'), '<code>x&#124;`y`&lt;b&gt;</code>');
  const hostile = { ...report, entries: report.entries.map((e) => ({ ...e, name: `${e.name}|<script>` })) };
  const out = markdown.render(hostile, SAMPLE_CTX);
  assert.doesNotMatch(out, /<script>/);
  for (const line of out.split('\n').filter((l) => l.startsWith('| claude-desktop') && l.includes('<code>'))) {
    assert.equal(line.split(/(?<!\\)\|/).length - 2, 6, `six cells: ${line}`);
  }
});
