import { defineRule } from './types.js';

/**
 * One finding at most per entry: the pin record lacks the fields a newer release compares, and
 * the reason names them.
 */
export const pinBaselinePartial = defineRule({
  id: 'pin-baseline-partial',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'baseline',
  since: '0.1.0',
  title: 'Pin baseline covers only part of what the server serves',
  message: "{{server}} runs behind {{proxy}}, whose baseline {{path}} covers only part of the server's contract: {{reason}}",
  docs: {
    meaning: "The pin record holds the tools' fingerprints but not the other parts of the contract the proxy compares once they are recorded (mcp-pin: the server's instructions and prompts). A record made by an older release lacks them, and the proxy records them on the next connect without comparing them to anything.",
    whyItMatters: "Until they are recorded, the server's instructions and prompts can change, or be replaced by hostile text, and the next connect takes whatever is served as the baseline: for them, the first connect after the upgrade is a first use.",
    howToFix: "Review the server's current instructions and prompts, then let the proxy record them (mcp-pin: connect once through it, or re-pin with `mcp-pin review`), and check that the pin record now holds them.",
    example: "~/.mcp-pin/pins.d/3ba49ba234b623a0.json holds 1 tool fingerprint but no instructionsHash: the server's instructions and prompts are recorded on the next connect, unchecked",
  },
});
