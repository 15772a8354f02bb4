import { defineRule } from './types.js';

export const launchChainOpaque = defineRule({
  id: 'launch-chain-opaque',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'program',
  since: '0.1.0',
  title: "Launch chain cannot be resolved",
  message: "{{server}} launches through {{wrapper}}, which mcp-audit cannot see through: {{reason}}",
  docs: {
    meaning: "Part of the entry's launch line is only known at run time: a shell variable, a pipe, `$(\u2026)`, a container image. mcp-audit reports it instead of guessing.",
    whyItMatters: "Whether a pinning proxy runs (and how) depends on something outside the config, so no grade better than unverifiable is honest.",
    howToFix: "Write the launch line out in the entry's command and args, without shell indirection.",
    example: "\"command\": \"sh\", \"args\": [\"-c\", \"$MCP_CMD\"]",
  },
});
