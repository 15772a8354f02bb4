import { defineRule } from './types.js';

export const configInvalidUtf8 = defineRule({
  id: 'config-invalid-utf8',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config file is not valid UTF-8',
  message: '{{host}} {{scope}} config {{path}} is not valid UTF-8 (first bad byte at offset {{offset}})',
  docs: {
    meaning: 'The file contains bytes that are not valid UTF-8, so parsers disagree on what it says.',
    whyItMatters: 'Node-based hosts decode JSON with replacement characters and launch what they read, so mcp-audit does the same for JSON/JSONC and audits the entries; a TOML or YAML file with bad bytes is not audited, and other tools may read any of them differently.',
    howToFix: 'Re-save the file as UTF-8.',
    example: 'A Latin-1 e-acute byte 0xE9 inside a JSON string',
  },
});
