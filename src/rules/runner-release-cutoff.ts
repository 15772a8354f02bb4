import { defineRule } from './types.js';

export const runnerReleaseCutoff = defineRule({
  id: 'runner-release-cutoff',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'version',
  since: '0.2.0',
  identity: ['option'],
  title: 'Runner told to pick a release by date',
  message: '{{server}} starts {{proxy}} through {{launcher}} with {{option}}, which selects the newest release before a date, possibly an old, flawed one',
  docs: {
    meaning: "uv's `--exclude-newer` / `UV_EXCLUDE_NEWER` and npm's `--before` / `npm_config_before` make the runner ignore every release published after a date, so the proxy that runs can be any older release, including ones inside a published advisory's affected range.",
    whyItMatters: 'Which release runs decides whether the pin check is sound; a date cutoff can silently select a release whose check is known to be bypassable.',
    howToFix: 'Drop the date cutoff, or pin an exact release that is not affected by any advisory (`--from mcpindex-gate==0.22.0`).',
    example: '"args": ["--exclude-newer", "2025-01-01", "--from", "mcpindex-gate", "mcpindex-proxy", …]',
  },
});
