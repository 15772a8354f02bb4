import { defineRule } from './types.js';

export const pinStoreUnresolvable = defineRule({
  id: 'pin-store-unresolvable',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  title: "Pin store location cannot be determined",
  message: "{{server}} runs behind {{proxy}}, but where its pins live cannot be determined: {{reason}}",
  docs: {
    meaning: "The proxy's store depends on something mcp-audit cannot see from the config: a working directory, a variable set outside the entry, or the configuration of a server reached by URL.",
    whyItMatters: "Coverage is only counted when the pins can be read; a store nobody can locate cannot be verified.",
    howToFix: "Pass the store location explicitly as an absolute path under your home, or run the proxy from a host entry whose launch line names its config.",
    example: "\"mcp-hangar\": { \"url\": \"http://localhost:8000/mcp\" }",
  },
});
