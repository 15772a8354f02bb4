import { defineRule } from './types.js';

export const baselineShared = defineRule({
  id: 'baseline-shared',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: 'Two entries keep their pins under one server id of one store, but run different servers',
  message: '{{server}} runs behind {{proxy}} and keeps its pins under server id {{serverId}} in {{path}}, as {{other}} does, which runs a different upstream: the baseline is one server\'s, the other\'s tools reach the proxy as new',
  docs: {
    meaning: 'The proxy keys its pins by a server id. Two entries (in one host or in two) that resolve to the same proxy, the same store and the same server id but launch different upstream commands share one baseline: the pins were written for one of them.',
    whyItMatters: 'A tool the pins do not list is new to the proxy, and a proxy that accepts new tools (mcpindex-gate adds them) lets the other server\'s tools through unchecked. Neither entry\'s pins can be said to describe the server it runs.',
    howToFix: 'Give each wrapped server its own server id (rename one entry, or pass the proxy\'s own server-id option), then let the proxy pin each one after reviewing its tools.',
    example: 'Cursor\'s `fs` wraps @modelcontextprotocol/server-filesystem and Claude Desktop\'s `fs` wraps another package: both read ~/.mcpindex/pins/fs.json.',
  },
});
