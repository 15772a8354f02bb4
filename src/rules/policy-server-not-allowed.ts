import { defineRule } from './types.js';

export const policyServerNotAllowed = defineRule({
  id: 'policy-server-not-allowed',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Entry runs a server outside the policy file's allow list",
  message: "{{server}} ({{host}}, {{scope}}) runs {{program}}, which matches nothing in allow-servers of {{policy}}",
  docs: {
    meaning: "The policy file given with `--policy` has a non-empty `allow-servers` list and this entry's server is not on it. The server is what the entry finally runs: a remote entry's URL host, else the package a runner or proxy launches (its upstream), else the program. Proxies and runners themselves are not the server.",
    whyItMatters: "An allow list is fail-closed: anything not reviewed is a finding, so a newly added server cannot slip into a host config unnoticed.",
    howToFix: "Add the server to `allow-servers` after review, or remove the entry.",
    example: "allow-servers: [\"@modelcontextprotocol/server-filesystem\", api.githubcopilot.com]",
  },
});
