import { defineRule } from './types.js';

export const envFamilyUnproven = defineRule({
  id: 'env-family-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.2.0',
  identity: ['name'],
  title: 'Entry env sets a variable of a family the proxy chain reads',
  message: '{{server}} sets {{name}}, one of the {{family}} variables {{reader}} reads; nothing proves it leaves {{proxy}} unchanged',
  docs: {
    meaning: "The variable belongs to a family a runtime, runner or library in the launch chain reads by prefix (PYTHON*, UV_*, PIP_*, NODE_*, npm_config_*, LD_*, DYLD_*, OPENSSL_*, the proxy's own prefix …) and is not one mcp-audit knows to be harmless. New members appear with every release, so a family is judged as a whole.",
    whyItMatters: 'Members of these families change which interpreter, package, library or configuration the proxy runs with; one nobody listed is as able to bypass the pin as the listed ones.',
    howToFix: "Remove the variable from the entry; if the wrapped server needs it, set it in the server's own configuration.",
    example: '"env": { "PYTHONEXECUTABLE": "/tmp/evil" }',
  },
});
