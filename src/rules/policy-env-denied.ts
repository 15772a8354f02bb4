import { defineRule } from './types.js';

export const policyEnvDenied = defineRule({
  id: 'policy-env-denied',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  identity: ['name'],
  title: "Entry sets an env variable the policy file denies",
  message: "{{server}} ({{host}}, {{scope}}) sets {{name}}, which deny-env in {{policy}} forbids",
  docs: {
    meaning: "The entry's environment (its `env` block, an `env VAR=…` prefix or a shell assignment) sets a variable named in `deny-env` of the policy file given with `--policy`. Only the variable's name is compared and reported, never its value.",
    whyItMatters: "Variables such as NODE_OPTIONS or PYTHONPATH change what code runs inside the server or its proxy; an organisation that forbids them needs every config checked.",
    howToFix: "Remove the variable from the entry.",
    example: "deny-env: [NODE_OPTIONS, PYTHONPATH]",
  },
});
