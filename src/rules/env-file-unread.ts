import { defineRule } from './types.js';

export const envFileUnread = defineRule({
  id: 'env-file-unread',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['path'],
  title: 'Entry loads its environment from a file',
  message: '{{server}} loads environment variables from {{path}} (envFile); they reach {{proxy}} and mcp-audit does not judge them',
  docs: {
    meaning: 'The entry names an `envFile` (VS Code, Cursor): the host reads variables from that file and passes them to the process it launches, the pinning proxy included.',
    whyItMatters: 'A file can set HOME, MCPINDEX_STATE_DIR, PYTHONPATH or NODE_OPTIONS just as the `env` block can, moving the pin store or injecting code, while the config itself looks clean. mcp-audit does not read env files (their values are secrets as often as not), so it cannot confirm the pin.',
    howToFix: 'Move the variables the server needs into the entry\'s `env` (secrets via the host\'s input prompts), or make sure the file sets none of the variables listed by `mcp-audit explain env-home-override`, `env-store-override` and `env-code-injection`, then suppress this finding with a reason.',
    example: '"servers": { "fs": { "command": "mcpindex-proxy", "args": ["--mcpindex-stdio", …], "envFile": "${workspaceFolder}/.env" } }',
  },
});
