/**
 * The rule catalogue's shape. A rule is data: stable kebab-case id (= its file name), severity,
 * its effect on the grade, a message with {{named}} placeholders checked at compile time, and
 * documentation printed by `mcp-audit explain <id>` and embedded in SARIF `help`.
 */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** What a firing rule does to the entry's grade. `none` = reported, grade unchanged. */
export type GradeEffect = 'unverifiable' | 'unprotected' | 'none';

/**
 * The links of an entry's evidence chain: an entry is enforcing only when every claim is
 * proven. A grading rule names the claim its firing leaves unproven (or refutes); rules about
 * files, probes or suppressions, which belong to no single claim, leave it out.
 */
export type Claim = 'launched' | 'program' | 'environment' | 'mode' | 'store' | 'baseline' | 'version';
export const CLAIMS: readonly Claim[] = ['launched', 'program', 'environment', 'mode', 'store', 'baseline', 'version'];

export type Placeholders<S extends string> = S extends `${string}{{${infer K}}}${infer R}` ? K | Placeholders<R> : never;

export interface RuleDocs {
  readonly meaning: string;
  readonly whyItMatters: string;
  readonly howToFix: string;
  readonly example: string;
}

export interface RuleMeta<M extends string = string> {
  readonly id: string;
  readonly severity: Severity;
  readonly grade: GradeEffect;
  /**
   * The claim of the evidence chain this rule's finding leaves unproven (or refutes). Required:
   * null only for rules about files, probes, suppressions or the run, which belong to no claim.
   */
  readonly claim: Claim | null;
  readonly since: string;
  readonly title: string;
  readonly message: M;
  readonly docs: RuleDocs;
  /**
   * Placeholders that tell two findings of this rule on the same entry (or file) apart — the env
   * variable, the JSON pointer, the path. They join the fingerprint, so suppressing one never
   * hides another (accepting LD_PRELOAD must not silence a new PYTHONPATH).
   */
  readonly identity?: readonly string[];
  readonly deprecated?: { readonly since: string; readonly replacedBy?: string };
}

/** Defines a rule; `identity` may name only placeholders of its message (checked at compile time). */
export const defineRule = <const M extends string>(meta: RuleMeta<M> & { readonly identity?: readonly Placeholders<M>[] }): RuleMeta<M> => meta;

export interface FindingLocation {
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

export interface Finding {
  readonly id: string;
  readonly severity: Severity;
  readonly grade: GradeEffect;
  readonly message: string;
  readonly location?: FindingLocation;
  /** The placeholder values (never env values, header values or tokens). */
  readonly data: Readonly<Record<string, string>>;
}

/** A message template cut once into its literal text (even places) and placeholder names (odd places). */
const TEMPLATES = new Map<string, readonly string[]>();
function templateOf(message: string): readonly string[] {
  let parts = TEMPLATES.get(message);
  if (parts === undefined) {
    parts = message.split(/\{\{([A-Za-z0-9_]+)\}\}/);
    TEMPLATES.set(message, parts);
  }
  return parts;
}

/** Builds a finding; every placeholder of the rule's message must be supplied (compile-time check). */
export function finding<M extends string>(
  rule: RuleMeta<M>,
  data: Record<Placeholders<M>, string>,
  location?: FindingLocation,
): Finding {
  const values: Record<string, string> = data;
  const parts = templateOf(rule.message);
  let message = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i] ?? '';
    message += (Object.hasOwn(values, key) ? values[key] : undefined) ?? `{{${key}}}`;
    message += parts[i + 1] ?? '';
  }
  // Two literals rather than a spread-in location: the same key order, no runtime spread.
  return location !== undefined
    ? { id: rule.id, severity: rule.severity, grade: rule.grade, message, location, data: { ...values } }
    : { id: rule.id, severity: rule.severity, grade: rule.grade, message, data: { ...values } };
}
