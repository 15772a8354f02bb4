/** Load `fixtures/proxies/<case>.json`: a host entry as written, its name, and the expected recognition fields. */
import { readFileSync } from 'node:fs';
import { entry } from '../launch/entry-fixture.js';
import type { ServerEntry } from '../../src/parse/types.js';

export interface ProxyCase {
  readonly entry: ServerEntry;
  readonly expected: Readonly<Record<string, unknown>>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((a) => typeof a === 'string') ? v.filter((a): a is string => typeof a === 'string') : undefined;
}

function env(v: unknown): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (!isRecord(v)) return out;
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || x === null) out[k] = x;
  return out;
}

export function loadCase(name: string): ProxyCase {
  const text = readFileSync(new URL(`../../../fixtures/proxies/${name}.json`, import.meta.url), 'utf8');
  const data: unknown = JSON.parse(text);
  if (!isRecord(data) || !isRecord(data['entry']) || typeof data['name'] !== 'string' || !isRecord(data['expected'])) {
    throw new Error(`fixture ${name}: needs name, entry and expected`);
  }
  const raw = data['entry'];
  const command = typeof raw['command'] === 'string' ? raw['command'] : undefined;
  const url = typeof raw['url'] === 'string' ? raw['url'] : undefined;
  const cwd = typeof raw['cwd'] === 'string' ? raw['cwd'] : undefined;
  const e = entry({
    name: data['name'], raw, args: strings(raw['args']) ?? [], env: env(raw['env']),
    ...(command === undefined ? {} : { command }), ...(url === undefined ? {} : { url }), ...(cwd === undefined ? {} : { cwd }),
  });
  return { entry: e, expected: data['expected'] };
}
