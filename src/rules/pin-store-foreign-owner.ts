import { defineRule } from './types.js';

export const pinStoreForeignOwner = defineRule({
  id: 'pin-store-foreign-owner',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  identity: ['path'],
  title: "Pin store owned by another user",
  message: "{{server}} runs behind {{proxy}}, but {{path}} is owned by {{owner}}, not by {{user}}",
  docs: {
    meaning: "The store file or its directory belongs to a different account than the audited user.",
    whyItMatters: "Another account controls the baseline your pins are checked against.",
    howToFix: "chown the store to the audited user, or re-pin into a fresh store.",
    example: "~/.mcpindex/pins/filesystem.json owned by uid 1001",
  },
});
