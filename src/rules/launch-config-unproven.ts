import { defineRule } from './types.js';

export const launchConfigUnproven = defineRule({
  id: 'launch-config-unproven',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.2.0',
  identity: ['file', 'key'],
  title: 'A config file a launcher reads changes what runs as the proxy',
  message: '{{server}}: {{reader}} reads {{file}}, whose line {{line}} sets {{key}}, which {{effect}}; what runs as {{proxy}} is not proven unchanged',
  docs: {
    meaning: "A runner, shell or interpreter in the entry's launch chain reads a config file of its own (npm's .npmrc, uv's uv.toml or pyproject.toml [tool.uv], pip's pip.conf, a shell start-up file), and that file sets a key whose effect is not benign: it loads code (node-options, script-shell), changes where the package comes from (registry, cache, index-url), or is a key mcp-audit does not model.",
    whyItMatters: 'The same settings given as flags or variables swap the proxy or add code to it; in a dotfile they do the same, invisibly, for every entry the runner starts. Anyone who can write the home or the project can plant one.',
    howToFix: 'Remove the key from the file (or move it where the runner does not read it for this launch); a runner option that skips config files (uv --no-config) also keeps it out.',
    example: '~/.npmrc: node-options=--require /tmp/x.js',
  },
});
