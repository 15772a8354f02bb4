import { defineRule } from './types.js';

/**
 * One finding at most per entry, so no identity: the reason says which check failed (index
 * missing, unreadable, malformed, or not listing the file), and suppressing it means accepting an
 * unindexed baseline whatever the index's state.
 */
export const pinBaselineUnindexed = defineRule({
  id: 'pin-baseline-unindexed',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: "Pin baseline is not listed in the tamper-evidence index",
  message: "{{server}} runs behind {{proxy}}, but its baseline {{path}} is not proven written by the proxy: {{reason}}",
  docs: {
    meaning: "The pin file holds records for this server, but the tamper-evidence index .ever-pinned.json beside it is missing, unreadable, malformed, or does not list the file. The gate adds every store file it writes to that index, so a pin file the index does not list was not written by the gate's pinning, or the index was deleted.",
    whyItMatters: "The index is what tells a deleted baseline from a first run. A pin file planted without it, or a store whose index was removed, means deleting the pin file next reads as a clean first run and the proxy re-pins whatever the server is serving.",
    howToFix: "Find out who wrote the pin file and what happened to the index; re-pin deliberately through the gate (which rewrites both) after reviewing the live contract.",
    example: "~/.mcpindex/pins/filesystem.json holds 2 records for filesystem, but ~/.mcpindex/pins/.ever-pinned.json is missing",
  },
});
