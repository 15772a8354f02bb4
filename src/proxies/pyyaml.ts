/**
 * A YAML document read as PyYAML's `yaml.safe_load` reads it (YAML 1.1, SafeLoader), for proxies
 * written in Python that load their config that way (Hangar: mcp-hangar/mcp-hangar@2a9921f:
 * src/mcp_hangar/server/config.py `load_config_from_file`). The `yaml` package parses the syntax
 * (failsafe schema: every scalar a string, no merging, every pair kept); what the values are is then
 * decided here, as PyYAML 6.0 decides it (yaml/pyyaml@6.0.1, the same in 6.0.3):
 *   - lib/yaml/resolver.py: the implicit resolvers of plain scalars, each regexp as written there
 *     (bool is `yes|Yes|YES|…|off|Off|OFF`, never `y`/`n`; `1e3` is a string; `=` and `<<` as values
 *     have no constructor);
 *   - lib/yaml/constructor.py SafeConstructor: `flatten_mapping` (every `<<` key's pairs go before the
 *     mapping's own, a later `<<` after an earlier one, a list of mappings reversed so its first item
 *     wins; then a plain dict, so a repeated key keeps its first position and its last value),
 *     `construct_yaml_int/float/bool/null/timestamp`, unhashable keys refused;
 *   - lib/yaml/composer.py: a repeated anchor is an error; lib/yaml/reader.py: NON_PRINTABLE.
 * Three outcomes: the value; PyYAML raises (the proxy refuses to start); or a construct this
 * reader does not model (a recursive alias, an unusual tag, a YAML 1.1 line break), whose reading is
 * then not proven to be PyYAML's.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseAllDocuments, visit } from 'yaml';
import type { Document, Pair } from 'yaml';
import { append } from '../shared/lists.js';

/** A timestamp (`datetime.date` / `datetime.datetime` in Python): truthy, never a string. */
export class PyTimestamp {
  constructor(readonly text: string) {}
  toString(): string { return this.text; }
}
/** A mapping key that is not a `str` (int, float, bool, None): kept distinct from every string key. */
export class PyKey {
  constructor(readonly value: PyValue) {}
  /** Python's `str()` of the key. */
  toString(): string { return pyStr(this.value); }
}
/** str → string, int → bigint, float → number, bool → boolean, None → null, list → Array, dict → Map. */
export type PyValue = string | bigint | number | boolean | null | PyTimestamp | PyKey | PyValue[] | Map<string | PyKey, PyValue>;

export type PyLoad =
  | { readonly ok: true; readonly value: PyValue }
  /** `refused`: PyYAML raises on this text; otherwise mcp-audit does not model what PyYAML would make of it. */
  | { readonly ok: false; readonly refused: boolean; readonly reason: string };

const STR = 'tag:yaml.org,2002:str';
const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';
const BOOL = 'tag:yaml.org,2002:bool';
const NULL = 'tag:yaml.org,2002:null';
const MAP = 'tag:yaml.org,2002:map';
const SEQ = 'tag:yaml.org,2002:seq';
const MERGE = 'tag:yaml.org,2002:merge';
const SCALAR_TAGS = new Set([STR, INT, FLOAT, BOOL, NULL]);

// lib/yaml/resolver.py, verbatim but for the verbose-mode whitespace.
const BOOL_RE = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT_RE = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT_RE = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL_RE = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP_RE = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?)$/;
// constructor.py SafeConstructor.timestamp_regexp.
const TIMESTAMP_PARTS = /^([0-9]{4})-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9]{2}):([0-9]{2})(?:\.[0-9]*)?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9]{2}))?))?)?$/;
const BOOL_VALUES: Readonly<Record<string, boolean>> = { yes: true, no: false, true: true, false: false, on: true, off: false };
// reader.py Reader.NON_PRINTABLE.
const NON_PRINTABLE = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** A %YAML directive: PyYAML refuses any major version but 1 (parser.py process_directives). */
const YAML_DIRECTIVE = /^%YAML[ \t]+([0-9]+)\./m;
/** YAML 1.1 line breaks PyYAML's scanner honours and a YAML 1.2 parser reads as content. */
const LINE_BREAKS_11 = /[\x85\u2028\u2029]/;
/** The most values a document may expand to through its aliases before it is not read. */
const MAX_EXPANDED = 100_000;

class Stop {
  constructor(readonly refused: boolean, readonly reason: string) {}
}
const refuse = (reason: string): Stop => new Stop(true, reason);
const unmodelled = (reason: string): Stop => new Stop(false, reason);

/** Python's `str()` of a decoded value (for a non-string key shown as a name). */
export function pyStr(v: PyValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (typeof v === 'bigint' || typeof v === 'string') return String(v);
  if (v instanceof PyTimestamp || v instanceof PyKey) return v.toString();
  return Array.isArray(v) ? '[…]' : '{…}';
}

function toInt(text: string): bigint {
  let v = text.replace(/_/g, '');
  const sign = v.startsWith('-') ? -1n : 1n;
  if (v.startsWith('-') || v.startsWith('+')) v = v.slice(1);
  if (v === '0') return 0n;
  const digits = (prefix: string, rest: string): bigint => {
    // int('', base) raises ValueError: PyYAML lets it through, so the load fails.
    if (rest === '') throw refuse(`${text} is not a number PyYAML can construct (int() of an empty string)`);
    return sign * BigInt(`${prefix}${rest}`);
  };
  if (v.startsWith('0b')) return digits('0b', v.slice(2));
  if (v.startsWith('0x')) return digits('0x', v.slice(2));
  if (v.startsWith('0')) return digits('0o', v);
  if (v.includes(':')) return sign * v.split(':').reduce((acc, part) => acc * 60n + BigInt(part), 0n);
  return sign * BigInt(v);
}

function toFloat(text: string): number {
  let v = text.replace(/_/g, '').toLowerCase();
  const sign = v.startsWith('-') ? -1 : 1;
  if (v.startsWith('-') || v.startsWith('+')) v = v.slice(1);
  if (v === '.inf') return sign * Infinity;
  if (v === '.nan') return NaN;
  if (v.includes(':')) return sign * v.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
  return sign * Number(v);
}

const daysIn = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** construct_yaml_timestamp: `datetime.date` / `datetime.datetime` raise ValueError out of range. */
function toTimestamp(text: string): PyTimestamp {
  const m = TIMESTAMP_PARTS.exec(text);
  if (m === null) throw unmodelled(`the timestamp ${text}`);
  const n = (i: number): number => Number(m[i] ?? '0');
  const [year, month, day] = [n(1), n(2), n(3)];
  const bad = (what: string): Stop => refuse(`${text} is not a date PyYAML can construct (${what} out of range)`);
  if (year < 1) throw bad('year');
  if (month < 1 || month > 12) throw bad('month');
  if (day < 1 || day > daysIn(year, month)) throw bad('day');
  if (m[4] !== undefined) {
    if (n(4) > 23) throw bad('hour');
    if (n(5) > 59) throw bad('minute');
    if (n(6) > 59) throw bad('second');
    // datetime.timezone(delta) needs -24h < delta < 24h.
    if (m[8] !== undefined && n(9) * 60 + n(10) >= 24 * 60) throw bad('UTC offset');
  }
  return new PyTimestamp(text);
}

/** Resolves a plain (untagged, unquoted) scalar as Resolver.resolve, then constructs it. */
function plainValue(text: string): PyValue {
  if (BOOL_RE.test(text)) return BOOL_VALUES[text.toLowerCase()] ?? null;
  if (FLOAT_RE.test(text)) return toFloat(text);
  if (INT_RE.test(text)) return toInt(text);
  if (text === '<<') throw refuse('`<<` stands as a value, which PyYAML cannot construct (tag:yaml.org,2002:merge)');
  if (NULL_RE.test(text)) return null;
  if (TIMESTAMP_RE.test(text)) return toTimestamp(text);
  if (text === '=') throw refuse('`=` stands as a value, which PyYAML cannot construct (tag:yaml.org,2002:value)');
  return text;
}

function taggedScalar(tag: string, text: string): PyValue {
  switch (tag) {
    case STR: return text;
    case NULL: return null;
    case BOOL: {
      const b = BOOL_VALUES[text.toLowerCase()];
      if (b === undefined) throw refuse(`!!bool ${text} is not a boolean PyYAML knows`);
      return b;
    }
    case INT:
      if (!INT_RE.test(text)) throw unmodelled(`!!int on ${JSON.stringify(text)}`);
      return toInt(text);
    case FLOAT:
      if (!FLOAT_RE.test(text)) throw unmodelled(`!!float on ${JSON.stringify(text)}`);
      return toFloat(text);
    case MAP: case SEQ: throw refuse(`${tag} on a scalar: PyYAML expects a collection`);
    default: throw unmodelled(`the tag ${tag}`);
  }
}

/** Python's dict key identity: `1`, `1.0` and `True` are one key; NaN is never equal to itself. */
function keyId(v: PyValue): string {
  if (typeof v === 'string') return `s${v}`;
  if (v === null) return 'none';
  if (typeof v === 'boolean') return `n${v ? 1 : 0}`;
  if (typeof v === 'bigint') return `n${v}`;
  if (typeof v === 'number') {
    // Every `.nan` is SafeConstructor's one nan_value object: dict lookup finds it by identity.
    if (Number.isNaN(v)) return 'fnan';
    return Number.isInteger(v) ? `n${BigInt(v)}` : `f${v}`;
  }
  if (v instanceof PyTimestamp) throw unmodelled('a timestamp used as a mapping key');
  throw refuse('a list or mapping used as a mapping key (unhashable in Python)');
}

type Item = readonly [unknown, unknown];

class Constructor {
  private readonly values = new Map<unknown, PyValue>();
  private readonly flat = new Map<unknown, readonly Item[]>();
  private readonly building = new Set<unknown>();
  private readonly flattening = new Set<unknown>();

  constructor(private readonly doc: Document) {}

  private deref(node: unknown): unknown {
    if (!isAlias(node)) return node;
    const target = node.resolve(this.doc);
    if (target === undefined) throw refuse('an alias to no anchor before it (PyYAML: found undefined alias)');
    return target;
  }

  /** A mapping node's pairs, or undefined when the node is not a mapping (a lone pair in a flow sequence is one). */
  private pairsOf(node: unknown): readonly Pair[] | undefined {
    if (isMap(node)) return node.items;
    if (isPair(node)) return [node];
    return undefined;
  }

  private isMergeKey(node: unknown): boolean {
    const k = this.deref(node);
    if (!isScalar(k)) return false;
    if (k.tag !== undefined) return k.tag === MERGE;
    return k.type === 'PLAIN' && k.value === '<<';
  }

  /** SafeConstructor.flatten_mapping: merged pairs first (in merge order), then the mapping's own. */
  private flatten(node: unknown): readonly Item[] {
    const done = this.flat.get(node);
    if (done !== undefined) return done;
    const pairs = this.pairsOf(node) ?? [];
    if (this.flattening.has(node)) throw unmodelled('a recursive alias');
    this.flattening.add(node);
    const merged: Item[] = [];
    const own: Item[] = [];
    for (const pair of pairs) {
      if (!this.isMergeKey(pair.key)) { own.push([pair.key, pair.value]); continue; }
      const v = this.deref(pair.value);
      if (this.pairsOf(v) !== undefined) append(merged, this.flatten(v));
      else if (isSeq(v)) {
        const subs = v.items.map((item) => {
          const sub = this.deref(item);
          if (this.pairsOf(sub) === undefined) throw refuse('a `<<` list holds something other than mappings');
          return this.flatten(sub);
        });
        for (const sub of subs.reverse()) append(merged, sub);
      } else throw refuse('a `<<` merge key whose value is not a mapping or a list of mappings');
    }
    this.flattening.delete(node);
    const out = [...merged, ...own];
    this.flat.set(node, out);
    return out;
  }

  construct(node0: unknown): PyValue {
    const node = this.deref(node0);
    if (node === null || node === undefined) return null; // an empty node: the plain scalar ''
    const known = this.values.get(node);
    if (known !== undefined) return known;
    let value: PyValue;
    if (isScalar(node)) {
      const text = typeof node.value === 'string' ? node.value : String(node.value ?? '');
      if (node.tag !== undefined) value = taggedScalar(node.tag, text);
      else value = node.type === 'PLAIN' || node.type === undefined ? plainValue(text) : text;
    } else if (this.pairsOf(node) !== undefined || isSeq(node)) {
      const tag = (isMap(node) || isSeq(node)) ? node.tag : undefined;
      const want = isSeq(node) ? SEQ : MAP;
      if (tag !== undefined && tag !== want) throw SCALAR_TAGS.has(tag) || tag === MAP || tag === SEQ ? refuse(`${tag} on a collection of the other kind`) : unmodelled(`the tag ${tag}`);
      if (this.building.has(node)) throw unmodelled('a recursive alias');
      this.building.add(node);
      value = isSeq(node) ? node.items.map((item) => this.construct(item)) : this.mapping(node);
      this.building.delete(node);
    } else throw unmodelled('a YAML node of an unknown kind');
    this.values.set(node, value);
    return value;
  }

  private mapping(node: unknown): Map<string | PyKey, PyValue> {
    const out = new Map<string | PyKey, PyValue>();
    const byId = new Map<string, string | PyKey>();
    for (const [k, v] of this.flatten(node)) {
      // flatten_mapping retags a plain `=` key as a string.
      const kn = this.deref(k);
      const key = isScalar(kn) && kn.tag === undefined && kn.type === 'PLAIN' && kn.value === '=' ? '=' : this.construct(k);
      const id = keyId(key);
      const value = this.construct(v);
      const existing = byId.get(id);
      if (existing !== undefined) { out.set(existing, value); continue; }
      const jsKey = typeof key === 'string' ? key : new PyKey(key);
      out.set(jsKey, value);
      byId.set(id, jsKey);
    }
    return out;
  }
}

/** How many values the document expands to, each alias counted again; stops above `MAX_EXPANDED`. */
function expandedSize(v: PyValue, memo: Map<object, number>): number {
  if (!(v instanceof Map) && !Array.isArray(v)) return 1;
  const known = memo.get(v);
  if (known !== undefined) return known;
  let n = 1;
  for (const x of v instanceof Map ? v.values() : v) {
    n += expandedSize(x, memo);
    if (n > MAX_EXPANDED) break;
  }
  memo.set(v, n);
  return n;
}

const INVALID = 'invalid YAML (mcp-audit\'s parser rejects it)';

/** `yaml.safe_load(text)` for one document. */
export function safeLoad(text: string): PyLoad {
  if (NON_PRINTABLE.test(text)) return { ok: false, refused: true, reason: 'a character PyYAML does not accept (yaml/reader.py NON_PRINTABLE)' };
  if (LINE_BREAKS_11.test(text)) return { ok: false, refused: false, reason: 'a NEL, LS or PS character, a line break to PyYAML but not to mcp-audit\'s parser' };
  // PyYAML's scanner takes a tab for indentation or separation nearly nowhere outside quotes; the
  // `yaml` parser takes it in more places, so a file with a tab is not claimed to read alike.
  if (text.includes('\t')) return { ok: false, refused: false, reason: 'a tab character, which PyYAML accepts in fewer places than mcp-audit\'s parser' };
  // A `...` before any document: PyYAML's parser refuses it, `yaml` reads an empty document.
  if (/^(?:[ \r\n]*(?:#[^\n]*)?\n)*\.\.\.(?:[ \r\n]|$)/.test(text.replace(/^\uFEFF/, ''))) return { ok: false, refused: false, reason: 'a document end marker before any document' };
  const major = YAML_DIRECTIVE.exec(text)?.[1];
  if (major !== undefined && major !== '1') return { ok: false, refused: true, reason: `a %YAML ${major}.x directive (PyYAML reads only YAML 1)` };
  let docs: Document[];
  try {
    docs = [...parseAllDocuments(text, { schema: 'failsafe', merge: false, uniqueKeys: false, version: '1.1', logLevel: 'silent', prettyErrors: false, keepSourceTokens: true })];
  } catch {
    return { ok: false, refused: false, reason: INVALID };
  }
  // No parser text in the reason: it can quote the file, and the file can hold secrets. Not
  // `refused`: that the `yaml` parser rejects it does not prove that PyYAML does.
  if (docs.some((d) => d.errors.length > 0)) return { ok: false, refused: false, reason: INVALID };
  // composer.py get_single_node: no document is None, a second one an error.
  const [doc, ...more] = docs;
  if (doc === undefined) return { ok: true, value: null };
  if (more.length > 0) return { ok: false, refused: true, reason: 'more than one YAML document (PyYAML safe_load expects a single document)' };
  const anchors = new Set<string>();
  let problem: string | undefined;
  visit(doc, (_key, node) => {
    const anchor = isScalar(node) || isCollection(node) ? node.anchor : undefined;
    if (anchor !== undefined) {
      if (anchors.has(anchor)) problem = 'a repeated anchor (PyYAML: found duplicate anchor)';
      anchors.add(anchor);
    }
    // A pair with neither a key nor `?`: PyYAML's parser expects a key there (`: b`, `{: b}`).
    if (isPair(node) && node.srcToken !== undefined && node.srcToken.key == null && !node.srcToken.start.some((t) => t.type === 'explicit-key-ind')) {
      problem = 'a mapping entry with no key (PyYAML: while parsing a block mapping)';
    }
  });
  if (problem !== undefined) return { ok: false, refused: true, reason: problem };
  try {
    const value = new Constructor(doc).construct(doc.contents);
    if (expandedSize(value, new Map()) > MAX_EXPANDED) return { ok: false, refused: false, reason: `aliases that expand to more than ${MAX_EXPANDED} values` };
    return { ok: true, value };
  } catch (e: unknown) {
    if (e instanceof Stop) return { ok: false, refused: e.refused, reason: e.reason };
    throw e;
  }
}
