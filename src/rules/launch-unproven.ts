import { defineRule } from './types.js';

export const launchUnproven = defineRule({
  id: 'launch-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'launched',
  since: '0.2.0',
  identity: ['reason'],
  title: 'How the host launches this entry is not proven',
  message: "{{server}}: how {{host}} launches it is not proven: {{reason}}",
  docs: {
    meaning: "Discovery could not establish how the host starts this entry (a variable it cannot expand, a switch file it could not read, a precedence it does not model), so the command line, env and cwd graded may not be the ones that run.",
    whyItMatters: "Grading a command line the host does not run proves nothing about the one it does run.",
    howToFix: "Write the entry so that it does not depend on what discovery could not read (expand the variable, make the switch file readable), or accept that it is unverifiable.",
    example: "\"command\": \"${env:GATE}\" in a host that expands variables at launch",
  },
});
