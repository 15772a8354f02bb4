import { createScanner, printParseErrorCode, visit, type ParseError } from 'jsonc-parser';
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
 * refused beyond MAX_DEPTH. Duplicate keys: the last one wins, as in JSON.parse. The value is
 * the index `locate` reads: callers must not change it.
 */
export function parseJsonc(text: string, options: JsoncOptions): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const position = lineIndex(source);
  const deep = findTooDeep(source);
  if (deep !== undefined) {
    const at = position(deep);
    return fail({ kind: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels`, ...at });
  }
  const built = build(source, options, position);
  const first = built.errors[0];
  if (first !== undefined) {
    const at = position(first.offset);
    return fail({ kind: 'syntax', message: describe(first, options.strict), ...at });
  }
  return ok({
    value: built.value,
    duplicates: built.duplicates,
    locate: (pointer) => position(built.locate(pointer)),
    locateWork: built.work,
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

type JsonObject = Record<string, unknown>;

/** The container being filled: an object (with the member last named: its value's key) or an array. */
type Frame =
  | { readonly kind: 'object'; readonly out: JsonObject; readonly keys: Map<string, number>; key: string | undefined; firsts?: Map<string, number> }
  | { readonly kind: 'array'; readonly out: unknown[]; readonly offsets: number[] };

/**
 * Builds the values in one pass of jsonc-parser's visitor (no parse tree is kept: it cost several
 * times the values' memory) and carries the positions with them: per object its members' key
 * offsets (the last occurrence, as JSON.parse keeps it), per array its elements' offsets.
 * `locate` walks the values through these, so a lookup costs its pointer's length.
 */
function build(source: string, options: JsoncOptions, position: (o: number) => Position): Built {
  const errors: ParseError[] = [];
  const duplicates: DuplicateKey[] = [];
  const members = new WeakMap<object, ReadonlyMap<string, number>>();
  const elements = new WeakMap<object, readonly number[]>();
  const stack: Frame[] = [];
  let root: { value: unknown; offset: number } | undefined;
  let work = 0;
  const place = (value: unknown, offset: number): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) root ??= { value, offset };
    else if (top.kind === 'array') { top.out.push(value); top.offsets.push(offset); }
    else if (top.key !== undefined) defineOwn(top.out, top.key, value);
  };
  /** Pointer of the member `key` of the innermost object, built only for a duplicate. */
  const pointerTo = (key: string): string => {
    const segs: PointerSegment[] = [];
    for (const f of stack.slice(0, -1)) segs.push(f.kind === 'array' ? f.out.length : (f.key ?? ''));
    return toPointer([...segs, key]);
  };
  visit(source, {
    onObjectBegin: (offset) => {
      const frame: Frame = { kind: 'object', out: {}, keys: new Map(), key: undefined };
      place(frame.out, offset);
      members.set(frame.out, frame.keys);
      stack.push(frame);
    },
    onObjectProperty: (key, offset) => {
      const top = stack[stack.length - 1];
      if (top?.kind !== 'object') return;
      work += 1;
      const earlier = top.keys.get(key);
      if (earlier !== undefined) {
        top.firsts ??= new Map();
        const first = top.firsts.get(key) ?? earlier;
        top.firsts.set(key, first);
        duplicates.push({
          pointer: pointerTo(key), key, first: position(first), used: position(offset),
          hostBehaviour: 'JSON.parse and the host use the last occurrence',
        });
      }
      top.keys.set(key, offset);
      top.key = key;
    },
    onArrayBegin: (offset) => {
      const frame: Frame = { kind: 'array', out: [], offsets: [] };
      place(frame.out, offset);
      elements.set(frame.out, frame.offsets);
      stack.push(frame);
    },
    onObjectEnd: () => { stack.pop(); },
    onArrayEnd: () => { stack.pop(); },
    onLiteralValue: (value: unknown, offset) => { work += 1; place(value, offset); },
    onError: (error, offset, length) => { errors.push({ error, offset, length }); },
  }, { allowTrailingComma: !options.strict, disallowComments: options.strict, allowEmptyContent: true });
  const locate = (pointer: readonly PointerSegment[]): number => {
    let value = root?.value;
    let offset = root?.offset ?? 0;
    for (const seg of pointer) {
      work += 1;
      if (typeof value !== 'object' || value === null) break;
      const keys = members.get(value);
      const at = keys !== undefined ? keys.get(String(seg)) : typeof seg === 'number' ? elements.get(value)?.[seg] : undefined;
      if (at === undefined) break;
      offset = at;
      value = keys !== undefined ? ownValue(value, String(seg)) : ownValue(value, seg);
    }
    return offset;
  };
  return { errors, value: root?.value, duplicates, locate, work: () => work };
}

interface Built {
  readonly errors: readonly ParseError[];
  readonly value: unknown;
  readonly duplicates: readonly DuplicateKey[];
  locate(pointer: readonly PointerSegment[]): number;
  work(): number;
}

/** An own member or element of a parsed value (never one reached through its prototype). */
function ownValue(container: object, key: string | number): unknown {
  if (!Object.hasOwn(container, key)) return undefined;
  const value: unknown = Reflect.get(container, key);
  return value;
}
