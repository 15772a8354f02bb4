/**
 * YAML edits through the `yaml` Document API (comments, order, flow or block style and scalar
 * quoting kept: a replaced scalar keeps its node, a replaced sequence keeps its node and writes its
 * new items in the quoting its old items used). Only the edited entry's text is taken from the
 * re-printed document and spliced into the original, so everything outside it stays byte for byte.
 */
import { Scalar, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { PointerSegment } from '../parse/document.js';
import { edited, refused, type EditResult, type EntryOp, type PlainValue, type Span } from './types.js';

type ScalarType = Scalar['type'];

function parse(text: string): Document | undefined {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const doc = parseDocument(source, { uniqueKeys: false, keepSourceTokens: false });
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

/**
 * Applies one entry's ops; the entry is re-printed, the rest of the file is kept as written. The
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
