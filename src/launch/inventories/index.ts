/**
 * Every component a launch chain can run, with its inventory (STYLE.md §10: inventories, not
 * deny-lists). `frameInventories` says which inventories read the environment, options and files
 * of one frame; `runtimeInventories` which ones the proxy's own process adds. A component the
 * launch stage unwraps without an inventory fails test/launch/inventories.test.ts.
 */
import type { Inventory } from '../../shared/inventory.js';
import { isPythonName } from '../program-name.js';
import type { Frame } from '../types.js';
import { bunInventory } from './bun.js';
import { denoInventory } from './deno.js';
import { dockerInventory } from './docker.js';
import { envInventory } from './env.js';
import { loaderInventory, userDirsInventory } from './loader.js';
import { nodeInventory } from './node.js';
import { npmInventory } from './npm.js';
import { pipInventory, pipxInventory } from './pipx.js';
import { pnpmInventory } from './pnpm.js';
import { pythonInventory } from './python.js';
import { bashInventory, posixShInventory, zshInventory } from './shells.js';
import { uvInventory } from './uv.js';
import { cmdInventory, powershellInventory } from './windows-shells.js';
import { yarnInventory } from './yarn.js';

export const INVENTORIES: readonly Inventory[] = [
  npmInventory, pnpmInventory, yarnInventory, bunInventory, uvInventory, pipxInventory, pipInventory, nodeInventory, pythonInventory,
  denoInventory, dockerInventory, envInventory, bashInventory, zshInventory, posixShInventory, cmdInventory, powershellInventory,
  loaderInventory, userDirsInventory,
];

export { npmInventory };

/** What every process reads, whatever it is. */
const EVERY_PROCESS: readonly Inventory[] = [loaderInventory, userDirsInventory];

/** The components a frame's name runs: the launcher itself and the runtime it is written in. */
const BY_NAME: Readonly<Record<string, readonly Inventory[]>> = {
  env: [envInventory],
  bash: [bashInventory], zsh: [zshInventory], sh: [posixShInventory], dash: [posixShInventory], ksh: [posixShInventory],
  ash: [posixShInventory], mksh: [posixShInventory],
  cmd: [cmdInventory], powershell: [powershellInventory], pwsh: [powershellInventory],
  npx: [npmInventory, nodeInventory], npm: [npmInventory, nodeInventory], 'npx-cli.js': [npmInventory, nodeInventory], 'npm-cli.js': [npmInventory, nodeInventory],
  pnpm: [pnpmInventory, npmInventory, nodeInventory], pnpx: [pnpmInventory, npmInventory, nodeInventory],
  yarn: [yarnInventory, nodeInventory],
  bun: [bunInventory], bunx: [bunInventory],
  uv: [uvInventory], uvx: [uvInventory],
  pipx: [pipxInventory, pipInventory, pythonInventory],
  node: [nodeInventory], nodejs: [nodeInventory],
  deno: [denoInventory],
  docker: [dockerInventory], podman: [dockerInventory],
};

/**
 * The inventories of the components one frame runs; undefined when the frame runs a program that
 * has none (the proxy itself, or an unknown program: the caller decides).
 */
export function frameInventories(frame: Pick<Frame, 'name'>): readonly Inventory[] | undefined {
  const name = frame.name.toLowerCase();
  const own = Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : isPythonName(name) ? [pythonInventory] : undefined;
  return own === undefined ? undefined : [...own, ...EVERY_PROCESS];
}

/**
 * The inventories of the runtime a proxy executes in (its own process); undefined for a runtime
 * that is not known, whose reads are then not known either.
 */
export function runtimeInventories(runtime: string): readonly Inventory[] | undefined {
  if (runtime === 'python') return [pythonInventory, ...EVERY_PROCESS];
  if (runtime === 'node') return [nodeInventory, ...EVERY_PROCESS];
  if (runtime === 'go' || runtime === 'native') return EVERY_PROCESS;
  return undefined;
}
