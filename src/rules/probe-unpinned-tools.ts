import { defineRule } from './types.js';

export const probeUnpinnedTools = defineRule({
  id: 'probe-unpinned-tools',
  severity: 'medium',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Live tools without a pin",
  message: "{{server}} runs behind {{proxy}}, but {{count}} tool(s) it serves have no pin: {{tools}}",
  docs: {
    meaning: "The live server lists tools that the pin store has no record for.",
    whyItMatters: "An mcpindex gate pins a new tool on first use (trust on first use); Hangar passes unpinned tools unverified. Either way nobody approved these contracts.",
    howToFix: "Review the tools and pin them (mcpindex: let the gate pin them on a trusted run; Hangar: `mcp-hangar pin --write`).",
    example: "search: 3 tools served, 0 pinned",
  },
});
