import { defineRule } from './types.js';

export const pinStoreNotRegular = defineRule({
  id: 'pin-store-not-regular',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  identity: ['path'],
  title: "Pin store is not a regular file",
  message: "{{server}} runs behind {{proxy}}, but its pin store {{path}} is a {{kind}}, not a regular file",
  docs: {
    meaning: "The store path is a symlink, FIFO, socket, device or directory. Proxies read it with lstat semantics and treat it as tainted.",
    whyItMatters: "A symlink can point the store anywhere the entry's author likes; a FIFO can block or feed a forged baseline.",
    howToFix: "Replace it with a regular file owned by you (re-pin).",
    example: "~/.mcpindex/pins/filesystem.json -> /tmp/forged.json",
  },
});
