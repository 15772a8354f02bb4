import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// The Kilo CLI (an opencode fork) from its own docs, packages/kilo-docs/pages/automate/mcp/using-in-cli.md
// as the adamhill/kilocode fork of Kilo-Org/kilocode holds it: global ~/.config/kilo/kilo.json (also
// kilo.jsonc, config.json), project ./kilo.json or ./.kilo/kilo.json (kilo.jsonc), walking up from the
// project directory to the git worktree root; servers under `mcp`, `type: local` with `command` an
// array, `enabled: false` turns one off. Unverified: no upstream commit of Kilo-Org/kilocode is stored.
const DOCS = 'unverified: Kilo CLI docs packages/kilo-docs/pages/automate/mcp/using-in-cli.md (adamhill/kilocode, a fork of Kilo-Org/kilocode)';

export const kiloCli = {
  id: 'kilo-cli',
  envFiles: NO_ENV_FILES,
  name: 'Kilo CLI',
  format: 'jsonc',
  containers: [{ path: ['mcp'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, env: ['environment', 'env'], enabled: ['enabled'], disabled: [] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.config/kilo/kilo.json', unverified: true, source: DOCS },
    { scope: 'user', path: '~/.config/kilo/kilo.jsonc', unverified: true, source: DOCS },
    { scope: 'user', path: '~/.config/kilo/config.json', unverified: true, source: DOCS },
    { scope: 'project', path: '<project>/kilo.json', unverified: true, source: DOCS },
    { scope: 'project', path: '<project>/kilo.jsonc', unverified: true, source: DOCS },
    { scope: 'project', path: '<project>/.kilo/kilo.json', unverified: true, source: DOCS },
    { scope: 'project', path: '<project>/.kilo/kilo.jsonc', unverified: true, source: DOCS },
  ],
  notes: ['The walk from a subfolder up to the git worktree root is not modelled: only project roots are read.'],
} as const satisfies HostDefinition;
