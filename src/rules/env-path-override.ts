import { defineRule } from './types.js';

export const envPathOverride = defineRule({
  id: 'env-path-override',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Entry env changes which proxy binary runs",
  message: "{{server}} sets {{name}} while {{proxy}} is started by bare name, so the entry decides which binary runs",
  docs: {
    meaning: "The proxy (or the package runner that fetches it) is invoked by a bare name such as `uvx` or `mcpindex-proxy`, and the entry sets PATH.",
    whyItMatters: "A PATH from the entry can put any program named like the proxy first; the wrapper in the config then runs something else.",
    howToFix: "Remove PATH from the entry's env, or invoke the proxy by absolute path.",
    example: "\"command\": \"uvx\", \"env\": { \"PATH\": \"/tmp/bin:/usr/bin\" }",
  },
});
