import { defineRule } from './types.js';

export const proxyVersionUnknown = defineRule({
  id: 'proxy-version-unknown',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'version',
  since: '0.2.0',
  title: 'The proxy release is not known, and some releases are flawed',
  message: "{{server}} runs {{proxy}} without a version mcp-audit can read, and releases {{affected}} are known to be flawed",
  docs: {
    meaning: "The entry does not name the proxy's release (a bare program on PATH, or a runner without `@version` / `==version`), and the proxy has published advisories or documented flaws. An installed or cached copy may be one of the affected releases.",
    whyItMatters: "A flawed release blocks as configured while checking something other than what the client receives, so the entry looks enforcing but is not.",
    howToFix: "Pin the release in the entry (`mcp-pin@0.2.0`, `--from mcpindex-gate==0.13.2`) to one outside every affected range.",
    example: "\"command\": \"npx\", \"args\": [\"-y\", \"mcp-pin\", \"--\", \"node\", \"server.js\"]",
  },
});
