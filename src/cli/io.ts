import type { Env } from '../shared/env.js';

/** Exit codes: 0 policy met, 1 policy violated, 2 usage or operational error. */
export type ExitCode = 0 | 1 | 2;

export interface Io {
  /** `columns`: the terminal's width when stdout is one (tables fit it, 80 at least). */
  readonly stdout: {
    write(text: string): unknown;
    /** Bytes as they are (a large report's pieces are already encoded); absent: they are decoded and written as text. */
    writeBytes?(bytes: Uint8Array): unknown;
    /** A report's pieces in order (absent: each goes through `write`/`writeBytes`); resolves when all are written. */
    writePieces?(pieces: Iterable<string | Uint8Array>): Promise<void>;
    readonly isTTY?: boolean;
    readonly columns?: number | undefined;
  };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean; readonly columns?: number | undefined };
  /** Reads all of standard input as UTF-8 text (for `-`). */
  readStdin(): Promise<string>;
  /** True when standard input is a terminal (a command reading it says so first). */
  readonly stdinIsTTY?: boolean;
  readonly env: Env;
}

/** The state a command reports back to run(): the exit code it wants. */
export interface CommandContext {
  readonly io: Io;
  /** The words after the command line's first `--`, exactly as given (yargs reads number-like ones as numbers). */
  readonly afterDashes: readonly string[];
  exit(code: ExitCode): void;
}
