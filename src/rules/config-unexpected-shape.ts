import { defineRule } from './types.js';

export const configUnexpectedShape = defineRule({
  id: 'config-unexpected-shape',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'launched',
  since: '0.1.0',
  identity: ['pointer'],
  title: 'Config value has an unexpected shape',
  message: '{{host}} {{scope}} config {{path}}: {{pointer}} should be {{expected}} but is {{actual}}',
  docs: {
    meaning: 'A server container or server entry is not the JSON type the host expects (for example an array where a map of servers belongs).',
    whyItMatters: 'The host may reject the file, ignore the entry or interpret it differently; what it launches cannot be confirmed.',
    howToFix: 'Rewrite the value in the shape the host documents.',
    example: '{"mcpServers": [{"command": "npx"}]} in Claude Desktop (a map is expected)',
  },
});
