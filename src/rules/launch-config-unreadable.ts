import { defineRule } from './types.js';

export const launchConfigUnreadable = defineRule({
  id: 'launch-config-unreadable',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.2.0',
  identity: ['file'],
  title: 'A config file a launcher reads could not be read',
  message: '{{server}}: {{reader}} reads {{file}}, which could not be read ({{reason}}), so what it sets for {{proxy}} is not known',
  docs: {
    meaning: "A config file that a component of the launch chain reads (an npmrc, uv.toml, pip.conf, a host's .env) exists but could not be read or parsed as that tool parses it: no permission, not a regular file, not UTF-8, too large, or not valid in its format.",
    whyItMatters: 'What the file sets reaches the proxy; unread, it cannot be shown to be harmless.',
    howToFix: 'Make the file readable (or fix its syntax) so it can be audited, or remove it.',
    example: '~/.config/uv/uv.toml with a syntax error',
  },
});
