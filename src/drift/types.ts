/**
 * The drift domain model: snapshots in, deltas and a decision out.
 * Contract values stay `unknown` until the differ narrows them.
 */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** oasdiff-style direction: inputSchema = request, outputSchema = response. */
export type Direction = 'input' | 'output' | 'none';

/** What a kind does to its subject; the symmetry test pairs add/remove and widen/narrow. */
export type Action = 'add' | 'remove' | 'change' | 'widen' | 'narrow' | 'rename' | 'abort';

/** A drift kind: data, never behaviour (STYLE §5). */
export interface DriftKind {
  readonly id: string;
  readonly severity: Severity;
  /** The thing that changed, e.g. `tool`, `param`, `annotation-readonly`, `description`. */
  readonly subject: string;
  readonly action: Action;
  readonly direction: Direction;
  readonly decision: 'auto' | 'hold';
  readonly title: string;
  /** Why this kind has no add/remove or widen/narrow partner. */
  readonly unpaired?: string;
  /** Rationale, for kinds mcp-audit adds beyond the base kind table: why the kind exists and holds. */
  readonly rationale?: string;
}

/** A JSON object from a snapshot, not yet narrowed further. */
export type JsonObject = Readonly<Record<string, unknown>>;

export interface ToolContract {
  readonly name: string;
  /** The tool exactly as listed (name included). */
  readonly raw: JsonObject;
}

export interface PromptContract {
  readonly name: string;
  readonly raw: JsonObject;
}

/**
 * What the classifier compares. `server` is present only when the source carried the
 * server-scoped surface (a full snapshot); `prompts` only when it carried a prompt list. A side
 * without them is not compared on that surface.
 */
export interface Snapshot {
  readonly tools: readonly ToolContract[];
  /**
   * JSON Pointers of members whose name repeats an earlier one in the same object of the raw text
   * (JSON.parse keeps the last, other parsers the first: a parser differential). Filled by callers
   * that see the text; reported as snapshot-malformed when present in the new snapshot.
   */
  readonly duplicateMembers?: readonly string[];
  readonly prompts?: readonly PromptContract[];
  readonly server?: {
    readonly serverInfo?: JsonObject;
    readonly instructions?: string;
    readonly capabilities?: JsonObject;
  };
}

export interface Delta {
  readonly kind: string;
  readonly severity: Severity;
  /** The tool it concerns (the new name for renames); absent for server-scoped deltas. */
  readonly tool?: string;
  /** The prompt it concerns, for prompt deltas. */
  readonly prompt?: string;
  /** JSON Pointer inside the tool (or prompt, or server surface). */
  readonly path: string;
  /** Truncated JSON of the old / new value; absent when that side does not exist. */
  readonly before?: string;
  readonly after?: string;
  /** Text class, flags, the guard that failed, the old name of a rename… */
  readonly details?: Readonly<Record<string, string | readonly string[]>>;
}

export type Decision = 'auto-accept' | 'hold';

export interface DriftResult {
  /** Sorted by severity (critical first), then tool, then path. */
  readonly deltas: readonly Delta[];
  /** `auto-accept` when nothing changed or every delta is an AUTO kind that passed its guards. */
  readonly decision: Decision;
  readonly changed: boolean;
}
