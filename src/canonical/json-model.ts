/**
 * A JSON value model that keeps what JSON.parse throws away: each number's class (integer or
 * float, as Python's json module decides) and its exact source digits, duplicate members, and the
 * source offset of every value (for error messages).
 */

interface Located {
  /** UTF-16 offset of the value's first character in the source text, when read from text. */
  readonly offset?: number;
}

export interface JsonNull extends Located { readonly kind: 'null' }
export interface JsonBoolean extends Located { readonly kind: 'boolean'; readonly value: boolean }
/** A literal without fraction or exponent: an integer of any size. `text` is its exact digits. */
export interface JsonInteger extends Located { readonly kind: 'integer'; readonly text: string }
/** A literal with a fraction or exponent (or a non-integral JS number). `value` is the nearest double. */
export interface JsonFloat extends Located { readonly kind: 'float'; readonly value: number; readonly text?: string }
export interface JsonString extends Located { readonly kind: 'string'; readonly value: string }
export interface JsonArray extends Located { readonly kind: 'array'; readonly items: readonly JsonNode[] }
/** An object's members in source order; duplicate keys are all present (the last one wins). */
export interface JsonObject extends Located { readonly kind: 'object'; readonly members: readonly JsonMember[] }

export interface JsonMember {
  readonly key: string;
  readonly value: JsonNode;
  /** Offset of the key's opening quote, when read from text. */
  readonly keyOffset?: number;
}

export type JsonNode = JsonNull | JsonBoolean | JsonInteger | JsonFloat | JsonString | JsonArray | JsonObject;

/** The value of the last member named `key` (JSON.parse and Python json both keep the last copy). */
export function getMember(obj: JsonObject, key: string): JsonNode | undefined {
  const members = obj.members;
  for (let i = members.length - 1; i >= 0; i--) {
    const m = members[i];
    if (m !== undefined && m.key === key) return m.value;
  }
  return undefined;
}

export const isObject = (n: JsonNode | undefined): n is JsonObject => n !== undefined && n.kind === 'object';
export const isArray = (n: JsonNode | undefined): n is JsonArray => n !== undefined && n.kind === 'array';
export const isString = (n: JsonNode | undefined): n is JsonString => n !== undefined && n.kind === 'string';

export const jsonString = (value: string): JsonString => ({ kind: 'string', value });
export const jsonObject = (members: readonly JsonMember[]): JsonObject => ({ kind: 'object', members });
export const member = (key: string, value: JsonNode): JsonMember => ({ key, value });

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string | number): string {
  return typeof token === 'number' ? String(token) : token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(path: readonly (string | number)[]): string {
  let out = '';
  for (const t of path) out += `/${escapePointerToken(t)}`;
  return out;
}

/**
 * The JSON pointer of `target` inside `root` (identity search, iterative), or undefined.
 * Used to report a problem found in a derived value (a digest preimage) at its source location.
 */
export function findPointer(root: JsonNode, target: JsonNode): string | undefined {
  // Each visited node remembers its parent's index and its own token: O(n) even for deep chains.
  const nodes: JsonNode[] = [root];
  const parents: number[] = [-1];
  const tokens: (string | number)[] = [''];
  const stack: number[] = [0];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const node = nodes[top];
    if (node === undefined) continue;
    if (node === target) {
      const path: (string | number)[] = [];
      for (let i = top; i > 0; i = parents[i] ?? 0) path.push(tokens[i] ?? '');
      return toPointer(path.reverse());
    }
    const add = (child: JsonNode, token: string | number): void => {
      stack.push(nodes.length);
      nodes.push(child);
      parents.push(top);
      tokens.push(token);
    };
    if (node.kind === 'array') node.items.forEach((v, i) => add(v, i));
    else if (node.kind === 'object') for (const m of node.members) add(m.value, m.key);
  }
  return undefined;
}

/** 1-based line and column (in UTF-16 code units) of an offset; CRLF, CR and LF end a line. */
export function locate(text: string, offset: number): { readonly line: number; readonly column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
