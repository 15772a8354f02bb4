import {
  CST, Lexer, LineCounter, isAlias, isMap, isNode, isScalar, isSeq, parseDocument, visit,
  type Node, type Pair, type YAMLMap,
} from 'yaml';
import { fail, ok, type Result } from '../shared/result.js';
import {
  MAX_DEPTH, lineIndex, toPointer,
  type DuplicateKey, type ParseProblem, type ParsedDocument, type PointerSegment, type Position,
} from './document.js';

/**
 * YAML via the `yaml` package. Nesting is measured first on the library's (iterative) lexer tokens
 * so a hostile file is refused before the recursive composer sees it; a stack overflow that gets
 * past that is still reported as too deep. Aliases are capped (billion laughs). Messages are fixed
 * wording, never source text (an alias name may be a token). Duplicate keys are read (the last
 * wins) and reported.
 */
export function parseYaml(text: string): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const deep = cannotBeTooDeep(source) ? undefined : findTooDeep(source);
  if (deep !== undefined) {
    return fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, ...lineIndex(source)(deep) });
  }
  const counter = new LineCounter();
  const position = (offset: number): Position => {
    const p = counter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const tooDeep = (): Result<ParsedDocument, ParseProblem> =>
    fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, line: 1, column: 1 });
  let doc: ReturnType<typeof parseDocument>;
  // The library makes an Error object per problem; a file of 200,000 stray `]` makes 200,000 of
  // them. Not capturing their stack traces (restored at once: parsing is synchronous) is ~5x faster.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // logLevel 'error': the library's warnings (a collection used as a key is stringified) go to
    // process.emitWarning quoting the config's text, a secret too, on stderr.
    // Errors are still collected ('silent' would also stop reporting a second document).
    doc = parseDocument(source, { lineCounter: counter, uniqueKeys: false, prettyErrors: false, logLevel: 'error' });
  } catch (e: unknown) {
    if (e instanceof RangeError) return tooDeep();
    throw e;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const first = doc.errors[0];
  if (first !== undefined) {
    // The library's messages quote the source (a token, an alias name): only its code is kept.
    return fail({ kind: 'syntax', message: reasonFor(first.code), ...position(first.pos[0]) });
  }
  const collectionKey = firstCollectionKey(doc);
  if (collectionKey !== undefined) {
    return fail({ kind: 'syntax', message: 'a mapping key that is itself a mapping or a list', ...position(collectionKey.range?.[0] ?? 0) });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e: unknown) {
    if (e instanceof RangeError) return tooDeep();
    if (!(e instanceof ReferenceError || e instanceof TypeError)) throw e;
    const excessive = /excessive alias count/i.test(e.message);
    const alias = firstAlias(doc.contents, !excessive);
    return fail({
      kind: 'syntax',
      message: excessive ? 'too many aliases (an alias bomb)' : 'an alias names no anchor defined before it',
      ...position(alias?.range?.[0] ?? 0),
    });
  }
  const duplicates: DuplicateKey[] = [];
  collectDuplicates(doc.contents, [], duplicates, position);
  const index = locator(doc.contents);
  return ok({ value, duplicates, locate: (pointer) => position(index.locate(pointer)), locateWork: index.work });
}

/**
 * True when no nesting findTooDeep counts can exceed MAX_DEPTH, by counting characters instead of
 * lexing (the lexer pass is a third of a small file's parse). findTooDeep adds a level for each
 * flow bracket token and each `-`, `?` or `:` indicator token, each one such character, and in
 * block context the levels of a line's indentation: a stack of distinct, rising indents, at most
 * one more than the line's length. So depth never exceeds the count of those five characters
 * plus the longest line plus one; when that sum is within MAX_DEPTH, the lexer pass is skipped.
 */
export function cannotBeTooDeep(text: string): boolean {
  let marks = 0;
  let longest = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    // - ? : [ {
    if (c === 45 || c === 63 || c === 58 || c === 91 || c === 123) marks++;
    else if (c === 10) {
      longest = Math.max(longest, i - start);
      start = i + 1;
    }
    if (marks + longest + 1 > MAX_DEPTH) return false;
  }
  return true;
}

/**
 * Offset where nesting first exceeds MAX_DEPTH. The `yaml` package's lexer is iterative, so its
 * tokens are walked here (quotes, block scalars and comments are already told apart from
 * structure): flow brackets add a level each, and in block context every line adds the levels of
 * its indentation plus one per `-`, `?` or `:` indicator on it (`? ? ? a`, `- - - a`).
 */
/** Tokens that do not end a run of indicators (`? &a ? !t ? …`). */
const RUN_KEEPS: ReadonlySet<string> = new Set(['seq-item-ind', 'explicit-key-ind', 'map-value-ind', 'space', 'newline', 'comment', 'anchor', 'tag']);

export function findTooDeep(text: string): number | undefined {
  let offset = 0;
  let flow = 0;
  let atLineStart = true;
  let atScalar = false;
  let indent = 0;
  let lineDepth = 0;
  let run = 0;
  const stack: number[] = [];
  const enterLine = (): boolean => {
    atLineStart = false;
    if (flow > 0) return false;
    while (stack.length > 0 && (stack[stack.length - 1] ?? 0) >= indent) stack.pop();
    stack.push(indent);
    lineDepth = stack.length;
    return lineDepth > MAX_DEPTH;
  };
  for (const token of new Lexer().lex(text)) {
    const at = offset;
    if (atScalar) {
      atScalar = false;
      offset += token.length;
      if (token.endsWith('\n')) { atLineStart = true; indent = 0; }
      continue;
    }
    const type = CST.tokenType(token);
    if (!RUN_KEEPS.has(type ?? '')) run = 0;
    switch (type) {
      case 'doc-mode': case 'flow-error-end': case 'byte-order-mark': continue;
      case 'newline':
        if (flow === 0) { atLineStart = true; indent = 0; }
        break;
      case 'space':
        if (atLineStart && token.startsWith(' ')) indent += token.length;
        break;
      case 'comment':
        break;
      case 'scalar':
        atScalar = true;
        if (atLineStart && enterLine()) return at;
        continue;
      case 'seq-item-ind': case 'explicit-key-ind': case 'map-value-ind':
        if (atLineStart && enterLine()) return at;
        if (flow === 0 && ++lineDepth > MAX_DEPTH) return at;
        // In a flow collection `? ? ? …` is not counted by brackets; a long run is refused too.
        if (++run > MAX_DEPTH) return at;
        offset += token.length;
        continue;
      case 'flow-seq-start': case 'flow-map-start':
        if (atLineStart && enterLine()) return at;
        if (++flow + lineDepth > MAX_DEPTH) return at;
        break;
      case 'flow-seq-end': case 'flow-map-end':
        if (atLineStart && enterLine()) return at;
        flow = Math.max(0, flow - 1);
        break;
      default:
        if (atLineStart && enterLine()) return at;
    }
    offset += token.length;
  }
  return undefined;
}

/** Fixed wording for the library's error codes: no source text reaches a report. */
function reasonFor(code: string): string {
  const known: Readonly<Record<string, string>> = {
    BAD_ALIAS: 'invalid alias', BAD_DQ_ESCAPE: 'invalid escape in a double-quoted string', BAD_INDENT: 'bad indentation',
    BLOCK_IN_FLOW: 'block collection inside a flow collection', DUPLICATE_KEY: 'duplicate key',
    MISSING_CHAR: 'missing closing character', MULTILINE_IMPLICIT_KEY: 'implicit key spans lines',
    TAB_AS_INDENT: 'tab used as indentation', UNEXPECTED_TOKEN: 'unexpected token',
  };
  return known[code] ?? code.toLowerCase().replace(/_/g, ' ');
}

/** The first alias node; with `unresolved`, the first whose anchor is not defined before it. */
function firstAlias(root: Node | null, unresolved: boolean): Node | undefined {
  const anchors = new Set<string>();
  let found: Node | undefined;
  visit(root, (_key, node) => {
    if (isAlias(node)) {
      if (!unresolved || !anchors.has(node.source)) { found = node; return visit.BREAK; }
    } else if (isNode(node) && node.anchor !== undefined) {
      anchors.add(node.anchor);
    }
    return undefined;
  });
  return found;
}

/**
 * The first mapping key that is a mapping or a list (itself or through an alias). toJS turns such
 * a key into the collection's text (`{ DB_PASSWORD: hunter2 }`), which would then stand as an env
 * or server name, secrets and all, in reports; no host names a server or a
 * variable so on purpose. The file is refused as unparseable instead, at that key.
 */
function firstCollectionKey(doc: ReturnType<typeof parseDocument>): Node | undefined {
  let found: Node | undefined;
  // An alias names the latest anchor of that name before it (YAML 1.2 §7.1): anchors are noted in
  // the one walk, in document order, where Alias.resolve would walk the document again per alias
  // key (n alias keys, n walks: a 200 KB file took 16 s).
  const anchors = new Map<string, unknown>();
  visit(doc, {
    Pair: (_key, pair) => {
      const key: unknown = isAlias(pair.key) ? anchors.get(pair.key.source) : pair.key;
      if (isNode(pair.key) && pair.key.anchor !== undefined) anchors.set(pair.key.anchor, pair.key);
      if (!isMap(key) && !isSeq(key)) return undefined;
      found = isNode(pair.key) ? pair.key : key;
      return visit.BREAK;
    },
    Node: (_key, node) => {
      if (!isAlias(node) && node.anchor !== undefined) anchors.set(node.anchor, node);
      return undefined;
    },
  });
  return found;
}

function keyOf(node: unknown): string | undefined {
  if (isScalar(node)) return String(node.value);
  return undefined;
}

/**
 * A string key's scalar style and value, untagged (`PLAIN:a`, `QUOTE_DOUBLE:a`): two keys spelled
 * alike are one key to every YAML loader, whatever schema it resolves plain scalars with.
 */
function spellingOf(node: unknown): string | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || node.tag !== undefined) return undefined;
  return `${node.type ?? ''}:${node.value}`;
}

/** Duplicate keys of every map; `path` is one stack pushed and popped on the way down (never copied per node). */
function collectDuplicates(node: unknown, path: PointerSegment[], out: DuplicateKey[], position: (o: number) => Position): void {
  if (isMap(node)) {
    const seen = new Map<string, { offset: number; spelling: string | undefined }>();
    for (const pair of node.items) {
      const key = keyOf(pair.key);
      if (key === undefined) continue;
      const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
      const spelling = spellingOf(pair.key);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        out.push({
          pointer: toPointer([...path, key]), key, first: position(earlier.offset), used: position(offset),
          hostBehaviour: 'strict YAML parsers (Continue, Goose) reject the file; lenient ones use the last occurrence',
          sameSpelling: spelling !== undefined && spelling === earlier.spelling,
        });
      } else {
        seen.set(key, { offset, spelling });
      }
      path.push(key);
      collectDuplicates(pair.value, path, out, position);
      path.pop();
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      path.push(i);
      collectDuplicates(item, path, out, position);
      path.pop();
    });
  }
}

/**
 * Pointer → offset of the member's key. Each map's pairs are indexed (key → last pair, as the
 * value keeps the last) on its first lookup and reused after: a lookup costs its pointer's length.
 * `work` counts pairs indexed and segments walked.
 */
function locator(root: Node | null): { locate(pointer: readonly PointerSegment[]): number; work(): number } {
  const indexes = new WeakMap<object, Map<string, Pair<unknown, unknown>>>();
  let work = 0;
  const pairs = (map: YAMLMap<unknown, unknown>): Map<string, Pair<unknown, unknown>> => {
    let index = indexes.get(map);
    if (index === undefined) {
      index = new Map();
      for (const pair of map.items) {
        work += 1;
        const key = keyOf(pair.key);
        if (key !== undefined) index.set(key, pair);
      }
      indexes.set(map, index);
    }
    return index;
  };
  const locate = (pointer: readonly PointerSegment[]): number => {
    let node: unknown = root;
    let offset = root?.range?.[0] ?? 0;
    for (const seg of pointer) {
      work += 1;
      if (isMap(node)) {
        const pair = pairs(node).get(String(seg));
        if (pair === undefined) break;
        if (isScalar(pair.key)) offset = pair.key.range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        const item: unknown = node.items[seg];
        if (!isMap(item) && !isSeq(item) && !isScalar(item)) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else {
        break;
      }
    }
    return offset;
  };
  return { locate, work: () => work };
}
