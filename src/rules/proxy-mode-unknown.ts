import { defineRule } from './types.js';

export const proxyModeUnknown = defineRule({
  id: 'proxy-mode-unknown',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'mode',
  since: '0.1.0',
  title: "Pinning proxy mode not recognised",
  message: "{{server}} runs behind {{proxy}} with mode {{mode}}, which mcp-audit does not know to block",
  docs: {
    meaning: "The proxy is given a posture or mode value that is not one of the documented blocking modes.",
    whyItMatters: "An unknown value may be rejected, ignored or mapped to a non-blocking default by the proxy; mcp-audit cannot confirm enforcement.",
    howToFix: "Use a documented blocking mode (mcpindex `guard` or `strict`; Hangar `block`; MCPTrust default enforce).",
    example: "\"--posture\", \"paranoid\"",
  },
});
