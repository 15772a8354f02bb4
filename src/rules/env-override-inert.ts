import { defineRule } from './types.js';

export const envOverrideInert = defineRule({
  id: 'env-override-inert',
  severity: 'low',
  grade: 'none',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Suspicious env variable that cannot reach the proxy",
  message: "{{server}} sets {{name}}, which cannot touch {{proxy}} ({{runtime}} runtime) but reaches the server it wraps",
  docs: {
    meaning: "The entry sets a code-injection or resolution variable that does not affect this proxy's runtime (e.g. NODE_OPTIONS beside a Python proxy). The grade is unchanged.",
    whyItMatters: "It still reaches the wrapped server and may be a leftover or a probe; worth knowing about, not a bypass of the pin.",
    howToFix: "Remove it if the server does not need it.",
    example: "\"env\": { \"NODE_OPTIONS\": \"--max-old-space-size=4096\" }",
  },
});
