/**
 * Writes a report's pieces with one write in flight while the next piece is made: the kernel's
 * copy of piece i (done on libuv's thread pool) overlaps the stringifying of piece i + 1 on the
 * main thread. A 100,000-entry JSON report is 245 MB, and writing it to a file one piece after
 * another cost about 0.4 s of waiting. Pieces are written in order: the next write
 * starts only when the previous one has finished.
 *
 * `write` writes some of the bytes and says how many (as write(2) may). The first error stops
 * the run and is thrown once the piece being made is done; nothing is written after it. A
 * piece that cannot be made throws its own error, after the write in flight has ended.
 */
export async function writeAhead(
  pieces: Iterable<string | Uint8Array>,
  write: (bytes: Uint8Array) => Promise<number>,
): Promise<void> {
  let failed: { readonly error: unknown } | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const all = async (bytes: Uint8Array): Promise<void> => {
    let done = 0;
    while (done < bytes.length) {
      const n = await write(done === 0 ? bytes : bytes.subarray(done));
      if (!(n > 0)) throw new Error(`write made no progress (${String(n)} bytes)`);
      done += n;
    }
  };
  try {
    for (const piece of pieces) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      await inFlight;
      if (failed !== undefined) break;
      if (bytes.length === 0) continue;
      // Its handler is attached at once: a failure is held, never an unhandled rejection.
      inFlight = all(bytes).catch((error: unknown) => { failed = { error }; });
    }
  } finally {
    // A piece that failed to be made (a reporter's error, thrown on) still lets the last write end.
    await inFlight;
  }
  if (failed !== undefined) throw failed.error;
}
