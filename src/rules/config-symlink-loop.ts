import { defineRule } from './types.js';

export const configSymlinkLoop = defineRule({
  id: 'config-symlink-loop',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config path is a symlink loop',
  message: '{{host}} {{scope}} config {{path}} is a symbolic link loop and cannot be resolved',
  docs: {
    meaning: 'The path is a symbolic link that points, directly or through other links, back to itself.',
    whyItMatters: 'The host cannot read it either, but the loop may be temporary or a sign of tampering; the location is not audited.',
    howToFix: 'Remove the link or point it at the real configuration file.',
    example: 'ln -s mcp.json ~/.cursor/mcp.json',
  },
});
