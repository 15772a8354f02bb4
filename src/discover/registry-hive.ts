import { append } from '../shared/lists.js';

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
 *
 * `keyValues` walks the key tree for one key: the root key node at the base block's root cell
 * offset (+36); a key node (`nk`) holds its subkeys list offset at +28, its number of values at
 * +36 and their list at +40, its name length at +72 and its name at +76 (ASCII when KEY_COMP_NAME
 * 0x0020 is set); a subkeys list is `lf`/`lh` (offset and hint pairs), `li` (offsets) or `ri` (a
 * list of such lists), its element count at +2.
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
const KEY_COMP_NAME = 0x0020;
const REG_SZ = 1;
export const REG_EXPAND_SZ = 2;

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

/**
 * The values of the key at `keyPath` below the hive's root (names matched ignoring case, as the
 * registry matches them), or undefined when the tree does not lead there.
 */
export function keyValues(bytes: Buffer, keyPath: readonly string[]): HiveValue[] | undefined {
  if (bytes.length < BASE_BLOCK_BYTES || bytes.toString('latin1', 0, 4) !== 'regf') return undefined;
  let key = cellData(bytes, bytes.readUInt32LE(36));
  for (const want of keyPath) {
    if (key === undefined || !isKeyNode(bytes, key)) return undefined;
    key = subkeys(bytes, bytes.readUInt32LE(key + 28), 0).find((k) => keyName(bytes, k).toUpperCase() === want.toUpperCase());
  }
  if (key === undefined || !isKeyNode(bytes, key)) return undefined;
  const count = bytes.readUInt32LE(key + 36);
  const list = cellData(bytes, bytes.readUInt32LE(key + 40));
  if (list === undefined || count > 0xffff || list + 4 * count > bytes.length) return count === 0 ? [] : undefined;
  const out: HiveValue[] = [];
  for (let i = 0; i < count; i++) {
    const at = cellData(bytes, bytes.readUInt32LE(list + 4 * i));
    const v = at === undefined ? undefined : valueAt(bytes, at, Math.abs(bytes.readInt32LE(at - 4)) - 4);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** The file offset of the data of the cell at hive bins offset `offset`, when it is inside the file. */
function cellData(bytes: Buffer, offset: number): number | undefined {
  const cell = BASE_BLOCK_BYTES + offset;
  return offset === 0xffffffff || cell + 8 > bytes.length ? undefined : cell + 4;
}

function isKeyNode(bytes: Buffer, at: number): boolean {
  return at + 76 <= bytes.length && bytes.toString('latin1', at, at + 2) === 'nk';
}

function keyName(bytes: Buffer, at: number): string {
  if (!isKeyNode(bytes, at)) return '';
  const length = bytes.readUInt16LE(at + 72);
  const end = Math.min(at + 76 + length, bytes.length);
  return bytes.readUInt16LE(at + 2) & KEY_COMP_NAME ? bytes.toString('latin1', at + 76, end) : bytes.toString('utf16le', at + 76, end - ((end - at - 76) % 2));
}

/** The key nodes a subkeys list names (an index root's lists one level down only, as the format allows). */
function subkeys(bytes: Buffer, offset: number, depth: number): number[] {
  const at = cellData(bytes, offset);
  if (at === undefined || at + 4 > bytes.length) return [];
  const kind = bytes.toString('latin1', at, at + 2);
  const count = bytes.readUInt16LE(at + 2);
  const stride = kind === 'lf' || kind === 'lh' ? 8 : kind === 'li' || kind === 'ri' ? 4 : 0;
  if (stride === 0 || at + 4 + stride * count > bytes.length) return [];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const element = bytes.readUInt32LE(at + 4 + stride * i);
    if (kind === 'ri') {
      if (depth === 0) append(out, subkeys(bytes, element, 1));
    } else {
      const node = cellData(bytes, element);
      if (node !== undefined) out.push(node);
    }
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
