import { defineRule } from './types.js';

export const hangarToolsUnpinned = defineRule({
  id: 'hangar-tools-unpinned',
  severity: 'medium',
  grade: 'unprotected',
  claim: 'baseline',
  since: '0.1.0',
  title: "Hangar upstream has no pinned tools",
  message: "{{server}} fronts upstream {{upstream}} through Hangar, but no tool of it is pinned in {{path}}",
  docs: {
    meaning: "Hangar checks digests only for tools that have a pin (`tool_projection.pins` or tenant pins). An upstream with none passes every call unverified.",
    whyItMatters: "An unpinned tool under Hangar is exactly as exposed as one without a proxy.",
    howToFix: "Run `mcp-hangar pin --write` after reviewing the upstream's tools, and keep `digest_enforcement: block`.",
    example: "mcp_servers: { payments: { command: \u2026, tool_projection: {} } }",
  },
});
