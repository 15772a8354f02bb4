import { createScanner } from 'jsonc-parser';
import type { JSONScanner } from 'jsonc-parser';
import type { TextLocation } from '../shared/errors.js';
import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { locate, toPointer } from './json-model.js';
import type { JsonMember, JsonNode } from './json-model.js';

/** Strict JSON (RFC 8259) text → the literal-preserving model. Iterative: no recursion on nesting. */

export interface DuplicateKey extends TextLocation {
  readonly key: string;
}

export interface JsonDocument {
  readonly value: JsonNode;
  /** Members whose key repeats an earlier key of the same object (JSON.parse/Python keep the last). */
  readonly duplicates: readonly DuplicateKey[];
}

export interface JsonTextProblem extends TextLocation {
  readonly message: string;
  readonly offset: number;
}

export interface ReadOptions {
  /** Containers nested deeper than this are rejected (top level is depth 0). Default 1000. */
  readonly maxDepth?: number;
}

export const DEFAULT_READ_MAX_DEPTH = 1000;

// jsonc-parser SyntaxKind / ScanError values (const enums cannot be imported under verbatimModuleSyntax).
const T = {
  openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, comma: 5, colon: 6,
  null: 7, true: 8, false: 9, string: 10, number: 11, lineComment: 12, blockComment: 13,
  lineBreak: 14, trivia: 15, unknown: 16, eof: 17,
} as const;
const SCAN_ERRORS: Readonly<Record<number, string>> = {
  1: 'unterminated comment', 2: 'unterminated string', 3: 'malformed number',
  4: 'invalid \\u escape', 5: 'invalid escape character', 6: 'unescaped control character in string',
};

interface ArrayFrame { readonly kind: 'array'; readonly offset: number; readonly items: JsonNode[] }
interface ObjectFrame {
  readonly kind: 'object'; readonly offset: number; readonly members: JsonMember[]; readonly seen: Set<string>;
  key: string; keyOffset: number;
}
type Frame = ArrayFrame | ObjectFrame;

class ReadFailure {
  constructor(readonly message: string, readonly offset: number) {}
}

export function readJsonText(text: string, options: ReadOptions = {}): Result<JsonDocument, JsonTextProblem> {
  const maxDepth = options.maxDepth ?? DEFAULT_READ_MAX_DEPTH;
  const scanner = createScanner(text, false);
  const stack: Frame[] = [];
  const duplicates: DuplicateKey[] = [];
  const pathOf = (): (string | number)[] => stack.map((f) => (f.kind === 'array' ? f.items.length : f.key));
  try {
    const value = parse(scanner, text, stack, duplicates, maxDepth, pathOf);
    return ok({ value, duplicates });
  } catch (e: unknown) {
    if (!(e instanceof ReadFailure)) throw e;
    const { line, column } = locate(text, e.offset);
    return fail({ message: e.message, offset: e.offset, pointer: toPointer(pathOf()), line, column });
  }
}

function next(scanner: JSONScanner): number {
  for (;;) {
    const tok = scanner.scan();
    if (tok === T.trivia || tok === T.lineBreak) continue;
    if (tok === T.lineComment || tok === T.blockComment) {
      throw new ReadFailure('comments are not allowed in JSON', scanner.getTokenOffset());
    }
    const err = scanner.getTokenError();
    if (err !== 0) throw new ReadFailure(SCAN_ERRORS[err] ?? 'invalid token', scanner.getTokenOffset());
    return tok;
  }
}

function describe(scanner: JSONScanner, text: string, tok: number): string {
  if (tok === T.eof) return 'end of input';
  const at = scanner.getTokenOffset();
  const code = text.charCodeAt(at);
  if (code === 0xfeff) return 'a byte-order mark';
  const snippet = text.slice(at, at + Math.max(1, Math.min(scanner.getTokenLength(), 16)));
  return JSON.stringify(snippet);
}

function parse(
  scanner: JSONScanner, text: string, stack: Frame[], duplicates: DuplicateKey[], maxDepth: number,
  pathOf: () => (string | number)[],
): JsonNode {
  const failAt = (what: string, tok: number): never => {
    throw new ReadFailure(`${what}, found ${describe(scanner, text, tok)}`, scanner.getTokenOffset());
  };
  /** After `{` or `,` inside an object: read `"key" :` and leave the scanner on the value's first token. */
  const readKey = (frame: ObjectFrame, tok: number, afterComma: boolean): number => {
    if (tok !== T.string) {
      if (afterComma && tok === T.closeBrace) throw new ReadFailure('trailing comma', scanner.getTokenOffset());
      failAt('expected a property name in double quotes', tok);
    }
    frame.key = scanner.getTokenValue();
    frame.keyOffset = scanner.getTokenOffset();
    if (frame.seen.has(frame.key)) {
      const { line, column } = locate(text, frame.keyOffset);
      duplicates.push({ key: frame.key, pointer: toPointer(pathOf()), line, column });
    } else frame.seen.add(frame.key);
    const colon = next(scanner);
    if (colon !== T.colon) failAt("expected ':' after a property name", colon);
    return next(scanner);
  };
  const push = (frame: Frame): void => {
    if (stack.length >= maxDepth) {
      throw new ReadFailure(`nesting deeper than ${maxDepth} levels`, frame.offset);
    }
    stack.push(frame);
  };

  let tok = next(scanner);
  for (;;) {
    // Expect a value starting at `tok`.
    const offset = scanner.getTokenOffset();
    let value: JsonNode;
    switch (tok) {
      case T.openBrace: {
        tok = next(scanner);
        if (tok === T.closeBrace) { value = { kind: 'object', members: [], offset }; break; }
        const frame: ObjectFrame = { kind: 'object', offset, members: [], seen: new Set(), key: '', keyOffset: 0 };
        push(frame);
        tok = readKey(frame, tok, false);
        continue;
      }
      case T.openBracket: {
        try {
          tok = next(scanner);
        } catch (e: unknown) {
          // A scan error on the first element is located at `/0`, not at the array.
          if (e instanceof ReadFailure) stack.push({ kind: 'array', offset, items: [] });
          throw e;
        }
        if (tok === T.closeBracket) { value = { kind: 'array', items: [], offset }; break; }
        push({ kind: 'array', offset, items: [] });
        continue;
      }
      case T.string: value = { kind: 'string', value: scanner.getTokenValue(), offset }; break;
      case T.number: {
        const literal = scanner.getTokenValue();
        value = /[.eE]/.test(literal)
          ? { kind: 'float', value: Number(literal), text: literal, offset }
          : { kind: 'integer', text: literal, offset };
        break;
      }
      case T.true: value = { kind: 'boolean', value: true, offset }; break;
      case T.false: value = { kind: 'boolean', value: false, offset }; break;
      case T.null: value = { kind: 'null', offset }; break;
      default: {
        const top = stack[stack.length - 1];
        if (top?.kind === 'array' && tok === T.closeBracket && top.items.length > 0) {
          throw new ReadFailure('trailing comma', scanner.getTokenOffset());
        }
        return failAt('expected a JSON value', tok);
      }
    }
    // A complete value: attach it, then close as many containers as the input closes.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) {
        const after = next(scanner);
        if (after !== T.eof) failAt('unexpected text after the JSON value', after);
        return value;
      }
      if (frame.kind === 'array') frame.items.push(value);
      else frame.members.push({ key: frame.key, value, keyOffset: frame.keyOffset });
      tok = next(scanner);
      if (tok === T.comma) {
        tok = next(scanner);
        if (frame.kind === 'object') tok = readKey(frame, tok, true);
        break;
      }
      if (frame.kind === 'array' && tok === T.closeBracket) {
        stack.pop();
        value = { kind: 'array', items: frame.items, offset: frame.offset };
        continue;
      }
      if (frame.kind === 'object' && tok === T.closeBrace) {
        stack.pop();
        value = { kind: 'object', members: frame.members, offset: frame.offset };
        continue;
      }
      return failAt(frame.kind === 'array' ? "expected ',' or ']'" : "expected ',' or '}'", tok);
    }
  }
}
