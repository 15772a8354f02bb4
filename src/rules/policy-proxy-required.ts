import { defineRule } from './types.js';

export const policyProxyRequired = defineRule({
  id: 'policy-proxy-required',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Entry is not fronted by a proxy the policy file requires",
  message: "{{server}} ({{host}}, {{scope}}) must run behind one of {{proxies}} (require-proxy in {{policy}}), but {{actual}}",
  docs: {
    meaning: "The organisation policy file given with `--policy` has a `require-proxy` rule covering this entry's host and scope, and the entry is not launched through any of the proxies it lists. The grade is not changed: it says whether pins are enforced; this finding says the entry breaks the policy.",
    whyItMatters: "A team that standardises on one pinning proxy reviews that proxy's store and upgrades; an entry behind another proxy (or none) escapes both, even when it happens to grade well.",
    howToFix: "Wrap the entry with one of the listed proxies (`mcp-audit fix --wrap`), or change the policy file if the rule is wrong for this host or scope.",
    example: "require-proxy:\n  - hosts: [cursor]\n    scopes: [user]\n    proxies: [mcpindex-gate]",
  },
});
