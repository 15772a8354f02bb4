/**
 * The text of a gate file (`--policy`, `--baseline`, the ignore file) read fail-closed: anything
 * the reader cannot take exactly as written stops the run with a UsageError (exit 2) naming the
 * file and, where there is one, line:column. A gate file that silently meant less than it says
 * would pass a gate it should fail.
 *
 * YAML (and JSON given as YAML): nesting deeper than {@link GATE_MAX_DEPTH} is refused with a
 * message of its own before any value is built (the `yaml` composer recurses, and 100,000 nested
 * `- ` exhausted the heap); a tag other than the YAML 1.2 core schema's (`!!python/object`,
 * `!custom`, even `!!binary`) is refused, never read as a plain string; more than
 * {@link GATE_MAX_ALIASES} alias expansions (an alias bomb) are refused; so are duplicate keys.
 * JSON (the baseline): strict JSON with duplicate keys refused and nesting bounded
 * (parse/jsonc.ts).
 */
import { LineCounter, Parser, isAlias, isNode, parseDocument, visit, type CST, type Document } from 'yaml';
import { parseJsonc } from '../parse/jsonc.js';
import { MAX_DEPTH } from '../parse/document.js';
import { UsageError, toError } from '../shared/errors.js';

/** Gate files are a few levels deep; this is far past any real one and far inside the stack. */
export const GATE_MAX_DEPTH = 64;
/** The `yaml` package's own default for toJS (maxAliasCount), made explicit. */
export const GATE_MAX_ALIASES = 100;

const CORE_TAGS: ReadonlySet<string> = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));

export interface GateYaml {
  readonly doc: Document;
  readonly counter: LineCounter;
  readonly value: unknown;
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) { line++; start = i + 1; }
  return { line, column: offset - start + 1 };
}

const stop = (label: string, text: string, offset: number, why: string): never => {
  const p = position(text, Math.max(0, Math.min(offset, text.length)));
  throw new UsageError(`${label}:${p.line}:${p.column}: ${why}`);
};

const tooDeep = (limit: number): string => `nested deeper than ${limit} levels: refused before reading (a gate file is a few levels deep)`;

/**
 * The first offset where flow brackets nest past the limit, counted on the characters (quoted
 * strings and comments skipped): a quick refusal of `[[[[…` before the parser builds anything.
 * It may count too few (a quote inside a plain scalar); the CST walk below is exact.
 */
function deepBrackets(text: string, limit: number): number | undefined {
  let depth = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (lineStart) {
      // Compact block nesting (`- - - x`, `? ? x`): each indicator at the start of a line opens a level.
      lineStart = false;
      let j = i;
      while (text[j] === ' ' || text[j] === '\t') j++;
      let levels = 0;
      while ((text[j] === '-' || text[j] === '?') && (text[j + 1] === ' ' || text[j + 1] === '\t')) {
        if (++levels > limit) return j;
        j += 2;
        while (text[j] === ' ' || text[j] === '\t') j++;
      }
    }
    if (c === '\n') { lineStart = true; continue; }
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === '\\') i++;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      while (i < text.length && text[i + 1] !== '\n' && i + 1 < text.length) i++;
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return i;
    } else if ((c === ']' || c === '}') && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** The first CST token nested past the limit, walked with an explicit stack (no recursion). */
function deepToken(text: string, limit: number): number | undefined {
  const stack: { tok: CST.Token | undefined; depth: number }[] = [];
  for (const top of new Parser().parse(text)) stack.push({ tok: top, depth: 0 });
  while (stack.length > 0) {
    const { tok, depth } = stack.pop() ?? { tok: undefined, depth: 0 };
    if (tok === undefined) continue;
    if (depth > limit) return 'offset' in tok ? tok.offset : 0;
    if (tok.type === 'document') stack.push({ tok: tok.value, depth });
    else if (tok.type === 'block-map' || tok.type === 'block-seq' || tok.type === 'flow-collection') {
      for (const item of tok.items) {
        if ('key' in item && item.key !== undefined && item.key !== null) stack.push({ tok: item.key, depth: depth + 1 });
        if (item.value !== undefined) stack.push({ tok: item.value, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Parses a gate file's YAML fail-closed (see the module comment). `label` starts every message. */
export function gateYaml(text: string, label: string, options: { readonly uniqueKeys: boolean; readonly what: string }): GateYaml {
  const deep = deepBrackets(text, GATE_MAX_DEPTH) ?? deepToken(text, GATE_MAX_DEPTH);
  if (deep !== undefined) stop(label, text, deep, tooDeep(GATE_MAX_DEPTH));
  const counter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: options.uniqueKeys, logLevel: 'error' });
  } catch (e: unknown) {
    return stop(label, text, 0, `cannot be read as YAML: ${toError(e).message}`);
  }
  const syntax = doc.errors[0];
  if (syntax !== undefined) stop(label, text, syntax.pos[0], `invalid ${options.what}: ${syntax.message.split('\n')[0] ?? ''}`);
  const unresolved = doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED');
  if (unresolved !== undefined) stop(label, text, unresolved.pos[0], `unknown YAML tag (${unresolved.message.split('\n')[0]?.replace(/ at line.*$/, '') ?? ''}): a gate file uses plain YAML only`);
  let firstAlias: number | undefined;
  visit(doc, (_key, node) => {
    if (isAlias(node)) { firstAlias ??= node.range?.[0] ?? 0; return; }
    if (isNode(node) && node.tag !== undefined && !CORE_TAGS.has(node.tag)) {
      // Pointed at the tag itself (the node's range starts at its value), when it is on that line.
      const at = node.range?.[0] ?? 0;
      let bang = text.lastIndexOf('!', at);
      while (bang > 0 && text[bang - 1] === '!') bang--;
      stop(label, text, bang >= 0 && !text.slice(bang, at).includes('\n') ? bang : at, `YAML tag ${node.tag} is not allowed: a gate file uses plain YAML only`);
    }
  });
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: GATE_MAX_ALIASES });
  } catch (e: unknown) {
    if (e instanceof ReferenceError && /alias/i.test(e.message)) {
      return stop(label, text, firstAlias ?? 0, `more than ${GATE_MAX_ALIASES} YAML alias expansions (an alias bomb?): refused`);
    }
    return stop(label, text, firstAlias ?? 0, `cannot be read as YAML: ${toError(e).message}`);
  }
  return { doc, counter, value };
}

/** Strict JSON of a gate file: syntax, depth and duplicate keys refused with line:column. */
export function gateJson(text: string, label: string): unknown {
  const r = parseJsonc(text, { strict: true });
  if (!r.ok) {
    const p = r.problem;
    throw new UsageError(`${label}:${p.line}:${p.column}: ${p.kind === 'too-deep' ? tooDeep(MAX_DEPTH) : `not JSON: ${p.message}`}`);
  }
  const dup = r.value.duplicates[0];
  if (dup !== undefined) {
    throw new UsageError(`${label}:${dup.used.line}:${dup.used.column}: duplicate key ${JSON.stringify(dup.key)} (first at ${dup.first.line}:${dup.first.column}): a gate file must say each thing once`);
  }
  return r.value.value;
}
