import { defineRule } from './types.js';

export const configUnreadable = defineRule({
  id: 'config-unreadable',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config file cannot be read',
  message: '{{host}} {{scope}} config {{path}} cannot be read: {{reason}}',
  docs: {
    meaning: 'The file exists but could not be read (permission denied, I/O error).',
    whyItMatters: 'The host, running as its user, may read entries that this audit cannot see.',
    howToFix: 'Run mcp-audit as the user whose configuration it audits (or with --user), or fix the permissions.',
    example: 'chmod 000 ~/.claude.json',
  },
});
