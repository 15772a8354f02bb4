import { defineRule } from './types.js';

export const probeFailed = defineRule({
  id: 'probe-failed',
  severity: 'low',
  grade: 'none',
  claim: null,
  since: '0.1.0',
  title: "The live probe could not confirm the pins",
  message: "{{server}} runs behind {{proxy}}, but the live probe could not confirm its pins: {{reason}}",
  docs: {
    meaning: "`mcp-audit probe` did not get a usable tools/list from the server (it hung, crashed, flooded, printed non-JSON or exceeded a cap) or cannot recompute this proxy's recipe. The grade is unchanged: grading never depends on the probe.",
    whyItMatters: "The pins were not confirmed against what the server really serves; the static grade is all there is for this entry.",
    howToFix: "Run `mcp-audit probe NAME --timeout 60` to give a slow server more time, and read the stderr tail in the JSON report.",
    example: "stuck: timeout after 20.0 s",
  },
});
