import type { CommandModule } from 'yargs';
import type { CommandContext } from '../io.js';
import { canonicalCommand } from './canonical.js';
import { digestCommand } from './digest.js';
import { explainCommand } from './explain.js';
import { diffCommand } from './diff.js';
import { hostsCommand } from './hosts.js';
import { scanCommand } from './scan.js';
import { probeCommand } from './probe.js';
import { checkCommand } from './check.js';
import { whyCommand } from './why.js';
import { fixCommand } from './fix.js';
import { unwrapCommand } from './unwrap.js';
import { wrapCommand } from './wrap.js';

/** Every CLI command, as a factory over the run's context. Explicit list: no side-effect imports. */
export type CommandFactory = (ctx: CommandContext) => CommandModule<object, any>;

export const COMMANDS: readonly CommandFactory[] = [canonicalCommand, digestCommand, hostsCommand, scanCommand, checkCommand, diffCommand, explainCommand, probeCommand, whyCommand, fixCommand, wrapCommand, unwrapCommand];
