import { defineRule } from './types.js';

export const pinStoreUnreadable = defineRule({
  id: 'pin-store-unreadable',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  title: "Pin store cannot be read",
  message: "{{server}} runs behind {{proxy}}, but its pin store {{path}} could not be read: {{reason}}",
  docs: {
    meaning: "The store exists but cannot be read or parsed as the proxy's format (permission denied, invalid JSON or YAML, not a pin store, no pin list, unreadable records).",
    whyItMatters: "A baseline your own tooling cannot read does not count as coverage: the proxy treats it as tainted or, worse, as a first run.",
    howToFix: "Fix the permissions or restore the file from a backup; re-pin deliberately if it is corrupt.",
    example: "~/.mcpindex/pins/filesystem.json: {\"version\": 2, \"pins\": \"oops\"}",
  },
});
