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
  return ok({
    value,
    duplicates,
    locate: (pointer) => position(locateNode(root, pointer)),
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
        defineOwn(out, key, valueNode === undefined ? undefined : toValue(valueNode, [...path, key], dups, position));
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child, i) => toValue(child, [...path, i], dups, position));
    default:
      return node.value;
  }
}

function locateNode(root: Node | undefined, pointer: readonly PointerSegment[]): number {
  let node = root;
  let offset = root?.offset ?? 0;
  for (const seg of pointer) {
    if (node === undefined) break;
    if (node.type === 'object') {
      const props = (node.children ?? []).filter((p) => p.children?.[0]?.value === String(seg));
      const prop = props[props.length - 1];
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
}
