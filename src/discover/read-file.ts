import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { toError } from '../shared/errors.js';

/**
 * Reads one config file defensively: lstat first, symlinks followed (and recorded, loops
 * reported), FIFOs/sockets/devices/directories never opened, files over MAX_CONFIG_BYTES skipped,
 * opened non-blocking and re-checked on the open handle (no TOCTOU hang), strict UTF-8. A file
 * with invalid UTF-8 is a problem that also carries the text decoded lossily (U+FFFD for each bad
 * sequence, as Node's decoder does): JSON hosts running on Node read it that way.
 *
 * The calls are synchronous. Each await of node:fs/promises is a trip through libuv's thread
 * pool, eight per file; on the bench home (30 files) those trips cost 9 ms of a 190 ms scan. A
 * file system that does not answer stalls the scan either way (the async read is awaited too);
 * what keeps a FIFO or device from blocking is the non-blocking open and the check of the open
 * handle, which are unchanged.
 */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

export type ReadProblemKind = 'not-regular' | 'too-large' | 'unreadable' | 'symlink-loop' | 'invalid-utf8';

export type ReadOutcome =
  | { readonly kind: 'absent'; readonly realPath?: string }
  | { readonly kind: 'text'; readonly text: string; readonly realPath?: string }
  | {
    readonly kind: 'problem'; readonly problem: ReadProblemKind; readonly detail: string;
    readonly realPath?: string; readonly size?: number;
    /**
     * For invalid UTF-8: byte offset and 1-based line:column of the first bad byte (the column in
     * UTF-16 code units, as every other position), and the text decoded with replacement characters.
     */
    readonly offset?: number; readonly line?: number; readonly column?: number; readonly lossyText?: string;
  };

function errnoCode(e: unknown): string | undefined {
  const err = toError(e);
  return 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

function fileKind(st: Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice()) return 'character device';
  if (st.isBlockDevice()) return 'block device';
  if (st.isDirectory()) return 'directory';
  return 'special file';
}

/**
 * True when `dir` has no directory entry (following links: a dangling link counts). Any other
 * outcome, an error included, is false, so the caller checks every file as usual.
 */
export function noDirectory(dir: string): boolean {
  try {
    return statSync(dir, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** `maxBytes`: the size past which the file is refused unread (a gate file named on the command line may be larger). */
export async function readConfigFile(path: string, maxBytes: number = MAX_CONFIG_BYTES): Promise<ReadOutcome> {
  let realPath: string | undefined;
  try {
    // Absent is the common case (every location of every listed project): an lstat that returns
    // undefined for no entry builds no Error with a stack. Its other errors are handled below.
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return { kind: 'absent' };
    // Resolves links in the file name and in any folder on the way (~/.config → elsewhere).
    const resolved = realpathSync.native(path);
    if (resolved !== path) realPath = resolved;
  } catch (e: unknown) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent' };
    if (code === 'ELOOP') return { kind: 'problem', problem: 'symlink-loop', detail: 'symbolic link loop' };
    return { kind: 'problem', problem: 'unreadable', detail: code ?? toError(e).message };
  }
  const at = realPath !== undefined ? { realPath } : {};
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e: unknown) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent', ...at };
    if (code === 'ELOOP') return { kind: 'problem', problem: 'symlink-loop', detail: 'symbolic link loop', ...at };
    return { kind: 'problem', problem: 'unreadable', detail: code ?? toError(e).message, ...at };
  }
  const special = fileKind(st);
  if (special !== undefined) return { kind: 'problem', problem: 'not-regular', detail: special, ...at };
  if (st.size > maxBytes) return { kind: 'problem', problem: 'too-large', detail: `${st.size} bytes`, size: st.size, ...at };
  let bytes: Buffer;
  try {
    const handle = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const again = fstatSync(handle);
      const kind = fileKind(again);
      if (kind !== undefined) return { kind: 'problem', problem: 'not-regular', detail: kind, ...at };
      if (again.size > maxBytes) return { kind: 'problem', problem: 'too-large', detail: `${again.size} bytes`, size: again.size, ...at };
      const buffer = Buffer.alloc(again.size + 1);
      let total = 0;
      for (;;) {
        const bytesRead = readSync(handle, buffer, total, buffer.length - total, total);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total >= buffer.length) {
          return { kind: 'problem', problem: 'too-large', detail: 'file grew while being read', ...at };
        }
      }
      bytes = buffer.subarray(0, total);
    } finally {
      closeSync(handle);
    }
  } catch (e: unknown) {
    const code = errnoCode(e);
    if (code === 'ENOENT') return { kind: 'absent', ...at };
    return { kind: 'problem', problem: 'unreadable', detail: code ?? toError(e).message, ...at };
  }
  const bad = firstInvalidUtf8(bytes);
  if (bad !== undefined) {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bad; i++) if (bytes[i] === 10) { line++; lineStart = i + 1; }
    // The bytes before the first bad one are valid: their decoded length is the UTF-16 column.
    const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, bad)).length + 1;
    return {
      kind: 'problem', problem: 'invalid-utf8', detail: `invalid UTF-8 at byte ${bad}`, offset: bad, line, column,
      lossyText: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), ...at,
    };
  }
  return { kind: 'text', text: bytes.toString('utf8'), ...at };
}

/** Byte offset of the first invalid UTF-8 sequence, or undefined (fast path: TextDecoder). */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    // locate it below
  }
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    const b1 = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i;
    i += need + 1;
  }
  return bytes.length;
}
