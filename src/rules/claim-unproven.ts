import { defineRule } from './types.js';

/**
 * The finding a row carries when a claim of its evidence chain is open and no other finding says
 * why: every row that is not enforcing carries at least one, so the table, SARIF and the policy
 * line agree on it.
 */
export const claimUnproven = defineRule({
  id: 'claim-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.3.0',
  identity: ['claim'],
  title: 'A claim of the evidence chain is not proven',
  message: '{{server}}: the {{claim}} claim is not proven: {{reason}}',
  docs: {
    meaning: "Grading found no danger against this claim, but it could not read a positive fact that proves it either (a launcher path that does not exist here, a store that lists no upstream, a release that cannot be identified). An absence of danger is not proof, so the row is unverifiable.",
    whyItMatters: "A pin holds only if every link holds: a link nobody could check may be the one that is broken.",
    howToFix: "Make the fact readable: name an exact release, install the proxy where its files can be checked, or keep the store where the proxy reads it. `mcp-audit why SERVER` shows what each claim rests on.",
    example: "\"command\": \"/opt/mcp-context-protector/mcp-context-protector.sh\" on a machine where that file does not exist",
  },
});
