import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// openclaw/openclaw, read file by file (the index holds one version per file).
const PATHS = 'openclaw/openclaw@009f1606356ee25c6142775d880718e2abccbb84:src/config/paths.ts';
// resolveConfigPath / resolveDefaultConfigCandidates: OPENCLAW_CONFIG_PATH (or CLAWDBOT_CONFIG_PATH)
// alone when set; else, in the state dir (OPENCLAW_STATE_DIR or CLAWDBOT_STATE_DIR, else
// ~/.openclaw, then the legacy ~/.clawdbot, ~/.moldbot, ~/.moltbot), the first existing of
// openclaw.json, clawdbot.json, moldbot.json, moltbot.json.
const CANDIDATES = `${PATHS} (resolveConfigPath, resolveDefaultConfigCandidates, LEGACY_STATE_DIRNAMES, LEGACY_CONFIG_FILENAMES)`;
const NAMES = '{openclaw,clawdbot,moldbot,moltbot}.json';
// `openclaw --profile NAME` (and --dev = profile dev) sets OPENCLAW_PROFILE, OPENCLAW_STATE_DIR =
// ~/.openclaw-NAME and OPENCLAW_CONFIG_PATH = that dir's openclaw.json; the gateway service reads
// the same dir from OPENCLAW_PROFILE (src/daemon/paths.ts resolveGatewayStateDir).
// The stored copies of src/cli/profile.ts are of forks, so the layout is taken from another tool's reader (unverified).
const PROFILE = 'FailproofAI/failproofai@432c9627:lib/openclaw-profiles.ts (named profiles in ~/.openclaw-<name>, each with its own openclaw.json); openclaw src/cli/profile.ts applyCliProfileEnv, src/daemon/paths.ts resolveGatewayStateDir by name';
// OPENCLAW_HOME replaces the home every one of these paths starts from.
const HOME = 'openclaw/openclaw@03db3d1d3ea6de21f7f6e1d30d73526e383c44fa:src/infra/home-dir.ts (resolveRawHomeDir: OPENCLAW_HOME, else HOME)';
const INCLUDES = 'openclaw/openclaw@0e177a6f2156dadd91355ab19795581abf03e8cb:src/config/includes.ts (INCLUDE_KEY, MAX_INCLUDE_DEPTH, IncludeProcessor resolvePath / loadFile / processInclude, deepMerge)';
const INCLUDE = '$include';
const TOOLS = 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py; ace26597/mcp-lock@0415c80:src/parsers/config-discovery.ts';

/**
 * OpenClaw. The file is JSON5, read as OpenClaw reads it (openclaw/openclaw src/config/io.ts
 * parseConfigJson5: JSON.parse, then the json5 package): unquoted keys and single quotes included.
 * Where the servers sit in it is taken from other tools' readers (TOOLS).
 */
export const openclaw = {
  id: 'openclaw',
  envFiles: NO_ENV_FILES,
  name: 'OpenClaw',
  programs: { npmPackages: [{ name: 'openclaw', program: 'openclaw', source: 'openclaw/openclaw package.json (name openclaw, bin openclaw)' }], versionFolders: [], names: ['openclaw', 'clawdbot', 'moltbot'], editors: [], flatpaks: [], macApps: [{ app: 'OpenClaw', program: 'openclaw' }], source: 'openclaw/openclaw package.json (npm openclaw, bin `openclaw`; the earlier clawdbot and moltbot names); apps/macos (OpenClaw.app)' },
  format: 'json5',
  containers: [
    { path: ['mcp', 'servers'], shape: 'map', skipKeys: [INCLUDE] },
    { path: ['provider', 'mcpServers'], shape: 'map', skipKeys: [INCLUDE] },
    { path: ['mcpServers'], shape: 'map', skipKeys: [INCLUDE] },
  ],
  // `$include` (a path or a list of paths, relative to the including file, inside the top config
  // file's folder) at any object level is replaced by the named files, deep-merged there with its
  // sibling keys; nested includes up to depth 10; a cycle, an escaping path or a file that cannot be
  // read or parsed is an error.
  includes: { key: INCLUDE, maxDepth: 10, withinRoot: true, source: INCLUDES },
  entry: STANDARD_ENTRY,
  source: `${TOOLS} (containers); ${CANDIDATES} (files)`,
  locations: [
    { scope: 'user', glob: true, path: `~/.openclaw/${NAMES}`, source: CANDIDATES },
    { scope: 'user', glob: true, path: `~/.clawdbot/${NAMES}`, note: 'legacy state folder', source: CANDIDATES },
    { scope: 'user', glob: true, path: `~/.moldbot/${NAMES}`, note: 'legacy state folder', source: CANDIDATES },
    { scope: 'user', glob: true, path: `~/.moltbot/${NAMES}`, note: 'legacy state folder', source: CANDIDATES },
    { scope: 'user', glob: true, path: `$OPENCLAW_STATE_DIR/${NAMES}`, note: 'state folder named by OPENCLAW_STATE_DIR', source: CANDIDATES },
    { scope: 'user', glob: true, path: `$CLAWDBOT_STATE_DIR/${NAMES}`, note: 'state folder named by CLAWDBOT_STATE_DIR', source: CANDIDATES },
    { scope: 'user', path: '$OPENCLAW_CONFIG_PATH', note: 'config file named by OPENCLAW_CONFIG_PATH', source: CANDIDATES },
    { scope: 'user', path: '$CLAWDBOT_CONFIG_PATH', note: 'config file named by CLAWDBOT_CONFIG_PATH', source: CANDIDATES },
    { scope: 'profile', glob: true, path: '~/.openclaw-*/openclaw.json', note: 'profile state folder (--profile NAME, OPENCLAW_PROFILE)', unverified: true, source: PROFILE },
  ],
  dirVariables: [
    {
      name: 'OPENCLAW_HOME',
      replaces: [
        { prefix: '~/.openclaw', with: '/.openclaw' }, { prefix: '~/.clawdbot', with: '/.clawdbot' },
        { prefix: '~/.moldbot', with: '/.moldbot' }, { prefix: '~/.moltbot', with: '/.moltbot' },
        { prefix: '~/.openclaw-*', with: '/.openclaw-*' },
      ],
      source: HOME,
    },
  ],
  notes: [
    'OpenClaw reads one config file, the first that exists of its candidates (an explicit OPENCLAW_CONFIG_PATH, the state folder\'s openclaw.json, then legacy names and folders); every candidate is listed, which errs towards launched.',
    'A profile folder ~/.openclaw-NAME is read only when OpenClaw runs with that profile; each one found is listed.',
  ],
} as const satisfies HostDefinition;
