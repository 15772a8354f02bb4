import { createScanner } from 'jsonc-parser';

/**
 * Where a textual reference such as opencode's `{env:NAME}` stands in a JSONC text: inside a
 * string literal, inside a comment, or among the tokens themselves. A host that substitutes such
 * references in the raw text before parsing (anomalyco/opencode packages/opencode/src/config/paths.ts
 * `ConfigPaths.substitute`: `text.replace(/\{env:([^}]+)\}/g, …)`, then `parseJsonc`) parses
 * whatever the value spells: only a value in a string literal that holds no quote, backslash or
 * control character leaves the document's shape as written.
 */
export type ReferenceSite = 'string' | 'comment' | 'code';

export interface TextReference {
  readonly name: string;
  readonly site: ReferenceSite;
  /** 1-based line of the reference. */
  readonly line: number;
}

/** jsonc-parser's SyntaxKind is an ambient const enum (unusable under verbatimModuleSyntax). */
const KIND = { string: 10, lineComment: 12, blockComment: 13, eof: 17 } as const;
const ENV = /\{env:([^}]+)\}/g;

/** The `{env:NAME}` references of `text`, each with where it stands. */
export function envReferences(text: string): TextReference[] {
  if (!text.includes('{env:')) return [];
  const found = [...text.matchAll(ENV)];
  if (found.length === 0) return [];
  // Token spans, in order: each reference takes the kind of the token its start falls in.
  const spans: { start: number; end: number; site: ReferenceSite }[] = [];
  const scanner = createScanner(text, false);
  for (let kind: number = scanner.scan(); kind !== KIND.eof; kind = scanner.scan()) {
    const site: ReferenceSite = kind === KIND.string ? 'string' : kind === KIND.lineComment || kind === KIND.blockComment ? 'comment' : 'code';
    spans.push({ start: scanner.getTokenOffset(), end: scanner.getTokenOffset() + scanner.getTokenLength(), site });
  }
  const out: TextReference[] = [];
  let s = 0;
  let line = 1;
  let counted = 0;
  for (const m of found) {
    const at = m.index;
    while (s < spans.length && (spans[s]?.end ?? 0) <= at) s++;
    const span = spans[s];
    const site: ReferenceSite = span !== undefined && span.start <= at && (m.index + m[0].length <= span.end || span.site !== 'string') ? span.site : 'code';
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 10) line++;
    out.push({ name: m[1] ?? '', site, line });
  }
  return out;
}
