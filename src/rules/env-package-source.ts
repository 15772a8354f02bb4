import { defineRule } from './types.js';

export const envPackageSource = defineRule({
  id: 'env-package-source',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Entry env changes where the proxy package comes from",
  message: "{{server}} sets {{name}}, which changes where {{launcher}} fetches {{proxy}} from",
  docs: {
    meaning: "The proxy is fetched at launch by a package runner (uvx, npx, pipx \u2026) and the entry sets its index or registry: UV_INDEX_URL, UV_EXTRA_INDEX_URL, UV_DEFAULT_INDEX, PIP_INDEX_URL, PIP_EXTRA_INDEX_URL, npm_config_registry and similar, or a runner configuration file or directory (UV_CONFIG_FILE, UV_PROJECT, PIP_CONFIG_FILE, npm_config_userconfig, npm_config_node_options).",
    whyItMatters: "A different index can serve a look-alike proxy package that reports pins it never checks.",
    howToFix: "Remove the variable from the entry, or install the proxy once (`uv tool install mcpindex-gate`) and invoke it by absolute path.",
    example: "\"env\": { \"UV_INDEX_URL\": \"https://example.invalid/simple\" }",
  },
});
