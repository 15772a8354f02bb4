/**
 * `mcp-audit wrap SERVER… --with PROXY` and `unwrap SERVER…`: rewrite a plain stdio entry into a
 * pinning proxy's documented wiring (the proxy's `wiring`), or restore what it wrapped. A wrap is
 * made only when the wrapped entry is recognised as that proxy again and unwrapping it gives back
 * the original file byte for byte; otherwise it is refused with the reason.
 */
import type { DiscoverOptions } from '../discover/discover.js';
import { audit, type AuditResult } from '../grade/audit.js';
import { coverageOf } from '../grade/coverage.js';
import { recognize } from '../grade/grade.js';
import { unwrap as unwrapChain } from '../launch/unwrap.js';
import type { ServerEntry } from '../parse/types.js';
import { WIRINGS, wiringOf } from '../proxies/wirings.js';
import type { CommandLine, ProxyWiring } from '../proxies/wiring-types.js';
import type { Env } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import type { PointerSegment } from '../parse/document.js';
import { editDoc, notRestored } from './editor.js';
import { commandLineOps, entryFields, fieldsOf, type EntryFields } from './entry-fields.js';
import type { EditOutcome } from './fix.js';
import { docOf, FileSet, planFiles, scopeRefusal, tidy, writeFiles, type EntryPlan, type LoadedFile, type Refusal, type SessionOptions } from './session.js';
import { seamFrom } from './seam.js';
import type { EntryOp } from './types.js';

export interface WrapOptions extends SessionOptions {
  readonly discover: DiscoverOptions;
  readonly servers: readonly string[];
  readonly apply: boolean;
}

/** The entries named on the command line (each file position once, with every host reading it), or a usage error for an unknown name. */
function named(audited: AuditResult, servers: readonly string[]): { entry: ServerEntry; hosts: string[] }[] {
  if (servers.length === 0) throw new UsageError('name at least one server');
  const seen = new Map<string, { entry: ServerEntry; hosts: string[] }>();
  // Each name's entries from one pass over them (a pass per name was quadratic), in their order.
  const byName = new Map<string, ServerEntry[]>();
  for (const e of audited.discovery.entries) {
    const list = byName.get(e.name);
    if (list === undefined) byName.set(e.name, [e]);
    else list.push(e);
  }
  for (const name of servers) {
    const hits = byName.get(name) ?? [];
    if (hits.length === 0) throw new UsageError(`no server entry named ${JSON.stringify(name)} was found`);
    for (const e of hits) {
      const k = `${e.configPath}\u0000${e.origin.pointer}`;
      const known = seen.get(k);
      if (known === undefined) seen.set(k, { entry: e, hosts: [e.host] });
      else if (!known.hosts.includes(e.host)) known.hosts.push(e.host);
    }
  }
  // Other hosts reading the same file (a shared .mcp.json) see the same bytes: each file's hosts,
  // in the entries' order, found in one pass.
  const hostsOf = new Map<string, string[]>();
  for (const e of audited.discovery.entries) {
    const list = hostsOf.get(e.configPath);
    if (list === undefined) hostsOf.set(e.configPath, [e.host]);
    else if (!list.includes(e.host)) list.push(e.host);
  }
  for (const v of seen.values()) {
    for (const host of hostsOf.get(v.entry.configPath) ?? []) if (!v.hosts.includes(host)) v.hosts.push(host);
  }
  return [...seen.values()];
}

/** The entry as it would be read after an edit: its raw object from the edited entry, its command line from its fields. */
function reread(entry: ServerEntry, raw: unknown, entryPath: readonly PointerSegment[]): { entry: ServerEntry; fields: EntryFields } | undefined {
  const f = fieldsOf(raw, entryPath);
  if (typeof f === 'string') return undefined;
  const [command, ...args] = f.argv;
  const { argOrigins: _drop, ...rest } = entry;
  void _drop;
  return { entry: { ...rest, raw, args, ...(command !== undefined ? { command } : {}) }, fields: f };
}

function unwrapOps(entry: ServerEntry, fields: EntryFields, wiring: ProxyWiring, line: CommandLine): EntryOp[] {
  const ops = commandLineOps(fields, line);
  const raw = entry.raw;
  if (wiring.markerKey !== undefined && typeof raw === 'object' && raw !== null && Object.hasOwn(raw, wiring.markerKey)) {
    ops.push({ kind: 'delete', path: [wiring.markerKey] });
  }
  return ops;
}

/** Why `entry` cannot be unwrapped, or its plan. */
function unwrapPlan(entry: ServerEntry, fields: EntryFields): { ops: EntryOp[]; proxy: string } | string {
  const found = recognize(unwrapChain(entry), entry);
  if (found === undefined) return 'it does not run behind a proxy mcp-audit recognises';
  const wiring = wiringOf(found.rec.proxy);
  if (wiring === undefined) return `mcp-audit knows no wiring of ${found.rec.proxy} to undo`;
  const line = wiring.unwrap(found.rec, entry.raw);
  if (line === undefined) return wiring.noWrap ?? `the command ${found.rec.proxy} wraps cannot be read from the entry`;
  return { ops: unwrapOps(entry, fields, wiring, line), proxy: found.rec.proxy };
}

function wrapPlan(entry: ServerEntry, hosts: readonly string[], fields: EntryFields, file: LoadedFile, wiring: ProxyWiring, store: string | undefined): EntryOp[] | string {
  if (entry.transport !== 'stdio') return 'only stdio entries can be wrapped (a remote entry has no command to put behind a proxy)';
  const chain = unwrapChain(entry);
  if (chain.leaf.kind !== 'exec') return 'its launch line cannot be followed, so what it runs is not known';
  const already = recognize(chain, entry);
  if (already?.rec.pins === true) return `it already runs behind ${already.rec.proxy}`;
  if (wiring.wrap === undefined) return wiring.noWrap ?? `${wiring.proxy} has no single-entry wiring`;
  const [command, ...args] = fields.argv;
  if (command === undefined) return 'it has no command';
  const layout = fields.layout;
  const hasArgs = layout.kind === 'array' ? args.length > 0 : layout.hasArgs;
  const out = wiring.wrap({ upstream: hasArgs ? { command, args } : { command }, hosts, ...(store !== undefined ? { store } : {}) });
  if (!out.ok) return out.reason;
  // An array command (opencode, Goose) holds the whole argv; command + args entries get both fields.
  const ops: EntryOp[] = layout.kind === 'array'
    ? [{ kind: 'set', path: [layout.commandKey], value: [out.command, ...out.args] }]
    : [{ kind: 'set', path: [layout.commandKey], value: out.command }, { kind: 'set', path: [layout.argsKey], value: [...out.args] }];
  if (out.marker !== undefined) ops.push({ kind: 'set', path: [out.marker.key], value: out.marker.value });
  // The proof obligations, on the entry's own span: re-read, the wrapped entry is this proxy, and
  // unwrapping restores the entry (so the file) byte for byte.
  const doc = docOf(file, fields.entryPath);
  if (typeof doc === 'string') return doc;
  const wrapped = editDoc(doc, ops);
  if (typeof wrapped === 'string') return wrapped;
  const after = reread(entry, wrapped.entry, fields.entryPath);
  if (after === undefined) return 'the wrapped entry does not read back';
  const back = recognize(unwrapChain(after.entry), after.entry);
  if (back?.rec.proxy !== wiring.proxy) return `the wrapped entry would not be recognised as ${wiring.proxy}`;
  const undo = unwrapPlan(after.entry, after.fields);
  if (typeof undo === 'string') return `it could not be unwrapped again: ${undo}`;
  const restored = editDoc(wrapped, undo.ops);
  if (typeof restored === 'string') return `it could not be unwrapped again: ${restored}`;
  if (restored.text !== doc.text) return notRestored(doc, restored.text);
  return ops;
}

async function run(kind: 'wrap' | 'unwrap', given: WrapOptions & { readonly proxy?: string; readonly store?: string }, env: Env): Promise<EditOutcome> {
  const seam = given.seam ?? seamFrom(env.vars);
  const options = seam === undefined ? given : { ...given, seam };
  const wiring = kind === 'wrap' ? wiringOf(options.proxy ?? '') : undefined;
  if (kind === 'wrap' && wiring === undefined) throw new UsageError(`--with names no proxy mcp-audit can wire (one of: ${WIRINGS.map((w) => w.proxy).join(', ')})`);
  // The edits are computed on the bytes this audit reads (FileSet shares its read cache).
  const files = new FileSet();
  const audited = await audit({ ...options.discover, cache: files.cache }, env);
  await options.seam?.('audited', audited.discovery.home.path);
  const entries = named(audited, options.servers);
  const plans: EntryPlan[] = [];
  const refusals: Refusal[] = [];
  const loaded = new Map<string, LoadedFile>();
  for (const { entry, hosts } of entries) {
    const refuse = (reason: string): void => { refusals.push({ server: entry.name, file: entry.configPath, reason }); };
    const scope = scopeRefusal(entry, options);
    if (scope !== undefined) { refuse(scope); continue; }
    const file = await files.load(entry);
    if (typeof file === 'string') { refuse(file); continue; }
    loaded.set(file.file, file);
    const fields = entryFields(entry, file.value);
    if (typeof fields === 'string') { refuse(fields); continue; }
    if (kind === 'wrap' && wiring !== undefined) {
      const ops = wrapPlan(entry, hosts, fields, file, wiring, options.store);
      if (typeof ops === 'string') refuse(ops);
      else plans.push({ entry, ops, what: [`wrap in ${wiring.proxy}`], entryPath: fields.entryPath });
    } else {
      const undo = unwrapPlan(entry, fields);
      if (typeof undo === 'string') refuse(undo);
      else plans.push({ entry, ops: undo.ops, what: [`unwrap from ${undo.proxy}`], entryPath: fields.entryPath });
    }
  }
  const planned = planFiles(plans, loaded);
  const base = {
    home: audited.discovery.home.path, entries: audited.discovery.entries, files: planned.files,
    refusals: [...refusals, ...planned.refusals], remaining: [], before: coverageOf(audited.rows),
  };
  if (!options.apply) return base;
  const w = await writeFiles(planned.files, options);
  const tidied = await tidy(audited.discovery.entries, options, audited.discovery.locations);
  if (planned.files.length === 0) return { ...base, ...(tidied.length > 0 ? { swept: tidied } : {}) };
  const again = await audit(options.discover, env);
  return { ...base, refusals: [...base.refusals, ...w.refusals], written: w.written, swept: [...w.swept, ...tidied], after: coverageOf(again.rows) };
}

export function runWrap(options: WrapOptions & { readonly proxy: string; readonly store?: string }, env: Env): Promise<EditOutcome> {
  return run('wrap', options, env);
}

export function runUnwrap(options: WrapOptions, env: Env): Promise<EditOutcome> {
  return run('unwrap', options, env);
}
