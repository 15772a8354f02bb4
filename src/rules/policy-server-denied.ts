import { defineRule } from './types.js';

export const policyServerDenied = defineRule({
  id: 'policy-server-denied',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  identity: ['pattern'],
  title: "Entry runs a server the policy file denies",
  message: "{{server}} ({{host}}, {{scope}}) runs {{pattern}}, which deny-servers in {{policy}} forbids",
  docs: {
    meaning: "An entry's launch line (after unwrapping runners, shells and proxies) names a package, command or URL host listed in `deny-servers` of the policy file given with `--policy`. Packages match with or without a version (`pkg@1.2`, `pkg==1.2`), commands by their base name, URLs by host name.",
    whyItMatters: "Denied servers are the ones an organisation decided never to run (a demo server exposing every tool type, a server with a known advisory): the deny list is only worth having if every host config is checked against it.",
    howToFix: "Remove the entry, or replace the server with an approved one.",
    example: "deny-servers: [\"@modelcontextprotocol/server-everything\"]",
  },
});
