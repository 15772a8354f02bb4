import { defineRule } from './types.js';

export const homeEnvMismatch = defineRule({
  id: 'home-env-mismatch',
  severity: 'info',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "$HOME differs from the password database",
  message: "$HOME does not match the home directory of {{user}} in the password database ({{home}}); mcp-audit used the password database",
  docs: {
    meaning: "The environment variable HOME points somewhere other than the account's home in the password database.",
    whyItMatters: "Tools that resolve paths from $HOME (including some pinning proxies) would look in a different place than the one audited here.",
    howToFix: "Unset or correct HOME in the shell or service that runs your MCP host.",
    example: "HOME=/tmp/x mcp-audit scan",
  },
});
