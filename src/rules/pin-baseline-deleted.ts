import { defineRule } from './types.js';

export const pinBaselineDeleted = defineRule({
  id: 'pin-baseline-deleted',
  severity: 'critical',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: "Pin baseline was deleted",
  message: "{{server}} runs behind {{proxy}}, but its baseline {{path}} is gone although .ever-pinned.json says it was pinned before",
  docs: {
    meaning: "The tamper-evidence index beside the pins lists this server's store, but the file is missing.",
    whyItMatters: "A deleted baseline is the moment a rug pull becomes invisible: the next launch re-pins whatever the server is serving and calls it trusted.",
    howToFix: "Find out why the file disappeared before relaunching; restore it from a backup or re-pin deliberately after reviewing the live contract.",
    example: ".ever-pinned.json lists \"filesystem.json\", but ~/.mcpindex/pins/filesystem.json is missing",
  },
});
