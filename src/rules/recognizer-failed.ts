import { defineRule } from './types.js';

export const recognizerFailed = defineRule({
  id: 'recognizer-failed',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'program',
  since: '0.2.0',
  identity: ['recognizer'],
  title: 'A proxy recognizer failed on this entry',
  message: "{{server}}: the {{recognizer}} recognizer failed ({{error}}), so whether {{recognizer}} runs here is not known",
  docs: {
    meaning: "mcp-audit asks every proxy module whether it recognises the entry's launch chain. One of them threw instead of answering, so the entry cannot be said to run (or not run) that proxy.",
    whyItMatters: "Treating a crashed recognizer as \"no proxy here\" would hide a proxy, and treating it as \"recognised\" would grade an entry nobody checked. Neither is proven, so the entry is unverifiable until the recognizer is fixed.",
    howToFix: "Report the entry shape (without secrets) to the mcp-audit maintainers; the message names the recognizer and its error.",
    example: "\"args\": [\"--from\", \"mcpindex-gate\", \"mcpindex-proxy\", \"--mcpindex-stdio\"] on an entry whose shape a recognizer did not expect",
  },
});
