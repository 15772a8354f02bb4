import { defineRule } from './types.js';

export const configUnparseable = defineRule({
  id: 'config-unparseable',
  severity: 'high',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config file cannot be parsed',
  message: '{{host}} {{scope}} config {{path}} is not valid {{format}}: {{reason}}',
  docs: {
    meaning: 'A host configuration file has a syntax error, so neither the host nor mcp-audit can read its server entries reliably.',
    whyItMatters: 'Hosts differ in how they treat a broken file: some ignore it, some fall back to defaults, some load part of it. Any server entry in it may run without being audited.',
    howToFix: 'Fix the syntax error at the reported line and column (for TOML, write Windows paths as literal strings or escape backslashes). Re-run mcp-audit scan.',
    example: '~/.codex/config.toml: command = "C:\\Users\\me\\server.exe" (\\U is an invalid escape and invalidates the whole file)',
  },
});
