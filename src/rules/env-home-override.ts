import { defineRule } from './types.js';

export const envHomeOverride = defineRule({
  id: 'env-home-override',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Entry env relocates the home directory",
  message: "{{server}} sets {{name}} in its environment, which moves where {{proxy}} looks for its pins",
  docs: {
    meaning: "The entry's `env` (or an `env VAR=\u2026` prefix or a shell assignment) sets a home-directory variable: HOME, USERPROFILE, HOMEDRIVE/HOMEPATH, XDG_*, APPDATA or LOCALAPPDATA \u2014 including empty, relative or removed (`null`) values.",
    whyItMatters: "A wired entry's env is copied onto the proxy. A proxy that resolves its store from $HOME then reads pins from a directory the entry chose, which is the planted-store attack without a flag.",
    howToFix: "Remove the variable from the entry's env. Servers that genuinely need a different home should get it from their own config, not from the variable the pinning proxy also reads.",
    example: "\"env\": { \"HOME\": \"/tmp/fakehome\" }",
  },
});
