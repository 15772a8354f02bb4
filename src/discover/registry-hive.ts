/**
 * The values of a Windows registry hive file (NTUSER.DAT), read from its cells without walking the
 * key tree: which key a value belongs to is not known. Layout from "Windows registry file format
 * specification" (https://github.com/msuhanov/regf/blob/master/Windows%20registry%20file%20format%20specification.md):
 * a 4096-byte base block, then hive bins (`hbin`, the bin's size at +8, cells from +32); each cell
 * starts with its size as a signed 32-bit integer (negative: allocated) that counts those 4 bytes.
 * A key value cell (`vk`): name length at +2, data size at +4 (high bit set: the data, at most 4
 * bytes, is kept in the data offset field), data offset at +8 (from the start of the hive bins
 * data, pointing at a cell), data type at +12, flags at +16, the name at +20. The name is ASCII
 * (Latin-1, one byte a character) when flag VALUE_COMP_NAME (0x0001) is set, as Windows stores
 * every name it can, UTF-16LE otherwise.
 */
export interface HiveValue {
  readonly name: string;
  /** REG_SZ 1, REG_EXPAND_SZ 2, … */
  readonly type: number;
  /** The data as a string, for REG_SZ and REG_EXPAND_SZ (UTF-16LE, up to the first NUL), when its cell is in the file. */
  readonly text?: string;
}

const BASE_BLOCK_BYTES = 4096;
const HBIN_HEADER_BYTES = 32;
const VALUE_COMP_NAME = 0x0001;
const REG_SZ = 1;
const REG_EXPAND_SZ = 2;

/** Every key value cell of the hive's bins, in file order. Bytes that are not a hive yield none. */
export function hiveValues(bytes: Buffer): HiveValue[] {
  const out: HiveValue[] = [];
  if (bytes.length < BASE_BLOCK_BYTES || bytes.toString('latin1', 0, 4) !== 'regf') return out;
  let bin = BASE_BLOCK_BYTES;
  while (bin + HBIN_HEADER_BYTES <= bytes.length && bytes.toString('latin1', bin, bin + 4) === 'hbin') {
    const binSize = bytes.readUInt32LE(bin + 8);
    if (binSize < HBIN_HEADER_BYTES || binSize % 4096 !== 0) break;
    const end = Math.min(bin + binSize, bytes.length);
    let cell = bin + HBIN_HEADER_BYTES;
    while (cell + 4 <= end) {
      const size = Math.abs(bytes.readInt32LE(cell));
      if (size < 8 || cell + size > end) break;
      const v = valueAt(bytes, cell + 4, size - 4);
      if (v !== undefined) out.push(v);
      cell += size;
    }
    bin += binSize;
  }
  return out;
}

function valueAt(bytes: Buffer, at: number, room: number): HiveValue | undefined {
  if (room < 20 || bytes.toString('latin1', at, at + 2) !== 'vk') return undefined;
  const nameBytes = bytes.readUInt16LE(at + 2);
  if (20 + nameBytes > room) return undefined;
  const flags = bytes.readUInt16LE(at + 16);
  const name = flags & VALUE_COMP_NAME
    ? bytes.toString('latin1', at + 20, at + 20 + nameBytes)
    : bytes.toString('utf16le', at + 20, at + 20 + nameBytes - (nameBytes % 2));
  const type = bytes.readUInt32LE(at + 12);
  if (type !== REG_SZ && type !== REG_EXPAND_SZ) return { name, type };
  const raw = bytes.readUInt32LE(at + 4);
  const inline = (raw & 0x80000000) !== 0;
  const length = raw & 0x7fffffff;
  let data: Buffer | undefined;
  if (inline) data = bytes.subarray(at + 8, at + 8 + Math.min(length, 4));
  else {
    const cell = BASE_BLOCK_BYTES + bytes.readUInt32LE(at + 8);
    if (cell + 4 + length <= bytes.length && Math.abs(bytes.readInt32LE(cell)) >= length + 4) data = bytes.subarray(cell + 4, cell + 4 + length);
  }
  if (data === undefined) return { name, type };
  const text = data.toString('utf16le', 0, data.length - (data.length % 2));
  const nul = text.indexOf('\u0000');
  return { name, type, text: nul >= 0 ? text.slice(0, nul) : text };
}
