import { defineRule } from './types.js';

export const pinsUnmatched = defineRule({
  id: 'pins-unmatched',
  severity: 'high',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: "No pin matches what the server serves",
  message: "{{server}} runs behind {{proxy}} with {{pinned}} pin(s), but a live probe found that none matches any of the {{tools}} tool(s) the server serves under the proxy's recipe",
  docs: {
    meaning: "`mcp-audit probe` (or `scan --probe`) launched the server behind the proxy, recomputed the proxy's own digest of every tool it serves (mcpindex `definition_hash`, the Hangar digest) and compared them with the pin store. Not one pin matched. The pins were written by another recipe (a JavaScript JSON.parse path that turns `0.0` into `0`, a different canonical form), for another server id, or the store belongs to a different server.",
    whyItMatters: "A pin store that parses is not proof of protection. If no pin matches, the proxy holds or re-pins on every start instead of checking the contract you approved, or the store is simply not the one it reads: nothing you reviewed is being enforced.",
    howToFix: "Re-pin the server with the proxy itself after reviewing its tools (mcpindex: delete the server's pin file and let the gate pin on first run, or pin with its own tooling; Hangar: `mcp-hangar pin --write`), then run `mcp-audit probe NAME` again and expect `pins-confirmed`.",
    example: "~/.mcpindex/pins/weather.json written by a script that hashed JSON.parse output: every tool with a `0.0` literal hashes differently from what the Python gate computes.",
  },
});
