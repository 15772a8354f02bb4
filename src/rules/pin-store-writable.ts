import { defineRule } from './types.js';

export const pinStoreWritable = defineRule({
  id: 'pin-store-writable',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  identity: ['path'],
  title: "Pin store is writable by others",
  message: "{{server}} runs behind {{proxy}}, but {{path}} is writable by {{who}} (mode {{mode}})",
  docs: {
    meaning: "The pin store file or its directory is group- or world-writable.",
    whyItMatters: "Anyone in that group (or any user) can rewrite the baseline or delete it, turning the next launch into a first run.",
    howToFix: "chmod go-w the file and its directory (the proxies write their stores with mode 0600).",
    example: "mode 0666 on ~/.mcpindex/pins/filesystem.json",
  },
});
