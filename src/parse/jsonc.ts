import { createScanner, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { fail, ok, type Result } from '../shared/result.js';
import {
  MAX_DEPTH, defineOwn, lineIndex, toPointer,
  type DuplicateKey, type ParseProblem, type ParsedDocument, type PointerSegment, type Position,
} from './document.js';

export interface JsoncOptions {
  /** Strict JSON (the host uses JSON.parse): comments and trailing commas are errors. */
  readonly strict: boolean;
}

/**
 * JSON / JSONC via jsonc-parser (comments, trailing commas, CRLF; a BOM is blanked so offsets
 * stay true). Its parser recurses, so nesting is first measured with its iterative scanner and
 * refused beyond MAX_DEPTH. Duplicate keys: the last one wins, as in JSON.parse.
 */
export function parseJsonc(text: string, options: JsoncOptions): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const position = lineIndex(source);
  const deep = findTooDeep(source);
  if (deep !== undefined) {
    const at = position(deep);
    return fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, ...at });
  }
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, {
    allowTrailingComma: !options.strict, disallowComments: options.strict, allowEmptyContent: true,
  });
  const first = errors[0];
  if (first !== undefined) {
    const at = position(first.offset);
    return fail({ kind: 'syntax', message: describe(first, options.strict), ...at });
  }
  const duplicates: DuplicateKey[] = [];
  const value = root === undefined ? undefined : toValue(root, [], duplicates, position);
  const index = locator(root);
  return ok({
    value,
    duplicates,
    locate: (pointer) => position(index.locate(pointer)),
    locateWork: index.work,
  });
}

function describe(error: ParseError, strict: boolean): string {
  const code = printParseErrorCode(error.error);
  if (strict && code === 'InvalidCommentToken') return 'comment in a strict JSON file (the host rejects it)';
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** jsonc-parser's SyntaxKind is an ambient const enum (unusable under verbatimModuleSyntax). */
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, eof: 17 } as const;

function findTooDeep(text: string): number | undefined {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== TOKEN.eof; kind = scanner.scan()) {
    if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
      depth += 1;
      if (depth > MAX_DEPTH) return scanner.getTokenOffset();
    } else if (kind === TOKEN.closeBrace || kind === TOKEN.closeBracket) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/**
 * The parse tree as plain values. `path` is one stack pushed and popped on the way down (copying
 * it per member would cost the depth for every node); a pointer is built only for a duplicate.
 */
function toValue(node: Node, path: PointerSegment[], dups: DuplicateKey[], position: (o: number) => Position): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const seen = new Map<string, number>();
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        if (keyNode === undefined || typeof keyNode.value !== 'string') continue;
        const key = keyNode.value;
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          dups.push({
            pointer: toPointer([...path, key]), key, first: position(earlier), used: position(prop.offset),
            hostBehaviour: 'JSON.parse and the host use the last occurrence',
          });
        } else {
          seen.set(key, prop.offset);
        }
        path.push(key);
        defineOwn(out, key, valueNode === undefined ? undefined : toValue(valueNode, path, dups, position));
        path.pop();
      }
      return out;
    }
    case 'array': {
      const out: unknown[] = [];
      for (const child of node.children ?? []) {
        path.push(out.length);
        out.push(toValue(child, path, dups, position));
        path.pop();
      }
      return out;
    }
    default:
      return node.value;
  }
}

/**
 * Pointer → offset of the member's key. Each object's members are indexed (key → last property,
 * as JSON.parse keeps the last) on its first lookup and reused after, so a lookup costs its
 * pointer's length, not the siblings it passes. `work` counts members indexed and segments walked.
 */
function locator(root: Node | undefined): { locate(pointer: readonly PointerSegment[]): number; work(): number } {
  const indexes = new WeakMap<Node, Map<string, Node>>();
  let work = 0;
  const members = (node: Node): Map<string, Node> => {
    let index = indexes.get(node);
    if (index === undefined) {
      index = new Map();
      for (const prop of node.children ?? []) {
        work += 1;
        const key: unknown = prop.children?.[0]?.value;
        if (typeof key === 'string') index.set(key, prop);
      }
      indexes.set(node, index);
    }
    return index;
  };
  const locate = (pointer: readonly PointerSegment[]): number => {
    let node = root;
    let offset = root?.offset ?? 0;
    for (const seg of pointer) {
      work += 1;
      if (node === undefined) break;
      if (node.type === 'object') {
        const prop = members(node).get(String(seg));
        if (prop === undefined) break;
        offset = prop.offset;
        node = prop.children?.[1];
      } else if (node.type === 'array' && typeof seg === 'number') {
        const child = node.children?.[seg];
        if (child === undefined) break;
        offset = child.offset;
        node = child;
      } else {
        break;
      }
    }
    return offset;
  };
  return { locate, work: () => work };
}
