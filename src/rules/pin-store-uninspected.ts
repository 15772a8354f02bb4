import { defineRule } from './types.js';

export const pinStoreUninspected = defineRule({
  id: 'pin-store-uninspected',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.2.0',
  title: 'Pin store not inspected',
  message: '{{server}} runs behind {{proxy}}, but no baseline could be looked up in {{path}}: {{reason}}',
  docs: {
    meaning: 'The proxy was recognised and its store located, but mcp-audit could not look up the baseline this entry is checked against (for example mcp-context-protector with no upstream, so there is no approval key to look up).',
    whyItMatters: 'A baseline nobody read does not count as coverage: without it a pin cannot be shown to exist.',
    howToFix: 'Give the proxy its upstream explicitly (`--command "…"`, `--url …`) so the baseline can be found, then approve it.',
    example: '{"command": "mcp-context-protector", "args": []}',
  },
});
