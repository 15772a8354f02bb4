import { fstatSync, write } from 'node:fs';
import { run } from './run.js';
import { writeAhead } from '../shared/write-ahead.js';
import { errnoText, IoError } from '../shared/errors.js';
import { processEnv } from '../shared/env.js';

/**
 * The CLI on this process: argv, stdio and the real Env in, process.exitCode out. The installed
 * entry point (bin.ts) calls it from the bundle; `run` and `processEnv` are exported for the build
 * step that makes the bundle's code cache (build-code-cache.ts).
 */
export async function main(): Promise<void> {
  /**
   * Standard output that ends quietly when the reader goes away (`mcp-audit diff --batch … | head -1`):
   * an EPIPE stops further writes instead of crashing with a stack trace; the run still finishes
   * (probed servers are still stopped) and exits with its own code.
   */
  let stdoutClosed = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') {
      stdoutClosed = true;
      return;
    }
    throw e;
  });
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });

  const io = {
    stdout: {
      get isTTY(): boolean { return process.stdout.isTTY; },
      get columns(): number | undefined { return process.stdout.columns; },
      write: (text: string): boolean => (stdoutClosed ? false : process.stdout.write(text)),
      writeBytes: (bytes: Uint8Array): boolean => (stdoutClosed ? false : process.stdout.write(bytes)),
      writePieces: async (pieces: Iterable<string | Uint8Array>): Promise<void> => {
        // To a regular file (`> report.json`) Node's stdout writes synchronously on this thread;
        // the pieces are written ahead instead (shared/write-ahead.ts). A pipe or terminal keeps
        // process.stdout: its fd may be non-blocking (libuv sets it so), which write(2) from the
        // thread pool would meet as EAGAIN.
        if (!stdoutIsFile()) {
          for (const piece of pieces) {
            if (stdoutClosed) continue;
            process.stdout.write(piece);
          }
          return;
        }
        // A failed write is the outside world (a full disk, a file size limit, a read-only fd), not
        // a bug: an IoError (exit 2) naming standard output, as -o names its file (red team red6).
        await writeAhead(pieces, (bytes) => new Promise<number>((resolve, reject) => {
          write(1, bytes, (e, n) => (e === null ? resolve(n) : reject(new IoError(`standard output: cannot write the report: ${errnoText(e)}`, { cause: e }))));
        }));
      },
    },
    stderr: process.stderr,
    env: processEnv(),
    // A getter: process.stdin is built (a stream, a tty or pipe handle) only by a command that reads it.
    get stdinIsTTY(): boolean { return process.stdin.isTTY === true; },
    readStdin: async (): Promise<string> => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks).toString('utf8');
    },
  };

  process.exitCode = await run(process.argv.slice(2), io);
}

/** Standard output is a regular file (fstat says so; anything unknown is not one). */
function stdoutIsFile(): boolean {
  try {
    return fstatSync(1).isFile();
  } catch {
    return false;
  }
}

export { run } from './run.js';
export { processEnv } from '../shared/env.js';
