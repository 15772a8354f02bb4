import { defineRule } from './types.js';

export const policyCoverageBelow = defineRule({
  id: 'policy-coverage-below',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Coverage is below the policy file's min-coverage",
  message: "coverage {{coverage}} is below min-coverage {{min}}% in {{policy}}",
  docs: {
    meaning: "The share of enabled entries graded enforcing is below `min-coverage` of the policy file given with `--policy`. Coverage counts every enabled entry by its real grade: suppressed or baseline-known findings do not raise it. This finding is never baselined.",
    whyItMatters: "A coverage floor keeps a team from drifting: each new unprotected server lowers the share even when each one alone was accepted.",
    howToFix: "Put more entries behind a pinning proxy (`mcp-audit fix --wrap`), or lower the floor in the policy file deliberately.",
    example: "min-coverage: 80",
  },
});
