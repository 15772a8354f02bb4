import { defineRule } from './types.js';

export const runnerCwdUnproven = defineRule({
  id: 'runner-cwd-unproven',
  severity: 'medium',
  grade: 'unverifiable',
  claim: 'program',
  since: '0.2.0',
  identity: ['runner'],
  title: 'A runner resolves the proxy against a working directory that is not proven',
  message: "{{server}} starts through {{runner}}, which {{resolves}}; where {{host}} starts it is {{cwd}}, so the program that runs is not proven",
  docs: {
    meaning: "Some runners look in the working directory before anything else: `npx`/`npm exec` run a local `node_modules/.bin` and read the project's `.npmrc`, `python -m` puts the working directory first on `sys.path`, `uv run` reads the project there. The host's working directory for this entry is unknown, a project, or an explicit directory other than the trusted home.",
    whyItMatters: "A `node_modules/.bin/mcp-pin`, a `contextprotector/` package or an `.npmrc` registry in that directory replaces the proxy with whatever it holds, while the entry reads exactly like a pinned one.",
    howToFix: "Launch the proxy by absolute path, or through a runner that ignores the working directory (`uvx` reads only user and system configuration), or give the entry an explicit `cwd` of the trusted home.",
    example: "\"command\": \"npx\", \"args\": [\"-y\", \"mcp-pin@0.2.0\", \"--\", \"node\", \"server.js\"] in a project's .mcp.json",
  },
});
