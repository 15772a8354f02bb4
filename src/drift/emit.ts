/**
 * Building deltas: one place that fills severity from the kind table, truncates before/after,
 * and maps a text class (§10) to the kind of its field family (§7.B, §7.G).
 */
import type { Delta, Severity } from './types.js';
import { defaultSeverity, type KindId } from './kinds/index.js';
import { CUT, jsonText, LONG_LIMIT, markedChange, preview, same, SHORT_LIMIT } from './json.js';
import { classifyText, type TextClass } from './text.js';

/** drift/ imports only canonical/ (test/architecture): its own copy of shared/extend.ts Mutable. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Where deltas go, and which tool or prompt they concern. */
export interface Scope {
  readonly out: Delta[];
  readonly tool?: string;
  readonly prompt?: string;
}

export interface EmitOptions {
  readonly severity?: Severity;
  readonly details?: Readonly<Record<string, string | readonly string[]>>;
  /** Unclassified payloads carry up to ~4 KB per side (§9). */
  readonly long?: boolean;
  /** Text fields: before / after are never cut (an inserted instruction must stay visible). */
  readonly full?: boolean;
}


/** `undefined` before/after = that side does not exist. */
export function emit(scope: Scope, kind: KindId, path: string, before: unknown, after: unknown, opts: EmitOptions = {}): void {
  const limit = opts.full === true ? Infinity : opts.long === true ? LONG_LIMIT : SHORT_LIMIT;
  const d: Mutable<Delta> = { kind, severity: opts.severity ?? defaultSeverity(kind), path };
  if (scope.tool !== undefined) d.tool = scope.tool;
  if (scope.prompt !== undefined) d.prompt = scope.prompt;
  if (before !== undefined) d.before = preview(before, limit);
  if (after !== undefined) d.after = preview(after, limit);
  let details = opts.details;
  // A cut preview could hide what changed: the changed span is then given in full as a marked change.
  if (before !== undefined && after !== undefined && (d.before?.endsWith(CUT) === true || d.after?.endsWith(CUT) === true)) {
    const text = (v: unknown): string => (typeof v === 'string' ? v : jsonText(v));
    details = { ...details, change: markedChange(text(before), text(after)) };
  }
  if (details !== undefined) d.details = details;
  scope.out.push(d);
}

type Changed = Exclude<TextClass, 'identical'>;
type Ladder = Readonly<Record<Changed, KindId>>;

const ladder = (text: KindId, added: KindId, removed: KindId, ws: KindId, nf: KindId, dg: KindId, cur: KindId): Ladder =>
  ({ added, removed, 'whitespace-only': ws, 'normalization-only': nf, 'digits-only': dg, 'currency-digits': cur, text });
const single = (k: KindId): Ladder =>
  ({ added: k, removed: k, 'whitespace-only': k, 'normalization-only': k, 'digits-only': k, 'currency-digits': k, text: k });

/** Field family → kind per text class. */
const FAMILIES = {
  description: ladder('description-text-changed', 'description-added', 'description-removed',
    'description-whitespace-only', 'description-normalization-only', 'description-digits-only', 'description-currency-digits'),
  'param-description': ladder('param-description-changed', 'param-description-added', 'param-description-removed',
    'param-description-whitespace-only', 'param-description-normalization-only', 'param-description-digits-only', 'param-description-currency-digits'),
  'prompt-description': ladder('prompt-description-changed', 'prompt-description-added', 'prompt-description-removed',
    'prompt-description-whitespace-only', 'prompt-description-normalization-only', 'prompt-description-digits-only', 'prompt-description-currency-digits'),
  'prompt-argument-description': ladder('prompt-argument-description-changed',
    'prompt-argument-description-added', 'prompt-argument-description-removed', 'prompt-argument-description-whitespace-only',
    'prompt-argument-description-normalization-only', 'prompt-argument-description-digits-only', 'prompt-argument-description-currency-digits'),
  instructions: ladder('instructions-changed', 'instructions-added', 'instructions-removed',
    'instructions-whitespace-only', 'instructions-normalization-only', 'instructions-digits-only', 'instructions-currency-digits'),
  title: single('title-changed'),
  'annotation-title': single('annotation-title-changed'),
  'param-title': single('param-title-changed'),
  'prompt-title': single('prompt-title-changed'),
  'output-description': single('output-description-changed'),
  'server-description': single('server-description-changed'),
} as const satisfies Record<string, Ladder>;

export type TextFamily = keyof typeof FAMILIES;

/**
 * Where a text field holding a non-string value goes: the unclassified kind of its scope. Such a
 * value is compared as raw JSON, never read as absent on both sides (otherwise `description: 5` →
 * `6` would read as "No drift").
 */
const FALLBACK: Readonly<Record<TextFamily, KindId>> = {
  description: 'tool-changed-unclassified', title: 'tool-changed-unclassified', 'annotation-title': 'tool-changed-unclassified',
  'param-description': 'schema-changed-unclassified', 'param-title': 'schema-changed-unclassified',
  'output-description': 'output-schema-changed-unclassified',
  'prompt-description': 'prompt-changed-unclassified', 'prompt-title': 'prompt-changed-unclassified',
  'prompt-argument-description': 'prompt-changed-unclassified',
  instructions: 'server-changed-unclassified', 'server-description': 'server-changed-unclassified',
};

/** null is absent (§10.1 "one side is absent or null"). */
const text = (v: unknown): string | undefined | null => (v === undefined || v === null ? undefined : typeof v === 'string' ? v : null);

/**
 * Classifies one text field and emits its kind, plus `hidden-characters-added` when the new text
 * gains invisible characters. A digits-only change inside an address is raised to high (§10.2).
 * Text is never cut. A side that is not a string makes the change unclassified (high), compared raw.
 */
export function emitText(scope: Scope, family: TextFamily, path: string, rawA: unknown, rawB: unknown): void {
  const a = text(rawA);
  const b = text(rawB);
  if (a === null || b === null) {
    if (!same(rawA ?? null, rawB ?? null)) {
      emit(scope, FALLBACK[family], path, rawA ?? undefined, rawB ?? undefined,
        { severity: 'high', long: true, details: { reason: `${family} is not a string; compared as raw JSON` } });
    }
    return;
  }
  if (a === b) return;
  const v = classifyText(a, b);
  if (v.cls === 'identical') return;
  const kind = FAMILIES[family][v.cls];
  const severity: Severity = v.inAddress && v.cls === 'digits-only' ? 'high' : defaultSeverity(kind);
  const flags = v.inAddress ? ['in-address'] : [];
  emit(scope, kind, path, a, b, { severity, full: true, details: { class: v.cls, ...(flags.length > 0 ? { flags } : {}) } });
  if (v.hidden) emit(scope, 'hidden-characters-added', path, a, b, { full: true, details: { class: v.cls } });
}
