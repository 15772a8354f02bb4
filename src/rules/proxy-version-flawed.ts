import { defineRule } from './types.js';

export const proxyVersionFlawed = defineRule({
  id: 'proxy-version-flawed',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'version',
  since: '0.1.0',
  identity: ['version'],
  title: "Pinning proxy version does not check what the client receives",
  message: "{{server}} runs {{proxy}} {{version}}, which {{flaw}}, so a matching pin does not mean the client saw the pinned tools",
  docs: {
    meaning: "The entry runs a release of the pinning proxy whose own documentation says its check was unsound: mcp-pin up to 0.1.4 verified a tools/list it requested itself while the client's own request was answered separately (GautamTalksDev/mcp-pin@861ce53:docs/TOOL_DEFINITION_HASH.md §6).",
    whyItMatters: "A server can show the verifier the approved definitions and the client something else; the proxy reports a match while the client uses drifted or hostile tools.",
    howToFix: "Upgrade the proxy to a release that verifies the listings the client itself receives (mcp-pin 0.2.0 or later) and pin that exact version in the entry.",
    example: "\"args\": [\"-y\", \"mcp-pin@0.1.4\", \"--\", \"node\", \"weather-server.js\"]",
  },
});
