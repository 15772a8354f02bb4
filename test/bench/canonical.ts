import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { canonicalHash } from '../../src/canonical/canonical.js';
import type { JsonNode } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';

/**
 * Canonical form + SHA-256 throughput over real tool definitions, against JSON.stringify + SHA-256
 * over the same tools in the same run. The corpus is the tools/list of the published
 * @modelcontextprotocol/server-everything (spawned over stdio once), falling back to the demo snapshot.
 */

async function loadCorpus(): Promise<{ source: string; tools: string[] }> {
  try {
    const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const transport = new StdioClientTransport({ command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' });
    const client = new Client({ name: 'mcp-audit-bench', version: '0' });
    await client.connect(transport);
    try {
      const tools: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        for (const t of page.tools) tools.push(JSON.stringify(t));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      const v = client.getServerVersion();
      return { source: `${v?.name ?? 'server-everything'} ${v?.version ?? ''} tools/list (live, stdio)`, tools };
    } finally {
      await client.close();
    }
  } catch (e: unknown) {
    const text = readFileSync(new URL('../../../fixtures/demo/snapshot.json', import.meta.url), 'utf8');
    const parsed: unknown = JSON.parse(text);
    const list = typeof parsed === 'object' && parsed !== null && 'tools' in parsed && Array.isArray(parsed.tools) ? parsed.tools : [];
    return { source: `fixtures/demo/snapshot.json (server-everything unavailable: ${String(e)})`, tools: list.map((t: unknown) => JSON.stringify(t)) };
  }
}

/** MB/s of input for one timed run of `fn` over the corpus, repeated for about `ms`. */
function timed(bytes: number, fn: () => void, ms: number): number {
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    fn();
    n++;
    elapsed = performance.now() - start;
  }
  return (bytes * n) / 1e6 / (elapsed / 1000);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * Interleaves `ours` and `baseline` (the machine is shared, so load shifts between rounds) and
 * returns the median MB/s of each and the median of the per-round ratios.
 */
function compare(bytes: number, ours: () => void, baseline: () => void, rounds = 9, ms = 150): { ours: number; baseline: number; ratio: number } {
  for (let i = 0; i < 50; i++) { ours(); baseline(); } // warm up
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = timed(bytes, ours, ms);
    const y = timed(bytes, baseline, ms);
    a.push(x);
    b.push(y);
    ratios.push(y / x);
  }
  return { ours: median(a), baseline: median(b), ratio: median(ratios) };
}

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

export async function bench(): Promise<void> {
  const { source, tools } = await loadCorpus();
  const bytes = tools.reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0);
  const models: JsonNode[] = [];
  for (const t of tools) {
    const r = readJsonText(t);
    if (!r.ok) throw new Error(`corpus tool is not JSON: ${r.problem.message}`);
    models.push(r.value.value);
  }
  const objects: unknown[] = tools.map((t): unknown => JSON.parse(t));
  let sink = 0;

  const parsed = compare(bytes, () => {
    for (const m of models) {
      const r = canonicalHash(m, { contract: true });
      if (r.ok) sink += r.value.hash.length;
    }
  }, () => {
    for (const o of objects) sink += sha(JSON.stringify(o)).length;
  });
  const fromText = compare(bytes, () => {
    for (const t of tools) {
      const d = readJsonText(t);
      if (!d.ok) continue;
      const r = canonicalHash(d.value.value, { contract: true });
      if (r.ok) sink += r.value.hash.length;
    }
  }, () => {
    for (const t of tools) sink += sha(JSON.stringify(JSON.parse(t))).length;
  });

  const line = (label: string, mbs: number): string => `${label.padEnd(46)} ${mbs.toFixed(1).padStart(8)} MB/s\n`;
  process.stdout.write(`corpus: ${tools.length} tools, ${(bytes / 1024).toFixed(1)} KiB from ${source}\n`);
  process.stdout.write('(medians of 9 interleaved rounds)\n');
  process.stdout.write(line('canonical + sha256 (parsed model)', parsed.ours));
  process.stdout.write(line('JSON.stringify + sha256 (parsed object)', parsed.baseline));
  process.stdout.write(`ratio (JSON.stringify / canonical): ${parsed.ratio.toFixed(2)}x  (target: within 3x: ${parsed.ratio <= 3 ? 'met' : 'NOT met'})\n`);
  process.stdout.write(line('read text + canonical + sha256', fromText.ours));
  process.stdout.write(line('JSON.parse + JSON.stringify + sha256', fromText.baseline));
  process.stdout.write(`ratio including parsing: ${fromText.ratio.toFixed(2)}x\n`);
  if (sink === 0) process.stdout.write('(no output)\n');
}
