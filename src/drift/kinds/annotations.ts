/** §7.E / §8 Annotations, judged on effective values after N3. */
import type { DriftKind } from '../types.js';

export const ANNOTATION_KINDS = [
  { id: 'annotation-readonly-to-destructive', severity: 'critical', subject: 'annotation-readonly', action: 'remove', direction: 'none', decision: 'hold', title: 'Read-only tool became destructive' },
  { id: 'annotation-readonly-revoked', severity: 'critical', subject: 'annotation-readonly', action: 'remove', direction: 'none', decision: 'hold', title: 'Read-only claim revoked (additive writes)' },
  { id: 'annotation-readonly-claimed', severity: 'high', subject: 'annotation-readonly', action: 'add', direction: 'none', decision: 'hold', title: 'Tool now claims to be read-only (trust escalation)' },
  { id: 'annotation-destructive-added', severity: 'high', subject: 'annotation-destructive', action: 'add', direction: 'none', decision: 'hold', title: 'Tool now declared destructive' },
  { id: 'annotation-destructive-removed', severity: 'high', subject: 'annotation-destructive', action: 'remove', direction: 'none', decision: 'hold', title: 'Tool no longer declared destructive (trust escalation)' },
  { id: 'annotation-idempotent-added', severity: 'low', subject: 'annotation-idempotent', action: 'add', direction: 'none', decision: 'hold', title: 'Tool now claims idempotence' },
  { id: 'annotation-idempotent-removed', severity: 'medium', subject: 'annotation-idempotent', action: 'remove', direction: 'none', decision: 'hold', title: 'Tool no longer idempotent' },
  { id: 'annotation-openworld-added', severity: 'high', subject: 'annotation-openworld', action: 'add', direction: 'none', decision: 'hold', title: 'Tool now reaches an open world' },
  { id: 'annotation-openworld-removed', severity: 'medium', subject: 'annotation-openworld', action: 'remove', direction: 'none', decision: 'hold', title: 'Tool now claims a closed world' },
  { id: 'annotation-default-made-explicit', severity: 'info', subject: 'annotation-serialization', action: 'change', direction: 'none', decision: 'hold', title: 'Default hint stated explicitly (never emitted: N3 removes it)' },
  { id: 'annotation-unrecognized-changed', severity: 'medium', subject: 'annotation-unrecognized', action: 'change', direction: 'none', decision: 'hold', title: 'Non-spec annotation key changed' },
] as const satisfies readonly DriftKind[];
