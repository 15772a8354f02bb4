/**
 * YAML edits through the `yaml` Document API (comments, order, flow or block style and scalar
 * quoting kept: a replaced scalar keeps its node, a replaced sequence keeps its node and writes its
 * new items in the quoting its old items used). Only the edited entry's text is taken from the
 * re-printed document and spliced into the original, so everything outside it stays byte for byte.
 */
import { Scalar, isMap, isNode, isScalar, isSeq, parseDocument, stringify, type Document, type Node } from 'yaml';
import type { PointerSegment } from '../parse/document.js';
import { breaksOf, lineStart, nextLineStart, splice, startsLine, styleOf } from './text-style.js';
import { edited, refused, type EditResult, type EntryOp, type PlainValue, type Span } from './types.js';

type ScalarType = Scalar['type'];

function parse(text: string): Document | undefined {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const doc = parseDocument(source, { uniqueKeys: false, keepSourceTokens: false, logLevel: 'error' });
  return doc.errors.length === 0 ? doc : undefined;
}

const bomLength = (text: string): number => (text.charCodeAt(0) === 0xfeff ? 1 : 0);

function nodeAt(doc: Document, path: readonly PointerSegment[]): Node | undefined {
  const n: unknown = doc.getIn(path, true);
  return isMap(n) || isSeq(n) || isScalar(n) ? n : undefined;
}

/** The quoting the items of a sequence share (undefined when they differ or there are none). */
function itemStyle(seq: Node): ScalarType | undefined {
  if (!isSeq(seq)) return undefined;
  const types = new Set(seq.items.map((i) => (isScalar(i) ? i.type : undefined)));
  if (types.size !== 1) return undefined;
  const [t] = [...types];
  return t;
}

function scalarNode(doc: Document, v: PlainValue, type: ScalarType | undefined): Node {
  const n = doc.createNode(v);
  if (isScalar(n) && typeof v === 'string' && type !== undefined) n.type = type;
  return n;
}

function applyOp(doc: Document, entryPath: readonly PointerSegment[], op: EntryOp): string | undefined {
  const full = [...entryPath, ...op.path];
  if (op.kind === 'delete') {
    if (doc.hasIn(full)) doc.deleteIn(full);
    return undefined;
  }
  const old = nodeAt(doc, full);
  const v = op.value;
  if (old !== undefined && isScalar(old) && (v === null || typeof v !== 'object')) {
    old.value = v;
    return undefined;
  }
  if (old !== undefined && isSeq(old) && Array.isArray(v)) {
    const items: readonly PlainValue[] = v;
    const style = itemStyle(old);
    old.items = items.map((x) => scalarNode(doc, x, style));
    return undefined;
  }
  const parent = nodeAt(doc, full.slice(0, -1));
  if (old === undefined && parent !== undefined && !isMap(parent)) return `no map to add ${String(full[full.length - 1])} to`;
  doc.setIn(full, doc.createNode(v));
  return undefined;
}

function entryRange(doc: Document, entryPath: readonly PointerSegment[]): Span | undefined {
  const n = nodeAt(doc, entryPath);
  const r = n?.range;
  return r === undefined || r === null ? undefined : { start: r[0], end: r[1] };
}

/** A scalar in the quoting of the node it replaces (plain only when it reads back as the same string). */
function scalarText(v: PlainValue, type: ScalarType | undefined): string | undefined {
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string' || v.includes('\n')) return undefined;
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(v);
  if (type === 'QUOTE_SINGLE') return `'${v.replace(/'/g, "''")}'`;
  if (type !== undefined && type !== 'PLAIN') return undefined;
  const probe = parseDocument(`k: ${v}\n`, { logLevel: 'error' });
  return probe.errors.length === 0 && probe.get('k') === v && v.trim() === v && v !== '' ? v : JSON.stringify(v);
}

/** End of the line a node ends on, line break included. */
function lineAfter(text: string, end: number): number {
  return end > 0 && text[end - 1] === '\n' ? end : nextLineStart(text, end);
}

/** One op as a text splice at the node's own range; undefined when the layout is not one this handles. */
function spliceOp(text: string, entryPath: readonly PointerSegment[], op: EntryOp): string | undefined {
  const doc = parse(text);
  if (doc === undefined) return undefined;
  const full = [...entryPath, ...op.path];
  const node = nodeAt(doc, full);
  const eol = styleOf(text).eol;
  if (op.kind === 'delete') {
    if (node === undefined) return doc.hasIn(full) ? undefined : text;
    const parent = nodeAt(doc, full.slice(0, -1));
    const last = full[full.length - 1];
    const r = node.range;
    if (r === undefined || r === null) return undefined;
    const pr = parent?.range;
    const open = pr === undefined || pr === null ? undefined : text[pr[0]];
    if (parent !== undefined && (open === '[' || open === '{')) return flowDelete(text, parent, last);
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
      const k = pair !== undefined && isScalar(pair.key) ? pair.key.range : undefined;
      if (k === undefined || k === null || !startsLine(text, k[0])) return undefined;
      return splice(text, [{ start: lineStart(text, k[0]), end: lineAfter(text, r[2]), content: '' }]);
    }
    if (!isSeq(parent) || !/^[ \t]*-[ \t]*$/.test(text.slice(lineStart(text, r[0]), r[0]))) return undefined;
    return splice(text, [{ start: lineStart(text, r[0]), end: lineAfter(text, r[2]), content: '' }]);
  }
  const v = op.value;
  const r = node?.range;
  if (node !== undefined && isScalar(node) && r !== undefined && r !== null) {
    const t = scalarText(v, node.type);
    return t === undefined ? undefined : splice(text, [{ start: r[0], end: r[1], content: t }]);
  }
  if (node !== undefined && isSeq(node) && Array.isArray(v) && r !== undefined && r !== null && v.length > 0) {
    const items: string[] = [];
    for (const x of v as readonly PlainValue[]) {
      const t = scalarText(x, itemStyle(node));
      if (t === undefined) return undefined;
      items.push(t);
    }
    if (text[r[0]] === '[') return splice(text, [{ start: r[0], end: r[1], content: `[${items.join(', ')}]` }]);
    if (text[r[0]] !== '-') return undefined;
    const pad = ' '.repeat(r[0] - lineStart(text, r[0]));
    const end = r[0] + text.slice(r[0], r[1]).replace(/\r?\n$/, '').length;
    // Each line keeps the break the old sequence had there (mixed line endings survive a round trip).
    const old = breaksOf(text.slice(r[0], end));
    return splice(text, [{ start: r[0], end, content: items.map((t, i) => (i === 0 ? `- ${t}` : `${old[i - 1] ?? eol}${pad}- ${t}`)).join('') }]);
  }
  const parent = nodeAt(doc, full.slice(0, -1));
  const key = full[full.length - 1];
  const pr = parent?.range;
  if (node === undefined && isMap(parent) && typeof key === 'string' && pr !== undefined && pr !== null && text[pr[0]] === '{') {
    // A new member of a flow map goes after its last one, written in flow style.
    const lastPair = parent.items[parent.items.length - 1];
    const vr = lastPair !== undefined && isNode(lastPair.value) ? lastPair.value.range : undefined;
    const at = vr === undefined || vr === null ? undefined : vr[1];
    if (at === undefined || text.slice(at, pr[1]).replace(/[\s,]/g, '') !== '}') return undefined;
    const flow = stringify(v, { collectionStyle: 'flow', lineWidth: 0 }).replace(/\n$/, '');
    if (flow.includes('\n')) return undefined;
    return splice(text, [{ start: at, end: at, content: `, ${scalarKey(key)}: ${flow}` }]);
  }
  if (node === undefined && isMap(parent) && typeof key === 'string' && pr !== undefined && pr !== null && text[pr[0]] !== '{') {
    const first = parent.items[0]?.key;
    const kr = isScalar(first) ? first.range : undefined;
    if (kr === undefined || kr === null) return undefined;
    const pad = ' '.repeat(kr[0] - lineStart(text, kr[0]));
    const unit = /\n( +)\S/.exec(text)?.[1]?.length ?? 2;
    const printed = stringify({ [key]: v }, { indent: Math.min(Math.max(unit, 1), 8), lineWidth: 0 }).replace(/\n$/, '').split('\n');
    const at = lineAfter(text, pr[1]);
    const lead = at > 0 && text[at - 1] === '\n' ? '' : eol;
    return splice(text, [{ start: at, end: at, content: `${lead}${printed.map((l) => pad + l).join(eol)}${eol}` }]);
  }
  return undefined;
}

/** A key as YAML writes it: plain when it reads back as that string, else double-quoted. */
function scalarKey(k: string): string {
  return scalarText(k, 'PLAIN') ?? JSON.stringify(k);
}

/**
 * Removes one member of a flow collection (`[a, b, c]`, `{ a: 1, b: 2 }`) with the separator
 * that belongs to it: up to the next member, or, for the last one, from the end of the one
 * before. The collection must sit on one line (a comment or break inside is left to the printer).
 */
function flowDelete(text: string, parent: Node, last: PointerSegment | undefined): string | undefined {
  const pr = parent.range;
  if (pr === undefined || pr === null || text.slice(pr[0], pr[1]).includes('\n') || text.slice(pr[0], pr[1]).includes('#')) return undefined;
  const spans: { start: number; end: number }[] = [];
  let k = -1;
  if (isSeq(parent)) {
    parent.items.forEach((item, i) => {
      const r = isNode(item) ? item.range : undefined;
      if (r !== undefined && r !== null) spans.push({ start: r[0], end: r[1] });
      if (i === last) k = spans.length - 1;
    });
    if (spans.length !== parent.items.length) return undefined;
  } else if (isMap(parent)) {
    for (const pair of parent.items) {
      const kr = isNode(pair.key) ? pair.key.range : undefined;
      const vr = isNode(pair.value) ? pair.value.range : undefined;
      if (kr === undefined || kr === null || vr === undefined || vr === null) return undefined;
      if (isScalar(pair.key) && String(pair.key.value) === String(last)) k = spans.length;
      spans.push({ start: kr[0], end: vr[1] });
    }
  } else {
    return undefined;
  }
  const me = spans[k];
  if (me === undefined) return undefined;
  const next = spans[k + 1];
  if (next !== undefined) return splice(text, [{ start: me.start, end: next.start, content: '' }]);
  const prev = spans[k - 1];
  if (prev !== undefined) return splice(text, [{ start: prev.end, end: me.end, content: '' }]);
  // The only member: the collection is left empty, its brackets as written.
  return splice(text, [{ start: me.start, end: me.end, content: '' }]);
}

/** The ops as splices at node ranges, or undefined when one of them needs the re-printing path. */
function spliceAll(text: string, entryPath: readonly PointerSegment[], ops: readonly EntryOp[]): string | undefined {
  const bom = bomLength(text);
  let out: string | undefined = text.slice(bom);
  for (const op of ops) {
    out = spliceOp(out, entryPath, op);
    if (out === undefined) return undefined;
  }
  return text.slice(0, bom) + out;
}

/**
 * Applies one entry's ops: spliced at the nodes' ranges when the layout allows, else the entry is
 * re-printed and the rest of the file kept as written. The
 * sequence indentation the file uses is not recorded by the parser: both are tried, and `accept`
 * (the caller's verification) picks the one that re-reads as intended.
 */
export function editYaml(
  text: string, entryPath: readonly PointerSegment[], ops: readonly EntryOp[], accept: (out: string) => boolean = () => true,
): EditResult {
  const bom = bomLength(text);
  const source = text.slice(bom);
  const before = parse(text);
  if (before === undefined) return refused('the file does not parse as YAML');
  const oldSpan = entryRange(before, entryPath);
  if (oldSpan === undefined) return refused('entry not found in the YAML document');
  // First choice: each op spliced at its node's range, so comments and spacing in the entry stay too.
  const spliced = spliceAll(text, entryPath, ops);
  if (spliced !== undefined && parse(spliced) !== undefined && accept(spliced)) return edited(spliced);
  const indent = /\n( +)\S/.exec(source)?.[1]?.length ?? 2;
  let lastReason = 'the YAML printer could not keep the rest of the file as written';
  for (const indentSeq of [true, false]) {
    const doc = parse(text);
    if (doc === undefined) return refused('the file does not parse as YAML');
    for (const op of ops) {
      const why = applyOp(doc, entryPath, op);
      if (why !== undefined) return refused(why);
    }
    const printed = doc.toString({ lineWidth: 0, indent: Math.min(Math.max(indent, 1), 8), indentSeq });
    const again = parse(printed);
    const newSpan = again === undefined ? undefined : entryRange(again, entryPath);
    if (newSpan === undefined) { lastReason = 'the edited entry could not be found again'; continue; }
    const out = text.slice(0, bom) + source.slice(0, oldSpan.start) + printed.slice(newSpan.start, newSpan.end) + source.slice(oldSpan.end);
    if (parse(out) !== undefined && accept(out)) return edited(out);
    lastReason = 'the spliced entry does not re-read as the intended change';
  }
  return refused(lastReason);
}

export function yamlEntrySpan(text: string, entryPath: readonly PointerSegment[]): Span | undefined {
  const doc = parse(text);
  const span = doc === undefined ? undefined : entryRange(doc, entryPath);
  const bom = bomLength(text);
  return span === undefined ? undefined : { start: span.start + bom, end: span.end + bom };
}
