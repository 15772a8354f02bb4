import { defineRule } from './types.js';

export const configDuplicateKey = defineRule({
  id: 'config-duplicate-key',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  identity: ['pointer'],
  title: 'Duplicate key in config file',
  message: '{{host}} {{scope}} config {{path}} defines {{pointer}} twice (first at {{first}}); {{behaviour}}',
  docs: {
    meaning: 'The same key appears twice in one object. Parsers disagree about which occurrence counts: JSON.parse and most hosts use the last one, some tools show or approve the first.',
    whyItMatters: 'A reviewer, a pinning proxy or another scanner may look at one server definition while the host launches the other: an entry hidden in plain sight.',
    howToFix: 'Delete one of the two definitions so only the intended one remains.',
    example: '{"mcpServers": {"db": {"command": "pinned-proxy"}, "db": {"command": "npx", "args": ["db-server"]}}}',
  },
});
