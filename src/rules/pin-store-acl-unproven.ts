import { defineRule } from './types.js';

export const pinStoreAclUnproven = defineRule({
  id: 'pin-store-acl-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  title: 'Who can change the pin store is not proven on this platform',
  message: '{{server}} runs behind {{proxy}}; that only {{user}} can change its pin store {{path}} is not proven on Windows: {{reason}}',
  identity: ['path'],
  docs: {
    meaning: "On Windows, file ownership and write access live in the file's security descriptor, not in POSIX mode bits; mcp-audit reads the DACL with icacls, and what it cannot read is not proven.",
    whyItMatters: 'Whoever can change the pin store (or owns it, and so can rewrite its ACL) can approve any tool contract the proxy will then let through.',
    howToFix: "Check the store's owner and ACL (icacls PATH, Get-Acl PATH); keep it owned by the account with no other writers, then accept the finding with a suppression if you have verified it.",
    example: "C:\\Users\\aroha\\.mcpindex\\pins\\filesystem.json: its owner is not read on Windows",
  },
});
