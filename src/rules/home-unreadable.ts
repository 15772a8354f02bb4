import { defineRule } from './types.js';

export const homeUnreadable = defineRule({
  id: 'home-unreadable',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: "An account's home cannot be read",
  message: 'The home {{home}} of {{user}} (from {{source}}) could not be audited: {{reason}}',
  identity: ['home'],
  docs: {
    meaning: "With --all-users, an account's home directory could not be read (not a directory, or no permission), so none of its host configs were audited.",
    whyItMatters: 'Servers configured there are unknown, and unknown is not proven: the machine is not known to be covered.',
    howToFix: 'Run the audit as root (or SYSTEM on Windows), as MDM tools do, or audit that account as itself.',
    example: 'mcp-audit scan --all-users run as an ordinary user on a machine with 0750 homes',
  },
});
