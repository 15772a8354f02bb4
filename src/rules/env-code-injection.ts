import { defineRule } from './types.js';

export const envCodeInjection = defineRule({
  id: 'env-code-injection',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.1.0',
  identity: ['name'],
  title: "Entry env can inject code into the proxy",
  message: "{{server}} sets {{name}}, which can run code inside {{proxy}} ({{runtime}} runtime)",
  docs: {
    meaning: "The entry sets a variable that loads code into the proxy's own runtime: PYTHONPATH, PYTHONSTARTUP or PYTHONHOME for a Python proxy, NODE_OPTIONS or NODE_PATH for a Node one, LD_PRELOAD, LD_LIBRARY_PATH or DYLD_* for any process; or, when a POSIX shell in the launch line starts the proxy, BASH_ENV, ENV or ZDOTDIR set before that shell (its start-up file runs first and controls everything the shell then starts).",
    whyItMatters: "Code running inside the proxy can rewrite its verdicts, so a pin it reports cannot be trusted.",
    howToFix: "Remove the variable from the entry. If the upstream server needs it, pass it to the upstream only (most proxies forward the env to their child anyway, so prefer fixing the server).",
    example: "\"env\": { \"PYTHONPATH\": \"/tmp/evil\" }",
  },
});
