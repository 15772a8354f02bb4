import { defineRule } from './types.js';

export const configNotRegularFile = defineRule({
  id: 'config-not-regular-file',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config path is not a regular file',
  message: '{{host}} {{scope}} config {{path}} is a {{kind}}, not a regular file, and was not opened',
  docs: {
    meaning: 'A FIFO, socket, device or directory sits where a host expects its configuration file. mcp-audit never opens such paths (a FIFO blocks a reader forever).',
    whyItMatters: 'Whatever the host reads from it (for a FIFO, whatever a writer sends) is not audited.',
    howToFix: 'Replace it with a regular file, or remove it.',
    example: 'mkfifo ~/.cursor/mcp.json',
  },
});
