/** §7.F Other tool fields. */
import type { DriftKind } from '../types.js';

export const TOOL_FIELD_KINDS = [
  { id: 'icons-changed', severity: 'low', subject: 'icons', action: 'change', direction: 'none', decision: 'hold', title: 'Icons changed' },
  { id: 'meta-changed', severity: 'medium', subject: 'meta', action: 'change', direction: 'none', decision: 'hold', title: '_meta changed' },
  { id: 'execution-changed', severity: 'low', subject: 'execution', action: 'change', direction: 'none', decision: 'hold', title: 'execution (taskSupport) changed' },
  { id: 'tool-changed-unclassified', severity: 'medium', subject: 'tool-other', action: 'change', direction: 'none', decision: 'hold', title: 'Tool changed in a way no kind explains (e.g. a value of the wrong type)',
    rationale: 'Fallback: any raw difference left after the meaning-preserving normalisations that no kind explains holds; a text or hint of the wrong type is compared as raw JSON (readOnlyHint false → "true" reads as read-only to a truthiness check).' },
  { id: 'tool-field-unrecognized-changed', severity: 'medium', subject: 'tool-field', action: 'change', direction: 'none', decision: 'hold', title: 'Unknown top-level tool field changed' },
] as const satisfies readonly DriftKind[];
