/** §7.A Tool set (per server). */
import type { DriftKind } from '../types.js';

export const TOOL_SET_KINDS = [
  { id: 'tool-added', severity: 'low', subject: 'tool', action: 'add', direction: 'none', decision: 'auto', title: 'Tool added' },
  { id: 'tool-added-destructive', severity: 'high', subject: 'tool-declared-danger', action: 'add', direction: 'none', decision: 'hold', title: 'Tool added that declares itself destructive, or open-world while not read-only',
    unpaired: 'a failed guard of tool-added (G-T5); a removal is plain tool-removed',
    rationale: 'Stricter than the seed: github/github-mcp-server@8ec62491 added delete_repository with an explicit destructiveHint: true, which plain tool-added would auto-accept. Auto-accept must be safe for the caller and the model; a new tool with an explicit destructiveHint: true, or an explicit openWorldHint: true without readOnlyHint: true, holds. Judged on explicit values only: the defaults are the worst case and would hold every unannotated tool.' },
  { id: 'tool-added-instructive', severity: 'high', subject: 'tool-instructive', action: 'add', direction: 'none', decision: 'hold', title: 'Tool added whose text instructs the model',
    unpaired: 'a failed guard of tool-added (G-T6); a removal is plain tool-removed',
    rationale: 'Stricter than the seed: the same imperative instruction patterns as param-added-instructive (instructions.ts), on every text of a new tool; a poisoned new tool must not auto-accept.' },
  { id: 'tool-removed', severity: 'medium', subject: 'tool', action: 'remove', direction: 'none', decision: 'hold', title: 'Tool removed' },
  { id: 'tool-added-confusable-name', severity: 'high', subject: 'tool-confusable-name', action: 'add', direction: 'none', decision: 'hold', title: 'Tool added with a look-alike or invalid name',
    unpaired: 'a failed guard of tool-added; the removal side is plain tool-removed' },
  { id: 'tool-renamed-case-only', severity: 'medium', subject: 'tool-name', action: 'rename', direction: 'none', decision: 'hold', title: 'Tool renamed (case only)' },
  { id: 'tool-renamed-style-only', severity: 'medium', subject: 'tool-name', action: 'rename', direction: 'none', decision: 'hold', title: 'Tool renamed (separators / case only)' },
  { id: 'tool-renamed-normalization-only', severity: 'high', subject: 'tool-name', action: 'rename', direction: 'none', decision: 'hold', title: 'Tool renamed (equal only after NFKC + casefold)' },
  { id: 'tool-renamed-probable', severity: 'medium', subject: 'tool-name', action: 'rename', direction: 'none', decision: 'hold', title: 'Tool probably renamed (identical input schema and annotations)' },
  { id: 'tools-consolidated', severity: 'medium', subject: 'tool-set', action: 'change', direction: 'none', decision: 'hold', title: 'Removed tools reappear as values of an operation enum' },
  { id: 'snapshot-incomplete', severity: 'high', subject: 'snapshot', action: 'abort', direction: 'none', decision: 'hold', title: 'Snapshot incomplete (pagination or transport failure)' },
  { id: 'snapshot-malformed', severity: 'high', subject: 'snapshot', action: 'change', direction: 'none', decision: 'hold', title: 'Duplicate tool or prompt names' },
] as const satisfies readonly DriftKind[];
