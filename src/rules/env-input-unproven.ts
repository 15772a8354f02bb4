import { defineRule } from './types.js';

export const envInputUnproven = defineRule({
  id: 'env-input-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.2.0',
  identity: ['name'],
  title: 'A variable reaches a component that reads it with an effect not modelled',
  message: '{{server}} sets {{name}}, which {{reader}} reads ({{note}}); nothing proves it leaves {{proxy}} unchanged',
  docs: {
    meaning: "The variable is listed in the inventory of a component of the launch chain (a runner, interpreter or the proxy itself) as read, but its effect is not modelled as benign: it may change the mode, the key pins are kept under, or something else the audit does not follow.",
    whyItMatters: 'A read input with an unknown effect can change what the pin checks as much as a known one.',
    howToFix: "Remove the variable from the entry (or from the file that sets it); if the wrapped server needs it, set it in the server's own configuration.",
    example: '"env": { "MCPINDEX_WEB_BASE": "https://example.test" }',
  },
});
