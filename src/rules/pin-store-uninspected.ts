import { defineRule } from './types.js';

export const pinStoreUninspected = defineRule({
  id: 'pin-store-uninspected',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.2.0',
  title: 'The pin store could not be inspected',
  message: "{{server}} runs behind {{proxy}}, but its store {{path}} was not inspected: {{reason}}",
  docs: {
    meaning: "The proxy was recognised and its store located, but mcp-audit has no working inspector for it (the proxy module provides none, or it failed), so nothing about the baseline was read.",
    whyItMatters: "A baseline your own tooling cannot read does not count as coverage (seed 000 §5): an unread store may be empty, planted or writable by anyone.",
    howToFix: "Report it to the mcp-audit maintainers; until then, check the store by hand and keep the entry out of your coverage count.",
    example: "a pinning proxy registered without its store inspector",
  },
});
