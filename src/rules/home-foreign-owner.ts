import { defineRule } from './types.js';

export const homeForeignOwner = defineRule({
  id: 'home-foreign-owner',
  severity: 'high',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: "An account's home is owned by another account",
  message: 'The home {{home}} of {{user}} (from {{source}}) is owned by {{owner}}, not by {{user}}',
  identity: ['home'],
  docs: {
    meaning: "With --all-users, each account's home directory (from the account database) is checked before it is audited; this one belongs to someone else.",
    whyItMatters: 'Whoever owns the home can rewrite the host configs and pin stores audited there: an entry graded against that home proves nothing about what the account really runs.',
    howToFix: "Give the home back to its account (chown -R USER: HOME, or fix the account database entry), then audit again.",
    example: "/home/alice owned by uid 1001 (bob) while alice is uid 1000",
  },
});
