import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { run } from '../../../src/cli/run.js';
import type { ExitCode } from '../../../src/cli/io.js';
import { processEnv } from '../../../src/shared/env.js';

/** The built CLI entry (dist/test/cli/commands → dist/src/cli/bin.cjs). */
export const BIN = fileURLToPath(new URL('../../../src/cli/bin.cjs', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns the real CLI with `stdin` piped in. */
export function spawnCli(args: readonly string[], stdin = ''): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { input: stdin, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the CLI in-process with captured output. */
export async function runCli(args: readonly string[], stdin = ''): Promise<{ code: ExitCode; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (t: string) => { stdout += t; } },
    stderr: { write: (t: string) => { stderr += t; } },
    readStdin: async () => stdin,
    env: processEnv(),
  });
  return { code, stdout, stderr };
}
