import { defineRule } from './types.js';

export const proxyVersionUnknown = defineRule({
  id: 'proxy-version-unknown',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'version',
  since: '0.2.0',
  title: 'The proxy release that will run is not identified',
  message: "{{server}} runs {{proxy}} at a release mcp-audit could not identify ({{why}}); {{affected}}",
  docs: {
    meaning: "The release that will run is not identified: the entry pins no exact release (a bare program on PATH, a runner without `@version` / `==version`, a range or `@latest`) and no installed copy's metadata was read. Whether or not the proxy has published advisories, an unidentified release proves nothing about its soundness.",
    whyItMatters: "A flawed release blocks as configured while checking something other than what the client receives, so the entry looks enforcing but is not.",
    howToFix: "Pin the release in the entry (`mcp-pin@0.2.0`, `--from mcpindex-gate==0.13.2`) to one outside every affected range.",
    example: "\"command\": \"npx\", \"args\": [\"-y\", \"mcp-pin\", \"--\", \"node\", \"server.js\"]",
  },
});
