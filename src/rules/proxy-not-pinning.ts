import { defineRule } from './types.js';

export const proxyNotPinning = defineRule({
  id: 'proxy-not-pinning',
  severity: 'medium',
  grade: 'unprotected',
  claim: 'program',
  since: '0.1.0',
  title: "Mediated by a gateway that does not pin tool contracts",
  message: "{{server}} runs behind {{proxy}}, which mediates traffic but does not pin tool contracts: {{reason}}",
  docs: {
    meaning: "The entry goes through a gateway or bridge (Docker MCP gateway, ToolHive, Invariant gateway, MCP-Defender, Enkrypt, mcp-remote) that does not hash and pin each tool's contract.",
    whyItMatters: "Being mediated looks like protection in a config review, but a changed tool contract still reaches the model unchecked.",
    howToFix: "Add a pinning proxy in the chain (mcpindex-gate, Hangar with pins and block enforcement, MCPTrust in enforce mode), or accept the entry as unprotected.",
    example: "\"MCP_DOCKER\": { \"command\": \"docker\", \"args\": [\"mcp\", \"gateway\", \"run\"] }",
  },
});
