import { run } from '../../../src/cli/run.js';
import type { ExitCode } from '../../../src/cli/io.js';
import { testEnv } from '../../hosts/helpers.js';

/** Runs the CLI in-process with an Env that reads no real variables and a cwd outside the fixtures. */
export async function runAudit(args: readonly string[], terminal?: { readonly columns: number }): Promise<{ code: ExitCode; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (t: string) => { stdout += t; }, ...(terminal !== undefined ? { isTTY: true, columns: terminal.columns } : {}) },
    stderr: { write: (t: string) => { stderr += t; } },
    readStdin: async () => '',
    env: testEnv('linux'),
  });
  return { code, stdout, stderr };
}

