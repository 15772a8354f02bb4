import { defineRule } from './types.js';

export const noPinningProxy = defineRule({
  id: 'no-pinning-proxy',
  severity: 'medium',
  grade: 'unprotected',
  claim: 'program',
  since: '0.1.0',
  title: "No pinning proxy in the launch chain",
  message: "{{server}} runs {{program}} with no tool-contract pinning proxy in front of it",
  docs: {
    meaning: "The entry launches (or connects to) an MCP server directly. Nothing records the tool contracts you approved, so a server can change a tool's name, description or schema after approval and the host will trust the new contract.",
    whyItMatters: "A server that changes a tool's description or schema after you approved it (a rug pull) is accepted silently. The host re-reads tools/list on every start and trusts whatever comes back.",
    howToFix: "Wrap the entry with a pinning proxy that blocks on drift, e.g. run `mcpindex-config-wire` (mcpindex-gate, Guard posture), put the server behind Hangar with `digest_enforcement: block` and pins, or use `mcptrust proxy --lock \u2026`.",
    example: "\"filesystem\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/data\"] }",
  },
});
