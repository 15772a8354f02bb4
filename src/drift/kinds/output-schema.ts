/** §7.D Output schema (response direction, mirrors oasdiff response rules). */
import type { DriftKind } from '../types.js';

export const OUTPUT_SCHEMA_KINDS = [
  { id: 'output-schema-added', severity: 'info', subject: 'output-schema', action: 'add', direction: 'output', decision: 'auto', title: 'First-time outputSchema' },
  { id: 'output-schema-removed', severity: 'medium', subject: 'output-schema', action: 'remove', direction: 'output', decision: 'hold', title: 'outputSchema removed' },
  { id: 'output-schema-invalid', severity: 'high', subject: 'output-schema-validity', action: 'change', direction: 'output', decision: 'hold', title: 'outputSchema not well-formed (failed guard G-O2)' },
  { id: 'output-property-added', severity: 'low', subject: 'output-property', action: 'add', direction: 'output', decision: 'hold', title: 'Output property added' },
  { id: 'output-property-removed', severity: 'medium', subject: 'output-property', action: 'remove', direction: 'output', decision: 'hold', title: 'Output property removed (high if it was required)' },
  { id: 'output-property-made-optional', severity: 'high', subject: 'output-requiredness', action: 'widen', direction: 'output', decision: 'hold', title: 'Output property became optional' },
  { id: 'output-property-made-required', severity: 'low', subject: 'output-requiredness', action: 'narrow', direction: 'output', decision: 'hold', title: 'Output property became required' },
  { id: 'output-type-changed', severity: 'high', subject: 'output-type', action: 'change', direction: 'output', decision: 'hold', title: 'Output type changed' },
  { id: 'output-type-widened', severity: 'high', subject: 'output-type', action: 'widen', direction: 'output', decision: 'hold', title: 'Output type widened' },
  { id: 'output-type-narrowed', severity: 'low', subject: 'output-type', action: 'narrow', direction: 'output', decision: 'hold', title: 'Output type narrowed' },
  { id: 'output-nullable-added', severity: 'high', subject: 'output-nullable', action: 'add', direction: 'output', decision: 'hold', title: 'Output became nullable' },
  { id: 'output-nullable-removed', severity: 'low', subject: 'output-nullable', action: 'remove', direction: 'output', decision: 'hold', title: 'Output became not nullable' },
  { id: 'output-enum-value-added', severity: 'medium', subject: 'output-enum-value', action: 'add', direction: 'output', decision: 'hold', title: 'Output enum value added' },
  { id: 'output-enum-value-removed', severity: 'low', subject: 'output-enum-value', action: 'remove', direction: 'output', decision: 'hold', title: 'Output enum value removed' },
  { id: 'output-constraint-tightened', severity: 'low', subject: 'output-constraint', action: 'narrow', direction: 'output', decision: 'hold', title: 'Output constraint tightened' },
  { id: 'output-constraint-loosened', severity: 'medium', subject: 'output-constraint', action: 'widen', direction: 'output', decision: 'hold', title: 'Output constraint loosened' },
  { id: 'output-description-changed', severity: 'low', subject: 'output-description', action: 'change', direction: 'output', decision: 'hold', title: 'Output description or title changed (text class in details)' },
  { id: 'output-schema-changed-unclassified', severity: 'medium', subject: 'output-schema-structure', action: 'change', direction: 'output', decision: 'hold', title: 'Output schema changed in a way the differ cannot classify' },
] as const satisfies readonly DriftKind[];
