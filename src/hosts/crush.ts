import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// charmbracelet/crush @ 37f36e93824e5c4f892e4a817f7f628e2682fe14 (2026-08-21), as read for /work/notes/hosts-source.md.
const W = 'charmbracelet/crush@37f36e93';
const LOAD = `${W} internal/config/load.go`;

/** hosts.md row 24, re-derived from the host source. */
export const crush = {
  id: 'crush',
  envFiles: NO_ENV_FILES,
  name: 'Crush',
  format: 'json',
  containers: [{ path: ['mcp'], shape: 'map' }],
  // Transport comes only from `type` (stdio | sse | http): an entry without it is not started.
  entry: { ...STANDARD_ENTRY, disabled: ['disabled'], required: [{ fields: ['type'] }] },
  source: `${W} internal/config/config.go:188-238; internal/agent/tools/mcp/init.go:999-1158`,
  locations: [
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/crush/crush.json', source: `${W} internal/config/config_unix.go (systemConfigPath)` },
    { scope: 'user', path: '~/.config/crush/crush.json', source: `${LOAD}:1180-1186 (on every OS)` },
    { scope: 'user', path: '$CRUSH_GLOBAL_CONFIG/crush.json', source: `${LOAD}:1180-1186` },
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.local/share/crush/crush.json', note: 'data copy written by Crush', source: `${LOAD}:1226-1248` },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/crush/crush.json', note: 'data copy written by Crush', source: `${LOAD}:1226-1248` },
    { scope: 'project', path: '<project>/.crush.json', source: `${LOAD}:927-947 (walk from cwd to the git root)` },
    { scope: 'project', path: '<project>/crush.json', source: `${LOAD}:927-947` },
    { scope: 'project', path: '<project>/.crush/crush.json', note: 'workspace data file, highest', source: `${LOAD}:58,66-80,555-565` },
  ],
  precedence: {
    tiers: [
      { location: '<project>/.crush/crush.json' }, { location: '<project>/.crush.json' }, { location: '<project>/crush.json' },
      { location: '%LOCALAPPDATA%/crush/crush.json' }, { location: '~/.local/share/crush/crush.json' },
      { location: '$CRUSH_GLOBAL_CONFIG/crush.json' }, { location: '~/.config/crush/crush.json' }, { location: '/etc/crush/crush.json' },
    ],
    merge: 'fields',
    source: `${LOAD}:1041-1055 (go-jsons merge: objects recursively, arrays concatenated)`,
  },
  variables: { form: 'dollar', fields: ['command', 'args', 'env', 'url', 'headers'], source: `${W} internal/config/resolve.go:58-88 (shell expansion incl. $(command))` },
  launchDir: { kind: 'project', source: `${W} internal/agent/tools/mcp/init.go:1017; internal/cmd/root.go:1033 (no Dir: Crush's working directory)` },
  notes: ['crushrc / .crushrc are Bash scripts Crush runs to produce JSON: never executed by the audit, so a config that has one is not fully known.'],
} as const satisfies HostDefinition;
