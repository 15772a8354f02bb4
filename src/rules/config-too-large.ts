import { defineRule } from './types.js';

export const configTooLarge = defineRule({
  id: 'config-too-large',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config file is too large to read',
  message: '{{host}} {{scope}} config {{path}} is {{size}} bytes, over the {{limit}}-byte limit, and was skipped',
  docs: {
    meaning: 'The file is larger than any real host configuration, so mcp-audit skipped it rather than read it.',
    whyItMatters: 'A host may still read it; its entries are not audited.',
    howToFix: 'Inspect the file and reduce it to its real configuration.',
    example: 'A 40 MB ~/.cursor/mcp.json',
  },
});
