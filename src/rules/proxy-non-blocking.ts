import { defineRule } from './types.js';

export const proxyNonBlocking = defineRule({
  id: 'proxy-non-blocking',
  severity: 'high',
  grade: 'unprotected',
  claim: 'mode',
  since: '0.1.0',
  title: "Pinning proxy runs in a mode that never blocks",
  message: "{{server}} runs behind {{proxy}} in {{mode}} mode, which records drift but never blocks a call",
  docs: {
    meaning: "The pinning proxy is present but configured to only log or notify: mcpindex `--posture monitor`, Hangar `digest_enforcement: audit|warn`, MCPTrust `--audit-only` or `--filter-only`, or MCPTrust with its default `--fail-on critical` (a changed tool description is moderate, so it passes preflight, and calls are then checked by tool name only).",
    whyItMatters: "A monitor-only pin turns every hold into a pass: the drifted contract is used, and the only trace is a log line nobody reads. The entry looks wrapped but enforces nothing.",
    howToFix: "Remove the non-blocking flag so the proxy uses its blocking default (mcpindex Guard, Hangar block, MCPTrust enforce with `--fail-on moderate`), or set it explicitly (`--posture guard` / `strict`, `digest_enforcement: block`).",
    example: "\"args\": [\"--from\", \"mcpindex-gate\", \"mcpindex-proxy\", \"--mcpindex-stdio\", \"--posture\", \"monitor\", \"--upstream-command\", \"npx\", \u2026]",
  },
});
