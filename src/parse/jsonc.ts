import { createScanner, printParseErrorCode, visit, type JSONVisitor, type ParseError } from 'jsonc-parser';
import { InternalError } from '../shared/errors.js';
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
 * stay true). Its parser recurses, so the build stops it at the first container beyond MAX_DEPTH
 * (a few frames per level: 513 levels are far inside the stack) and at the first syntax error.
 * Too deep is reported wherever the brackets nest past MAX_DEPTH, before or after an error (a
 * scanner pass counts them when the parse stopped at an error). Duplicate keys: the last one
 * wins, as in JSON.parse.
 */
export function parseJsonc(text: string, options: JsoncOptions): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const position = lineIndex(source);
  const tooDeep = (offset: number) => fail({ kind: 'too-deep' as const, message: `nesting deeper than ${MAX_DEPTH} levels`, ...position(offset) });
  // The values from the engine's own JSON.parse when the text is plain JSON (it is what most hosts
  // run, and builds the objects natively): the visitor below then records only positions and
  // duplicates, about half its stores. Text JSON.parse refuses (comments, trailing
  // commas, an error) is read by the visitor alone, as before. On text both accept they agree:
  // jsonc-parser reads numbers with JSON.parse and decodes the same escapes, and both keep the
  // last of a duplicated key at its first key's place, "__proto__" as an own key.
  let native: { readonly value: unknown } | undefined;
  try {
    native = { value: JSON.parse(source) as unknown };
  } catch {
    native = undefined;
  }
  let built: Built;
  try {
    built = build(source, options, position, native === undefined);
    // Node 24's V8 (13.6; not Node 20's 11.3 or Node 22's 12.4) can decode an escaped object key
    // wrongly in JSON.parse: once any parse has made a key "\\", a one-character escaped key at the
    // same place ("\"", "\n", a lone "\ud800") reads back as "\\" (https://issues.chromium.org/issues/521080746,
    // https://github.com/nodejs/node/issues/63785). Values are not affected. A text with an escaped key
    // takes its values from jsonc-parser, which decodes escapes itself, as a text with comments does.
    if (native !== undefined && built.escapedKey) {
      native = undefined;
      built = build(source, options, position, true);
    }
  } catch (e: unknown) {
    // No error before it: the parser has taken every bracket so far, so its nesting is the
    // brackets' and the 513th is where the scanner below would stop too.
    if (e instanceof TooDeep) return tooDeep(e.offset);
    if (!(e instanceof FirstError)) throw e;
    // Past a syntax error the parser skips tokens to recover and may never see the deep part:
    // nesting is then counted on the brackets themselves, and too deep is reported wherever it
    // is, as for a file without errors (the file is refused either way; the rule is the same).
    const deep = findTooDeep(source);
    if (deep !== undefined) return tooDeep(deep);
    return fail({ kind: 'syntax', message: describe(e.error, options.strict), ...position(e.error.offset) });
  }
  return ok({
    value: native !== undefined ? native.value : built.value,
    duplicates: built.duplicates,
    locate: (pointer) => position(built.locate(pointer)),
    locateUnder: (base) => {
      const under = built.locateUnder(base);
      return (rel) => position(under(rel));
    },
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

/** Where the bracket count first exceeds MAX_DEPTH (jsonc-parser's iterative scanner: no recursion). */
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

/** Thrown by the build's visitor at the first syntax error: the file is refused, nothing after it is needed. */
class FirstError extends Error {
  constructor(readonly error: ParseError) {
    super('syntax error');
  }
}

/** Thrown by the build's visitor at the container that opens level MAX_DEPTH + 1 (caught in parseJsonc). */
class TooDeep extends Error {
  constructor(readonly offset: number) {
    super('too deep');
  }
}

type JsonObject = Record<string, unknown>;

/**
 * Positions, kept beside the values in a tree of their own: a container's `at` is the offset
 * `locate` reports for it (its member's key, or the element itself), `kids` the same for its
 * members (a number for a scalar: its key's offset in an object, its own in an array).
 */
interface ObjectPositions { readonly at: number; readonly kids: Record<string, Slot> }
interface ArrayPositions { readonly at: number; kids: Slot[] }
type Slot = number | ObjectPositions | ArrayPositions;

/**
 * How deep the positions tree goes. A member deeper than this is located at its ancestor at this
 * depth: no host's MCP settings are nearly so deep (the deepest pointer located is six segments,
 * `projects.<folder>.mcpServers.<name>.env.<KEY>` in ~/.claude.json), and a tree of positions
 * for every value costs several times the values themselves: a legal 4 MiB file of arrays nested
 * 500 deep took 586 MB of heap to parse (JSON.parse alone 117 MB) and aborted the scan under
 * the 512 MB heap V8 gives a 2 GB machine.
 */
export const POSITIONS_DEPTH = 32;

/**
 * The container being filled: an object (with the member last named: its value's key) or an
 * array (with how many members it has had). `pos` is undefined below POSITIONS_DEPTH; an object
 * there notes its keys' first offsets in `seen`, for duplicates, until it ends.
 */
type Frame =
  | { readonly kind: 'object'; readonly out: JsonObject; readonly pos: ObjectPositions | undefined; key: string | undefined; keyAt: number; firsts?: Map<string, number>; seen?: Map<string, number> }
  | { readonly kind: 'array'; readonly out: unknown[]; readonly pos: ArrayPositions | undefined; count: number };

/** The containers a positions-only build never fills (the values come from JSON.parse). */
const NO_OBJECT: JsonObject = Object.freeze({});
const NO_ARRAY: unknown[] = Object.freeze([]) as unknown as unknown[];

/** The member `seg` of a container's positions (undefined for a scalar, a missing member or the wrong kind of segment). */
function kid(slot: Slot | undefined, seg: PointerSegment): Slot | undefined {
  if (slot === undefined || typeof slot === 'number') return undefined;
  if (Array.isArray(slot.kids)) return typeof seg === 'number' ? slot.kids[seg] : undefined;
  const key = String(seg);
  return Object.hasOwn(slot.kids, key) ? slot.kids[key] : undefined;
}

const slotAt = (slot: Slot): number => (typeof slot === 'number' ? slot : slot.at);

function isEmpty(record: Record<string, Slot>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

/**
 * Builds the values in one pass of jsonc-parser's visitor (no parse tree is kept: it cost several
 * times the values' memory) and, beside them, the positions tree (`Slot`): per object its members'
 * key offsets (the last occurrence, as JSON.parse keeps it), per array its elements' offsets.
 * `locate` walks that tree, so a lookup costs its pointer's length.
 */
function build(source: string, options: JsoncOptions, position: (o: number) => Position, values: boolean): Built {
  const duplicates: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let root: { value: unknown; slot: Slot } | undefined;
  let work = 0;
  /** Places a value (with its positions, `slot`) in the innermost container; without `values`, only the slot. */
  const place = (value: unknown, slot: Slot): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) root ??= { value, slot };
    else if (top.kind === 'array') {
      if (values) top.out.push(value);
      top.count += 1;
      top.pos?.kids.push(slot);
    } else if (top.key !== undefined) {
      if (values) defineOwn(top.out, top.key, value);
      if (top.pos !== undefined) defineOwn(top.pos.kids, top.key, slot);
    }
  };
  /**
   * At a container's end: with no members its slot becomes its offset (a lookup inside finds
   * nothing either way), and an array's positions are copied to their length (a pushed-to array
   * keeps room for 16 more: 150 bytes for one member).
   */
  const settle = (frame: Frame): void => {
    const pos = frame.pos;
    if (pos === undefined) return;
    const empty = Array.isArray(pos.kids) ? pos.kids.length === 0 : isEmpty(pos.kids);
    if (!empty) {
      if (Array.isArray(pos.kids)) (pos as ArrayPositions).kids = pos.kids.slice();
      return;
    }
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      if (root !== undefined) root.slot = pos.at;
    } else if (parent.kind === 'array') {
      if (parent.pos !== undefined) parent.pos.kids[parent.pos.kids.length - 1] = pos.at;
    } else if (parent.pos !== undefined && parent.key !== undefined) {
      defineOwn(parent.pos.kids, parent.key, pos.at);
    }
  };
  /** Positions for a container opened now: none below POSITIONS_DEPTH. */
  const keepPositions = (): boolean => stack.length < POSITIONS_DEPTH;
  /** The offset a container starting at `offset` is located by: its member's key, or itself. */
  const memberAt = (offset: number): number => {
    const top = stack[stack.length - 1];
    return top?.kind === 'object' ? top.keyAt : offset;
  };
  /** Pointer of the member `key` of the innermost object, built only for a duplicate. */
  const pointerTo = (key: string): string => {
    const segs: PointerSegment[] = [];
    // An array's member being read is the last it has had (placed when it began).
    for (const f of stack.slice(0, -1)) segs.push(f.kind === 'array' ? f.count - 1 : (f.key ?? ''));
    return toPointer([...segs, key]);
  };
  const handlers: PlainVisitor & JSONVisitor = {
    onObjectBegin: (offset) => {
      if (stack.length >= MAX_DEPTH) throw new TooDeep(offset);
      const at = memberAt(offset);
      const frame: Frame = { kind: 'object', out: values ? {} : NO_OBJECT, pos: keepPositions() ? { at, kids: {} } : undefined, key: undefined, keyAt: offset };
      place(frame.out, frame.pos ?? at);
      stack.push(frame);
    },
    onObjectProperty: (key, offset) => {
      const top = stack[stack.length - 1];
      if (top?.kind !== 'object') return;
      work += 1;
      let earlierAt: number | undefined;
      if (top.pos !== undefined) {
        const earlier = Object.hasOwn(top.pos.kids, key) ? top.pos.kids[key] : undefined;
        earlierAt = earlier === undefined ? undefined : slotAt(earlier);
      } else {
        top.seen ??= new Map();
        earlierAt = top.seen.get(key);
        if (earlierAt === undefined) top.seen.set(key, offset);
      }
      if (earlierAt !== undefined) {
        top.firsts ??= new Map();
        const first = top.firsts.get(key) ?? earlierAt;
        top.firsts.set(key, first);
        duplicates.push({
          pointer: pointerTo(key), key, first: position(first), used: position(offset),
          hostBehaviour: 'JSON.parse and the host use the last occurrence', sameSpelling: true,
        });
      }
      top.key = key;
      top.keyAt = offset;
    },
    onArrayBegin: (offset) => {
      if (stack.length >= MAX_DEPTH) throw new TooDeep(offset);
      const at = memberAt(offset);
      const frame: Frame = { kind: 'array', out: values ? [] : NO_ARRAY, pos: keepPositions() ? { at, kids: [] } : undefined, count: 0 };
      place(frame.out, frame.pos ?? at);
      stack.push(frame);
    },
    onObjectEnd: () => { const f = stack.pop(); if (f !== undefined) settle(f); },
    onArrayEnd: () => { const f = stack.pop(); if (f !== undefined) settle(f); },
    onLiteralValue: (value: unknown, offset) => { work += 1; place(value, memberAt(offset)); },
    onError: (error, offset, length) => { throw new FirstError({ error, offset, length }); },
  };
  // Text JSON.parse accepted (no values to build) has plain JSON's tokens only: they are found by
  // the tokenizer below, which makes the visitor's events at a tenth of its cost.
  let escapedKey = false;
  if (values) visit(source, handlers, { allowTrailingComma: !options.strict, disallowComments: options.strict, allowEmptyContent: true });
  else escapedKey = visitPlainJson(source, handlers);
  /** The offset of the deepest member of `pointer` that exists, walking from `slot` (at `offset`). */
  const walk = (from: Slot | undefined, at: number, pointer: readonly PointerSegment[]): number => {
    let slot = from;
    let offset = at;
    for (const seg of pointer) {
      work += 1;
      const next = kid(slot, seg);
      if (next === undefined) return offset;
      offset = slotAt(next);
      slot = next;
    }
    return offset;
  };
  const rootOffset = root === undefined ? 0 : slotAt(root.slot);
  const locate = (pointer: readonly PointerSegment[]): number => walk(root?.slot, rootOffset, pointer);
  const locateUnder = (base: readonly PointerSegment[]): ((rel: readonly PointerSegment[]) => number) => {
    let slot = root?.slot;
    let offset = rootOffset;
    for (const seg of base) {
      work += 1;
      const next = kid(slot, seg);
      // A base that is not all there: the walk stops inside it whatever follows.
      if (next === undefined) return () => offset;
      offset = slotAt(next);
      slot = next;
    }
    const baseSlot = slot;
    const baseOffset = offset;
    return (rel) => walk(baseSlot, baseOffset, rel);
  };
  return { value: root?.value, escapedKey, duplicates, locate, locateUnder, work: () => work };
}

interface Built {
  readonly value: unknown;
  /** A positions-only build met a key spelled with an escape (its values must not come from JSON.parse). */
  readonly escapedKey: boolean;
  readonly duplicates: readonly DuplicateKey[];
  locate(pointer: readonly PointerSegment[]): number;
  locateUnder(base: readonly PointerSegment[]): (rel: readonly PointerSegment[]) => number;
  work(): number;
}

/** The visitor events a positions-only build uses (jsonc-parser's JSONVisitor, its offsets). */
export interface PlainVisitor {
  onObjectBegin(offset: number): void;
  onObjectProperty(key: string, offset: number): void;
  onObjectEnd(): void;
  onArrayBegin(offset: number): void;
  onArrayEnd(): void;
  onLiteralValue(value: unknown, offset: number): void;
}

/**
 * Where the string token whose opening quote is at `open` ends (just past its closing quote):
 * the first quote after it that an even run of backslashes precedes. indexOf finds each quote
 * natively, and each backslash is counted for one quote only, so the cost is linear. (A regexp
 * for the token keeps a backtrack entry per escape: a string of 3.5 million escapes overflows
 * V8's regexp stack.)
 */
function stringEnd(source: string, open: number): number {
  for (let quote = source.indexOf('"', open + 1); quote !== -1; quote = source.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (source.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  throw new InternalError(`plain JSON: the string at ${open} does not end`);
}

/** Whether `c` ends a literal (number, true, false, null): JSON whitespace, a punctuator or a quote. */
function endsLiteral(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0x3a
    || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x22;
}

/**
 * Makes, for `source` that JSON.parse accepted, the events jsonc-parser's `visit` makes for it,
 * at the same offsets (test/parse/jsonc-plain-events.test.ts holds the two to each other). Plain
 * JSON has one-character punctuators, four whitespace characters, strings and literals, so one
 * pass over the characters finds every token, skipping a string's body with indexOf; on the
 * bench home's 28 files jsonc-parser's visitor, which walks each character of strings too, took
 * 5-8 ms against JSON.parse's 0.5 ms. A
 * string is a key where an object expects one, else a value. Keys are decoded (by JSON.parse
 * when escaped); values are not (a positions-only build takes its values from JSON.parse), so
 * onLiteralValue gets undefined. Text JSON.parse refuses must not come here: its tokens are not
 * checked. Returns whether any key was spelled with an escape.
 */
export function visitPlainJson(source: string, v: PlainVisitor): boolean {
  let escapedKey = false;
  /** Per open container: true for an object. */
  const inObject: boolean[] = [];
  let expectKey = false;
  const end = source.length;
  let i = 0;
  while (i < end) {
    const c = source.charCodeAt(i);
    switch (c) {
      case 0x20: case 0x09: case 0x0a: case 0x0d: i++; break;
      case 0x22: { // "
        const next = stringEnd(source, i);
        if (expectKey) {
          const raw = source.slice(i, next);
          // A string on its own (not a key) is decoded right by every V8 (parseJsonc: the key defect).
          const escaped = raw.includes('\\');
          if (escaped) escapedKey = true;
          v.onObjectProperty(escaped ? JSON.parse(raw) as string : raw.slice(1, -1), i);
          expectKey = false;
        } else v.onLiteralValue(undefined, i);
        i = next;
        break;
      }
      case 0x7b: v.onObjectBegin(i); inObject.push(true); expectKey = true; i++; break; // {
      case 0x5b: v.onArrayBegin(i); inObject.push(false); i++; break; // [
      case 0x7d: inObject.pop(); expectKey = false; v.onObjectEnd(); i++; break; // }
      case 0x5d: inObject.pop(); v.onArrayEnd(); i++; break; // ]
      case 0x2c: expectKey = inObject[inObject.length - 1] === true; i++; break; // ,
      case 0x3a: i++; break; // :
      default: {
        v.onLiteralValue(undefined, i);
        let next = i + 1;
        while (next < end && !endsLiteral(source.charCodeAt(next))) next++;
        i = next;
      }
    }
  }
  return escapedKey;
}
