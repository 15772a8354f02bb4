import { fstatSync, write, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
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
   * (probed servers are still stopped) and exits with its own code. Any other failure to write it
   * (a read-only fd, a full disk or device, a file size limit) also stops further writes, and the
   * run then ends with one line naming it and exit 2: its output is incomplete.
   */
  let stdoutClosed = false;
  let stdoutFailure: unknown;
  const failed = (e: unknown): void => {
    stdoutFailure ??= e;
    stdoutClosed = true;
  };
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') stdoutClosed = true;
    else failed(e);
  });
  // Standard error that cannot be written (2>/dev/full, a read-only fd) is held, not thrown: a
  // throw from this handler was an uncaught exception, exit 1 ("policy violated") with the report
  // on stdout cut short. The run finishes and exits 2: its messages are lost.
  let stderrFailure: unknown;
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') stderrFailure ??= e;
  });
  // A file or a device (not a terminal, pipe or socket) is written here, synchronously and whole:
  // Node's stream for it drops the count of a short write (`ulimit -f`), cutting output silently.
  const kind = fdKind(1);
  const writeWhole = (bytes: Uint8Array): boolean => {
    try {
      writeAll(1, bytes);
      return true;
    } catch (e: unknown) {
      failed(e);
      return false;
    }
  };
  // Standard error to a file or device is written the same way, whole (under
  // `ulimit -f` Node's stream took a short write as done, cutting the policy line mid-word with
  // exit 1); a failure is held, and the run exits 2.
  const stderrWhole = fdKind(2) !== 'stream';
  const stderr = stderrWhole
    ? {
      isTTY: false, columns: undefined,
      write: (text: string): boolean => {
        if (stderrFailure !== undefined) return false;
        try {
          writeAll(2, Buffer.from(text, 'utf8'));
          return true;
        } catch (e: unknown) {
          stderrFailure = e;
          return false;
        }
      },
    }
    : process.stderr;
  const put = (data: string | Uint8Array): boolean => {
    if (stdoutClosed) return false;
    if (kind === 'stream') return process.stdout.write(data);
    return writeWhole(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  };

  const io = {
    stdout: {
      get isTTY(): boolean { return process.stdout.isTTY; },
      get columns(): number | undefined { return process.stdout.columns; },
      write: (text: string): boolean => put(text),
      writeBytes: (bytes: Uint8Array): boolean => put(bytes),
      writePieces: async (pieces: Iterable<string | Uint8Array>): Promise<void> => {
        // To a regular file (`> report.json`) the pieces are written ahead, from the thread pool
        // (shared/write-ahead.ts). A pipe or terminal keeps process.stdout: its fd may be
        // non-blocking (libuv sets it so), which write(2) from the pool would meet as EAGAIN.
        if (kind !== 'file') {
          for (const piece of pieces) put(piece);
          return;
        }
        // A failed write is the outside world (a full disk, a file size limit, a read-only fd), not
        // a bug: an IoError (exit 2) naming standard output, as -o names its file.
        await writeAhead(pieces, (bytes) => new Promise<number>((resolve, reject) => {
          write(1, bytes, (e, n) => (e === null ? resolve(n) : reject(new IoError(`standard output: cannot write the report: ${errnoText(e)}`, { cause: e }))));
        }));
      },
    },
    stderr,
    env: processEnv(),
    // A getter: process.stdin is built (a stream, a tty or pipe handle) only by a command that reads it.
    get stdinIsTTY(): boolean { return process.stdin.isTTY === true; },
    readStdin: async (): Promise<string> => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks).toString('utf8');
    },
  };

  const code = await run(process.argv.slice(2), io);
  // A stream's write error arrives as an event: one turn of the loop lets it land.
  await new Promise<void>((resolve) => { setImmediate(resolve); });
  if (stdoutFailure !== undefined) {
    stderr.write(`mcp-audit: standard output: cannot write it: ${errnoText(stdoutFailure)}\n`);
    process.exitCode = 2;
  } else {
    process.exitCode = stderrFailure !== undefined ? 2 : code;
  }
}

/**
 * What standard output (fd 1) or error (fd 2) is: a regular `file`, another non-terminal `device`
 * (/dev/full, /dev/null), or a `stream` (terminal, pipe, socket, or anything fstat cannot tell).
 */
function fdKind(fd: 1 | 2): 'file' | 'device' | 'stream' {
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return 'file';
    if (st.isCharacterDevice() && !isatty(fd)) return 'device';
    return 'stream';
  } catch {
    return 'stream';
  }
}

/** Writes all of `bytes` to `fd` synchronously (write(2) may take part of them); throws what write(2) throws. */
function writeAll(fd: 1 | 2, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) {
    const n = writeSync(fd, bytes, done);
    if (!(n > 0)) throw new IoError(`write made no progress (${String(n)} bytes)`);
    done += n;
  }
}

export { run } from './run.js';
export { processEnv } from '../shared/env.js';
