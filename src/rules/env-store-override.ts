import { defineRule } from './types.js';

export const envStoreOverride = defineRule({
  id: 'env-store-override',
  severity: 'critical',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Entry env relocates the pin store",
  message: "{{server}} sets {{name}} in its environment, which relocates the pin store of {{proxy}}",
  docs: {
    meaning: "The entry sets a variable that names the proxy's store: MCPINDEX_STATE_DIR (mcpindex pins and `.ever-pinned.json`) or MCP_CONFIG (Hangar config and pins).",
    whyItMatters: "The store and its tamper-evidence index move together, so a deleted baseline looks like a first run and the proxy trusts whatever it is served.",
    howToFix: "Remove the variable from the entry's env and let the proxy use its default store under your home.",
    example: "\"env\": { \"MCPINDEX_STATE_DIR\": \"/tmp/state\" }",
  },
});
