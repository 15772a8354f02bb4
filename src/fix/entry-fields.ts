/**
 * Where an entry keeps its command line and its env inside the file: the paths edits write to.
 * Read from the entry's own origins (the pointer the parser recorded) and its raw object, so an
 * entry whose fields the editor cannot place is refused rather than guessed at.
 */
import type { PointerSegment } from '../parse/document.js';
import type { ServerEntry } from '../parse/types.js';
import type { ArgvChange, CommandLine } from '../proxies/wiring-types.js';
import type { EntryOp } from './types.js';
import { isStringArray } from './values.js';
import { append } from '../shared/lists.js';

export interface EntryFields {
  readonly entryPath: readonly PointerSegment[];
  /** `command` + `args` (split), or one array whose first element is the program (opencode, Goose `cmd`…). */
  readonly layout:
    | { readonly kind: 'split'; readonly commandKey: string; readonly argsKey: string; readonly hasArgs: boolean }
    | { readonly kind: 'array'; readonly commandKey: string };
  readonly argv: readonly string[];
}

/** RFC 6901 pointer → segments, array indexes as numbers (found by walking the document). */
export function pointerPath(pointer: string, root: unknown): PointerSegment[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const out: PointerSegment[] = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(seg)) return undefined;
      const i = Number(seg);
      out.push(i);
      node = node[i];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, seg)) {
      out.push(seg);
      node = Reflect.get(node, seg);
    } else {
      return undefined;
    }
  }
  return out;
}

const COMMAND_KEYS = ['command', 'cmd'];
const ARGS_KEYS = ['args'];

/** The fields of a stdio entry, or why the editor cannot place them. */
export function entryFields(entry: ServerEntry, root: unknown): EntryFields | string {
  const entryPath = pointerPath(entry.origin.pointer, root);
  if (entryPath === undefined) return 'the entry could not be found in the file as read now';
  return fieldsOf(entry.raw, entryPath);
}

/** The fields of the entry object `raw` found at `entryPath`, or why the editor cannot place them. */
export function fieldsOf(raw: unknown, entryPath: readonly PointerSegment[]): EntryFields | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'the entry is not an object';
  const commandKey = COMMAND_KEYS.find((k) => Object.hasOwn(raw, k));
  if (commandKey === undefined) return 'the entry has no command field mcp-audit can edit (a remote or nested entry)';
  const command: unknown = Reflect.get(raw, commandKey);
  if (isStringArray(command) && command.length > 0) {
    if (ARGS_KEYS.some((k) => Object.hasOwn(raw, k))) return 'the entry has both an array command and args';
    return { entryPath, layout: { kind: 'array', commandKey }, argv: command };
  }
  if (typeof command !== 'string') return 'the entry\'s command is not a string';
  const argsKey = ARGS_KEYS.find((k) => Object.hasOwn(raw, k)) ?? 'args';
  const args: unknown = Reflect.get(raw, argsKey);
  if (args !== undefined && !isStringArray(args)) return 'the entry\'s args are not all strings';
  return { entryPath, layout: { kind: 'split', commandKey, argsKey, hasArgs: args !== undefined }, argv: [command, ...(args ?? [])] };
}

/** The ops that carry out argv changes (removals highest index first, so earlier indexes stay true). */
/** The argv after a change (removals, replacements, insertions), for a change the element ops cannot express. */
function changedArgv(argv: readonly string[], change: ArgvChange): string[] {
  const gone = new Set(change.remove);
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (!gone.has(i)) out.push(change.replace?.find((r) => r.index === i)?.value ?? a);
    for (const ins of change.insert ?? []) if (ins.after === i) append(out, ins.values);
  });
  return out;
}

export function argvOps(fields: EntryFields, change: ArgvChange): EntryOp[] | string {
  if ((change.insert ?? []).length > 0) {
    // An insertion: the whole argv field is written again, in the layout of the one it replaces.
    const next = changedArgv(fields.argv, change);
    if (next[0] !== fields.argv[0] || change.remove.includes(0)) return 'the change would alter the program itself';
    if (fields.layout.kind === 'array') return [{ kind: 'set', path: [fields.layout.commandKey], value: next }];
    return [{ kind: 'set', path: [fields.layout.argsKey], value: next.slice(1) }];
  }
  const at = (i: number): PointerSegment[] | string => {
    if (fields.layout.kind === 'array') return [fields.layout.commandKey, i];
    if (i === 0) return 'the change would remove the program itself';
    return [fields.layout.argsKey, i - 1];
  };
  const ops: EntryOp[] = [];
  for (const r of change.replace ?? []) {
    const p = at(r.index);
    if (typeof p === 'string') return p;
    ops.push({ kind: 'set', path: p, value: r.value });
  }
  for (const i of [...new Set(change.remove)].sort((a, b) => b - a)) {
    if (i >= fields.argv.length) return 'the change names an argument the entry does not have';
    const p = at(i);
    if (typeof p === 'string') return p;
    ops.push({ kind: 'delete', path: p });
  }
  return ops;
}

/** The ops that give the entry a new command line (unset args removed when `line.args` is absent). */
export function commandLineOps(fields: EntryFields, line: CommandLine): EntryOp[] {
  if (fields.layout.kind === 'array') return [{ kind: 'set', path: [fields.layout.commandKey], value: [line.command, ...(line.args ?? [])] }];
  const ops: EntryOp[] = [{ kind: 'set', path: [fields.layout.commandKey], value: line.command }];
  if (line.args === undefined) ops.push({ kind: 'delete', path: [fields.layout.argsKey] });
  else ops.push({ kind: 'set', path: [fields.layout.argsKey], value: [...line.args] });
  return ops;
}

/** The path of an env variable set by the entry itself (not by the launch line), if any. */
export function envPath(entry: ServerEntry, name: string, root: unknown, windows: boolean): PointerSegment[] | undefined {
  let origin = Object.hasOwn(entry.envOrigins, name) ? entry.envOrigins[name] : undefined;
  if (origin === undefined && windows) {
    const key = Object.keys(entry.envOrigins).find((k) => k.toUpperCase() === name.toUpperCase());
    origin = key === undefined ? undefined : entry.envOrigins[key];
  }
  return origin === undefined ? undefined : pointerPath(origin.pointer, root);
}
