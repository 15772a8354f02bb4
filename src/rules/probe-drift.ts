import { defineRule } from './types.js';

export const probeDrift = defineRule({
  id: 'probe-drift',
  severity: 'high',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "Live tool contracts drifted from their pins",
  message: "{{server}} runs behind {{proxy}}, and a live probe found {{count}} tool(s) whose contract no longer matches its pin: {{tools}} ({{decision}})",
  docs: {
    meaning: "`mcp-audit probe` (or `scan --probe`) launched the server behind the proxy, recomputed the proxy's own digest of every tool and found pinned tools whose contract changed (or disappeared). Each change is classified with the drift taxonomy; `hold` means the proxy's decision rule stops the call until a person re-approves.",
    whyItMatters: "The server now serves a different contract than the one you approved. A proxy in a blocking mode holds these calls; one that auto-accepts or only monitors lets the new contract through.",
    howToFix: "Review the diff (`mcp-audit diff` on the two snapshots, or the drift kinds in the report) and re-pin deliberately if the change is expected; otherwise investigate the server and its package version.",
    example: "weather: get_forecast param-added-required, description-digits-only (hold)",
  },
});
