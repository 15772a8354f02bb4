import { looseSame } from '../../src/drift/json.js';
import { parseJsonc } from '../../src/parse/jsonc.js';
import { parseYaml } from '../../src/parse/yaml.js';

/**
 * The hostile-input timings that used to be wall-clock limits inside tests (the project rule: no
 * wall-clock limits in tests; the tests keep the behaviour, this prints how long it takes):
 * 200,000-deep JSON and YAML nesting refused, and the order-free match of two 20,000-branch anyOf.
 */
function time(label: string, targetMs: number, work: () => boolean): void {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const ok = work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  process.stdout.write(`  ${label.padEnd(44)} ${wallMs.toFixed(0).padStart(5)} ms wall, ${cpuMs.toFixed(0).padStart(5)} ms cpu; target < ${targetMs} ms: ${!ok ? 'WRONG RESULT' : wallMs < targetMs ? 'met' : 'MISSED'}\n`);
}

export function bench(): Promise<void> {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  time('JSONC 200,000-deep nesting refused', 1000, () => {
    const r = parseJsonc(deep, { strict: true });
    return !r.ok && r.problem.kind === 'too-deep';
  });
  time('YAML 200,000-deep flow nesting refused', 500, () => {
    const r = parseYaml(deep);
    return !r.ok && r.problem.kind === 'too-deep';
  });
  const branches = Array.from({ length: 20_000 }, (_, i) => ({ const: i, description: `b${i}` }));
  const a = { anyOf: branches };
  const b = { anyOf: [...branches].reverse().map((o) => ({ ...o })) };
  const changed = { anyOf: b.anyOf.map((o, i) => (i === 7 ? { ...o, const: -1 } : o)) };
  time('looseSame, two 20,000-branch anyOf (was 14.4 s)', 3000, () => looseSame(a, b) && !looseSame(a, changed));
  return Promise.resolve();
}
