import { defineRule } from './types.js';

export const pinBaselineAbsent = defineRule({
  id: 'pin-baseline-absent',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: "No pin baseline for this server yet",
  message: "{{server}} runs behind {{proxy}}, but there is no baseline for it yet at {{path}}",
  docs: {
    meaning: "The proxy's store exists or is expected, but holds no pins for this server and there is no record that it ever did: the next launch will trust on first use.",
    whyItMatters: "Until a baseline exists the first tools/list served is accepted as the contract. A contract changed before that moment is absorbed as trusted.",
    howToFix: "Launch the server once through the proxy on a machine you trust and review the pinned contract (`mcpindex-gate pin <server>`, `mcp-hangar pin --write`, `mcptrust lock`).",
    example: "~/.mcpindex/pins/filesystem.json does not exist and is not listed in .ever-pinned.json",
  },
});
