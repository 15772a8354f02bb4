import { defineRule } from './types.js';

export const pinStoreNewerFormat = defineRule({
  id: 'pin-store-newer-format',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: "Pin store uses a newer format",
  message: "{{server}} runs behind {{proxy}}, but its pin store {{path}} has format version {{version}}, newer than mcp-audit reads",
  docs: {
    meaning: "The store declares a format version mcp-audit does not know (mcpindex pin files version > 2).",
    whyItMatters: "mcp-audit cannot confirm what the pins say; the proxy of the matching version may read it fine.",
    howToFix: "Upgrade mcp-audit, or check the proxy's own status command.",
    example: "{\"version\": 3, \"pins\": [\u2026]}",
  },
});
