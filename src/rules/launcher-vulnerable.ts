import { defineRule } from './types.js';

export const launcherVulnerable = defineRule({
  id: 'launcher-vulnerable',
  severity: 'critical',
  grade: 'none',
  claim: 'version',
  since: '0.1.0',
  identity: ['package'],
  title: "Known-vulnerable launcher or bridge",
  message: "{{server}} runs {{package}} {{version}}, affected by {{advisory}}: {{summary}}",
  docs: {
    meaning: "The entry runs a launcher or bridge package at a version with a published vulnerability (e.g. mcp-remote before 0.1.16, CVE-2025-6514: OS command injection from a malicious server's authorization URL).",
    whyItMatters: "The vulnerable component runs with your privileges whether or not a pin is in place.",
    howToFix: "Pin a fixed version (mcp-remote@0.1.16 or later) or remove the bridge.",
    example: "\"args\": [\"-y\", \"mcp-remote@0.1.15\", \"https://example.com/mcp\"]",
  },
});
