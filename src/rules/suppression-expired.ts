import { defineRule } from './types.js';

export const suppressionExpired = defineRule({
  id: 'suppression-expired',
  severity: 'medium',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Suppression in the ignore file has expired",
  message: "The suppression of {{fingerprint}} in {{path}} expired on {{expires}} and no longer hides the finding it matched (reason given: {{reason}})",
  docs: {
    meaning: "An entry of `.mcp-audit-ignore.yaml` (or `.json`) has an `expires` date that has passed. It no longer suppresses anything: the finding with that fingerprint, if it still occurs, is reported and counts towards `--fail-on` again. A suppression is active through the whole of its `expires` day (UTC).",
    whyItMatters: "Expiry dates are how an accepted risk gets looked at again. A lapsed suppression either hides nothing any more (the cause was fixed and the line is clutter) or lets a known weakness fail the build again: both need a decision.",
    howToFix: "Re-check the finding with `mcp-audit explain <rule-id>`. If the risk is still accepted, set a new `expires` date (and update the reason); if the cause was fixed, delete the entry.",
    example: "- fingerprint: 3f1c…e9a0\n  reason: lab machine, store relocated on purpose\n  expires: 2026-06-30",
  },
});
