import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { fail, ok, type Result } from '../shared/result.js';
import {
  MAX_DEPTH, lineIndex, toPointer,
  type DuplicateKey, type ParseProblem, type ParsedDocument, type PointerSegment, type Position,
} from './document.js';

/**
 * YAML via the `yaml` package. Nesting is measured on the raw text first (flow brackets and block
 * indentation) so a hostile file is refused before the recursive composer sees it. Aliases are
 * capped (billion laughs). Duplicate keys are read (the last wins) and reported.
 */
export function parseYaml(text: string): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const deep = findTooDeep(source);
  if (deep !== undefined) {
    return fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, ...lineIndex(source)(deep) });
  }
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, uniqueKeys: false, prettyErrors: false });
  const position = (offset: number): Position => {
    const p = counter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const first = doc.errors[0];
  if (first !== undefined) {
    return fail({ kind: 'syntax', message: first.message.split('\n')[0] ?? first.code, ...position(first.pos[0]) });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e: unknown) {
    if (!(e instanceof ReferenceError || e instanceof TypeError)) throw e;
    return fail({ kind: 'syntax', message: e.message, line: 1, column: 1 });
  }
  const duplicates: DuplicateKey[] = [];
  collectDuplicates(doc.contents, [], duplicates, position);
  return ok({ value, duplicates, locate: (pointer) => position(locateNode(doc.contents, pointer)) });
}

/** Offset where nesting first exceeds MAX_DEPTH, from flow brackets and block indentation. */
function findTooDeep(text: string): number | undefined {
  let flow = 0;
  let quote = '';
  let lineStart = true;
  let indent = 0;
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') { lineStart = true; indent = 0; if (quote === "'" || quote === '"') continue; continue; }
    if (lineStart) {
      if (ch === ' ') { indent++; continue; }
      lineStart = false;
      if (flow === 0 && ch !== '#') {
        while (stack.length > 0 && (stack[stack.length - 1] ?? 0) >= indent) stack.pop();
        stack.push(indent);
        let j = i;
        while (text[j] === '-' && text[j + 1] === ' ') { stack.push(indent + j - i + 2); j += 2; }
        if (stack.length > MAX_DEPTH) return i;
      }
    }
    if (quote !== '') {
      if (ch === quote) quote = '';
      continue;
    }
    if (ch === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (flow > 0 && (ch === '"' || ch === "'")) {
      quote = ch;
    } else if (ch === '[' || ch === '{') {
      flow++;
      if (flow + stack.length > MAX_DEPTH) return i;
    } else if ((ch === ']' || ch === '}') && flow > 0) {
      flow--;
    }
  }
  return undefined;
}

function keyOf(node: unknown): string | undefined {
  if (isScalar(node)) return String(node.value);
  return undefined;
}

function collectDuplicates(node: unknown, path: PointerSegment[], out: DuplicateKey[], position: (o: number) => Position): void {
  if (isMap(node)) {
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      const key = keyOf(pair.key);
      if (key === undefined) continue;
      const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        out.push({
          pointer: toPointer([...path, key]), key, first: position(earlier), used: position(offset),
          hostBehaviour: 'strict YAML parsers (Continue, Goose) reject the file; lenient ones use the last occurrence',
        });
      } else {
        seen.set(key, offset);
      }
      collectDuplicates(pair.value, [...path, key], out, position);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => collectDuplicates(item, [...path, i], out, position));
  }
}

function locateNode(root: Node | null, pointer: readonly PointerSegment[]): number {
  let node: unknown = root;
  let offset = root?.range?.[0] ?? 0;
  for (const seg of pointer) {
    if (isMap(node)) {
      const pair = node.items.filter((p) => keyOf(p.key) === String(seg)).pop();
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
}
