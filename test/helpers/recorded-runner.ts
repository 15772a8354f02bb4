import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandResult, CommandRunner } from '../../src/shared/env.js';
import { REPO } from '../hosts/helpers.js';

/** A recorded tool answer: the fixture file holding its stdout (under fixtures/), and its exit code. */
export interface Recording {
  readonly stdoutFile?: string;
  readonly stdout?: string;
  readonly code?: number;
}

/**
 * A command runner for Env that answers from recorded outputs, keyed by the exact argv
 * (`file arg1 arg2 …`). Any other command is "not installed", as on a machine without the tool.
 * `calls` records what was asked, so a test can check the fixed argv.
 */
export function recordedRunner(recordings: Readonly<Record<string, Recording>>): { run: CommandRunner; calls: string[] } {
  const calls: string[] = [];
  const run: CommandRunner = async (file, args): Promise<CommandResult> => {
    const key = [file, ...args].join(' ');
    calls.push(key);
    const r = recordings[key];
    if (r === undefined) return { kind: 'missing' };
    const stdout = r.stdout ?? (r.stdoutFile !== undefined ? readFileSync(path.join(REPO, 'fixtures', r.stdoutFile), 'utf8') : '');
    return { kind: 'exited', code: r.code ?? 0, stdout };
  };
  return { run, calls };
}
