// Lists the mutants of the last `npm run mutate` that no test killed, one per line as
// `file:line:column status mutator: original → replacement`, from reports/mutation/mutation.json.
//   node .ci/mutate/survivors.mjs [path-substring …] [--status Survived,NoCoverage,Timeout]
import fs from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const args = process.argv.slice(2);
const at = args.indexOf('--status');
const statuses = new Set((at >= 0 ? args.splice(at, 2)[1] ?? '' : 'Survived,NoCoverage').split(','));
const filters = args;

let report;
try {
  report = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
} catch (e) {
  process.stderr.write(`survivors: cannot read ${REPORT} (run \`npm run mutate\` first): ${e.message}\n`);
  process.exit(2);
}

const oneLine = (s) => s.replace(/\s+/g, ' ').slice(0, 160);
let n = 0;
for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  if (filters.length > 0 && !filters.some((f) => file.includes(f))) continue;
  const lines = source.split('\n');
  const sorted = [...mutants].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of sorted) {
    if (!statuses.has(m.status)) continue;
    const { start, end } = m.location;
    const original = start.line === end.line
      ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
      : `${(lines[start.line - 1] ?? '').slice(start.column - 1)} …`;
    process.stdout.write(`${file}:${start.line}:${start.column} ${m.status}${m.static === true ? ' (static)' : ''} ${m.mutatorName}: ${oneLine(original)} → ${oneLine(m.replacement ?? '')}\n`);
    n++;
  }
}
process.stderr.write(`${n} mutant(s)\n`);
