/** §7.B Free-text fields: each text class (§10) is its own kind, so severity shows in the kind. */
import type { DriftKind } from '../types.js';

export const TEXT_KINDS = [
  { id: 'description-added', severity: 'high', subject: 'description', action: 'add', direction: 'none', decision: 'hold', title: 'Tool description added' },
  { id: 'description-removed', severity: 'medium', subject: 'description', action: 'remove', direction: 'none', decision: 'hold', title: 'Tool description removed' },
  { id: 'description-whitespace-only', severity: 'info', subject: 'description', action: 'change', direction: 'none', decision: 'hold', title: 'Tool description: whitespace only' },
  { id: 'description-normalization-only', severity: 'low', subject: 'description', action: 'change', direction: 'none', decision: 'hold', title: 'Tool description: Unicode normalization only' },
  { id: 'description-digits-only', severity: 'medium', subject: 'description', action: 'change', direction: 'none', decision: 'hold', title: 'Tool description: digits only' },
  { id: 'description-currency-digits', severity: 'high', subject: 'description', action: 'change', direction: 'none', decision: 'hold', title: 'Tool description: a price changed' },
  { id: 'description-text-changed', severity: 'high', subject: 'description', action: 'change', direction: 'none', decision: 'hold', title: 'Tool description text changed' },
  { id: 'hidden-characters-added', severity: 'critical', subject: 'hidden-characters', action: 'add', direction: 'none', decision: 'hold', title: 'Invisible, bidi or tag characters added',
    unpaired: 'removing hidden characters is visible through the text class of the field' },
  { id: 'title-changed', severity: 'low', subject: 'title', action: 'change', direction: 'none', decision: 'hold', title: 'Tool title changed (added, removed or edited)' },
  { id: 'annotation-title-changed', severity: 'low', subject: 'annotation-title', action: 'change', direction: 'none', decision: 'hold', title: 'annotations.title changed' },
  { id: 'param-description-added', severity: 'high', subject: 'param-description', action: 'add', direction: 'input', decision: 'hold', title: 'Parameter description added' },
  { id: 'param-description-removed', severity: 'medium', subject: 'param-description', action: 'remove', direction: 'input', decision: 'hold', title: 'Parameter description removed' },
  { id: 'param-description-whitespace-only', severity: 'info', subject: 'param-description', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter description: whitespace only' },
  { id: 'param-description-normalization-only', severity: 'low', subject: 'param-description', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter description: Unicode normalization only' },
  { id: 'param-description-digits-only', severity: 'medium', subject: 'param-description', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter description: digits only' },
  { id: 'param-description-currency-digits', severity: 'high', subject: 'param-description', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter description: a price changed' },
  { id: 'param-description-changed', severity: 'high', subject: 'param-description', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter description text changed' },
  { id: 'param-title-changed', severity: 'info', subject: 'param-title', action: 'change', direction: 'input', decision: 'hold', title: 'Parameter title changed' },
] as const satisfies readonly DriftKind[];
