/**
 * The server-scoped surface (§7.G): instructions (text ladder), identity (name / title, never
 * version), capabilities, and prompts with their arguments. Compared only when both snapshots
 * carry that surface.
 */
import { emit, emitText, type Scope } from './emit.js';
import { isObject, ptr, same, someString } from './json.js';
import { styleSkeleton } from './names.js';
import { byName } from './tool-set.js';
import type { Delta, JsonObject, PromptContract, Snapshot } from './types.js';

export function diffServer(a: Snapshot, b: Snapshot, out: Delta[]): void {
  const scope: Scope = { out };
  if (a.server !== undefined && b.server !== undefined) {
    const sa = a.server;
    const sb = b.server;
    emitText(scope, 'instructions', '/instructions', sa.instructions, sb.instructions);
    diffServerInfo(scope, sa.serverInfo ?? {}, sb.serverInfo ?? {});
    if (!same(sa.capabilities, sb.capabilities)) emit(scope, 'server-capabilities-changed', '/capabilities', sa.capabilities, sb.capabilities);
  }
  if (a.prompts !== undefined && b.prompts !== undefined) diffPrompts(a.prompts, b.prompts, out);
}

/** `serverInfo.version` is recorded but not pinned (§7.G: a useless drift signal). */
const UNPINNED = new Set(['version']);

/**
 * serverInfo (2025-11-25 `Implementation`: name, title, version, description, icons, websiteUrl;
 * modelcontextprotocol/modelcontextprotocol schema/2025-11-25/schema.ts `Implementation`). Every
 * other member that changes is server-changed-unclassified (the server-level fallback).
 */
function diffServerInfo(scope: Scope, a: JsonObject, b: JsonObject): void {
  const at = (k: string): string => ptr('/serverInfo', k);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[key];
    const y = b[key];
    if (UNPINNED.has(key) || same(x, y)) continue;
    if (key === 'name' || key === 'title') emit(scope, 'server-identity-changed', at(key), x, y);
    else if (key === 'description') emitText(scope, 'server-description', at(key), x, y);
    else if (key === 'websiteUrl') emit(scope, 'server-website-changed', at(key), x, y, { full: true });
    else if (key === 'icons') {
      const dataUri = someString(y, (s) => /^\s*data:/i.test(s)) && !someString(x, (s) => /^\s*data:/i.test(s));
      emit(scope, 'server-icons-changed', at(key), x, y, { long: true, ...(dataUri ? { severity: 'medium', details: { flags: ['data-uri-added'] } } : {}) });
    } else emit(scope, 'server-changed-unclassified', at(key), x, y, { long: true, details: { reason: 'serverInfo member no kind explains' } });
  }
}

function diffPrompts(pa: readonly PromptContract[], pb: readonly PromptContract[], out: Delta[]): void {
  const top: Scope = { out };
  const A = byName(pa, 'old', top, '/prompts');
  const B = byName(pb, 'new', top, '/prompts');
  const removed: PromptContract[] = [];
  for (const [name, p] of A) {
    const n = B.get(name);
    if (n === undefined) removed.push(p);
    else diffPrompt(p, n, out);
  }
  const added = [...B.values()].filter((p) => !A.has(p.name));
  const pairedNew = new Set<PromptContract>();
  for (const r of removed) {
    const sk = styleSkeleton(r.name);
    const hits = added.filter((n) => !pairedNew.has(n) && styleSkeleton(n.name) === sk);
    const n = hits[0];
    if (hits.length === 1 && n !== undefined && removed.filter((x) => styleSkeleton(x.name) === sk).length === 1) {
      emit({ out, prompt: n.name }, 'prompt-renamed-style-only', '/name', r.name, n.name, { details: { renamedFrom: r.name } });
      diffPrompt(r, n, out);
      pairedNew.add(n);
    } else emit({ out, prompt: r.name }, 'prompt-removed', '', r.raw, undefined);
  }
  for (const n of added) if (!pairedNew.has(n)) emit({ out, prompt: n.name }, 'prompt-added', '', undefined, n.raw);
}

interface Argument {
  readonly name: string;
  readonly raw: JsonObject;
}

const argumentsOf = (p: JsonObject): Map<string, Argument> => {
  const m = new Map<string, Argument>();
  const list = p['arguments'];
  if (Array.isArray(list)) {
    for (const x of list) if (isObject(x) && typeof x['name'] === 'string' && !m.has(x['name'])) m.set(x['name'], { name: x['name'], raw: x });
  }
  return m;
};

const PROMPT_FIELDS = new Set(['name', 'title', 'description', 'arguments']);
const ARG_FIELDS = new Set(['name', 'description', 'required']);

function diffPrompt(oldP: PromptContract, newP: PromptContract, out: Delta[]): void {
  const a = oldP.raw;
  const b = newP.raw;
  if (oldP.name === newP.name && same(a, b)) return;
  const scope: Scope = { out, prompt: newP.name };
  const start = out.length;
  emitText(scope, 'prompt-title', '/title', a['title'], b['title']);
  emitText(scope, 'prompt-description', '/description', a['description'], b['description']);
  const A = argumentsOf(a);
  const B = argumentsOf(b);
  for (const [name, x] of A) {
    const at = ptr('/arguments', name);
    const y = B.get(name);
    if (y === undefined) { emit(scope, 'prompt-argument-removed', at, x.raw, undefined); continue; }
    const ra = x.raw['required'] === true;
    const rb = y.raw['required'] === true;
    if (ra !== rb) emit(scope, rb ? 'prompt-argument-made-required' : 'prompt-argument-made-optional', ptr(at, 'required'), ra, rb);
    emitText(scope, 'prompt-argument-description', ptr(at, 'description'), x.raw['description'], y.raw['description']);
    for (const key of new Set([...Object.keys(x.raw), ...Object.keys(y.raw)])) {
      if (!ARG_FIELDS.has(key) && !same(x.raw[key], y.raw[key])) emit(scope, 'prompt-changed-unclassified', ptr(at, key), x.raw[key], y.raw[key]);
    }
  }
  for (const [name, y] of B) {
    if (A.has(name)) continue;
    emit(scope, y.raw['required'] === true ? 'prompt-argument-added-required' : 'prompt-argument-added-optional', ptr('/arguments', name), undefined, y.raw);
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!PROMPT_FIELDS.has(key) && !same(a[key], b[key])) emit(scope, 'prompt-changed-unclassified', ptr('', key), a[key], b[key]);
  }
  if (out.length === start && oldP.name === newP.name) emit(scope, 'prompt-changed-unclassified', '', a, b, { long: true });
}
