import type { HostDefinition } from './types.js';
import { amazonQ } from './amazon-q.js';
import { amp } from './amp.js';
import { antigravity } from './antigravity.js';
import { augment } from './augment.js';
import { claudeCode } from './claude-code.js';
import { claudeDesktop } from './claude-desktop.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { continueDev } from './continue.js';
import { copilotCli } from './copilot-cli.js';
import { copilotJetbrains } from './copilot-jetbrains.js';
import { crush } from './crush.js';
import { cursor } from './cursor.js';
import { dockerMcpToolkit } from './docker-mcp-toolkit.js';
import { factoryDroid } from './factory-droid.js';
import { geminiCli } from './gemini-cli.js';
import { goose } from './goose.js';
import { junie } from './junie.js';
import { kiloCli } from './kilo-cli.js';
import { kiloCode } from './kilo-code.js';
import { kimiCode } from './kimi-code.js';
import { kiro } from './kiro.js';
import { lmStudio } from './lm-studio.js';
import { mcporter } from './mcporter.js';
import { mistralVibe } from './mistral-vibe.js';
import { openclaw } from './openclaw.js';
import { opencode } from './opencode.js';
import { qoder } from './qoder.js';
import { qwenCode } from './qwen-code.js';
import { rooCode } from './roo-code.js';
import { sema4aiStudio } from './sema4ai-studio.js';
import { trae } from './trae.js';
import { vscodeInsiders } from './vscode-insiders.js';
import { vscode } from './vscode.js';
import { vscodium } from './vscodium.js';
import { warp } from './warp.js';
import { windsurf } from './windsurf.js';
import { zed } from './zed.js';

/** Every host, one data file each (STYLE §3). Explicit list: no side-effect imports. */
export const HOSTS = [
  amazonQ,
  amp,
  antigravity,
  augment,
  claudeCode,
  claudeDesktop,
  cline,
  codex,
  continueDev,
  copilotCli,
  copilotJetbrains,
  crush,
  cursor,
  dockerMcpToolkit,
  factoryDroid,
  geminiCli,
  goose,
  junie,
  kiloCode,
  kiloCli,
  kimiCode,
  kiro,
  lmStudio,
  mcporter,
  mistralVibe,
  openclaw,
  opencode,
  qoder,
  qwenCode,
  rooCode,
  sema4aiStudio,
  trae,
  vscodeInsiders,
  vscode,
  vscodium,
  warp,
  windsurf,
  zed,
] as const satisfies readonly HostDefinition[];

export type HostId = (typeof HOSTS)[number]['id'];
