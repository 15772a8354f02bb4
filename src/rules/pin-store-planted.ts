import { defineRule } from './types.js';

export const pinStorePlanted = defineRule({
  id: 'pin-store-planted',
  severity: 'critical',
  grade: 'unverifiable',
  claim: 'store',
  since: '0.1.0',
  // The reviewed path joins the fingerprint: accepting one planted store never accepts another.
  identity: ['path'],
  title: "Pin store relocated by the entry itself",
  message: "{{server}} runs behind {{proxy}}, but its pin store is set to {{path}} by {{flag}}, not the default location under the trusted home ({{expected}})",
  docs: {
    meaning: "The entry passes its own pin-store location (mcpindex `--pin-store`, Hangar `--config`, MCPTrust `--lock`, context-protector `--server-config-file`) and it does not resolve to the proxy's default location under the home from the password database. Relative paths, `~` (not expanded in an args array) and paths inside shell strings count.",
    whyItMatters: "The proxy compares every tool against whatever the entry points it at. A planted store can hold any hash, and because the tamper-evidence index (`.ever-pinned.json`) moves with it, deleting the planted file reads as a clean first run: the proxy re-pins whatever the server serves. The entry looks fully enforcing while nothing is checked against a baseline you can see (mcpindex reproduced this against gate 0.13.2).",
    howToFix: "Remove the flag so the proxy uses its default store under your home (`~/.mcpindex/pins/`, `~/.config/mcp-hangar/config.yaml`), then re-pin on purpose. If a custom store is really intended, keep it under your home, owned by you and not writable by others, and suppress this finding with a reason.",
    example: "\"args\": [\"--from\", \"mcpindex-gate\", \"mcpindex-proxy\", \"--mcpindex-stdio\", \"--pin-store\", \"/tmp/pins.json\", \u2026]",
  },
});
