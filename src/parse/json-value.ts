/**
 * JSON.parse, with keys decoded right on every supported Node line. Node 24's V8 (13.6) can read a
 * one-character escaped object key ("\"", "\n", "\u0041") back as "\\" once any earlier parse made
 * a key "\\" (https://issues.chromium.org/issues/521080746, https://github.com/nodejs/node/issues/63785);
 * values are not affected. A text whose keys hold no escape is what JSON.parse built; one with an
 * escaped key is read again by jsonc-parser (parse/jsonc.ts), which decodes escapes itself. Errors
 * are JSON.parse's (a SyntaxError), so callers keep their handling.
 */
import { parseJsonc, visitPlainJson } from './jsonc.js';

const NOTHING = {
  onObjectBegin: (): void => undefined, onObjectProperty: (): void => undefined, onObjectEnd: (): void => undefined,
  onArrayBegin: (): void => undefined, onArrayEnd: (): void => undefined, onLiteralValue: (): void => undefined,
};

export function parseJsonValue(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!visitPlainJson(text, NOTHING)) return value;
  const doc = parseJsonc(text, { strict: true });
  if (!doc.ok) throw new SyntaxError(doc.problem.message);
  return doc.value.value;
}
