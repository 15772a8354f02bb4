import { UsageError } from '../shared/errors.js';

/**
 * What yargs knows about a command's options (the subset of `yargs.getOptions()` read here).
 * yargs parses leniently where a security gate must not: a repeated single-value option becomes an
 * array (or the last one silently wins), `--probe=yes` becomes false, an empty `--root ""` is a
 * value. These checks run on the raw argv before any command handler, so nothing is read, written
 * or launched on a mistyped command line.
 */
export interface ParsedOptions {
  readonly array: readonly string[];
  readonly boolean: readonly string[];
  readonly string: readonly string[];
  readonly alias: Readonly<Record<string, readonly string[]>>;
  readonly key: Readonly<Record<string, unknown>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** Narrows `yargs.getOptions()` (typed loosely by @types/yargs) without casts. */
export function parsedOptions(raw: unknown): ParsedOptions {
  const o = isRecord(raw) ? raw : {};
  const alias: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  if (isRecord(o.alias)) for (const [k, v] of Object.entries(o.alias)) alias[k] = strings(v);
  return { array: strings(o.array), boolean: strings(o.boolean), string: strings(o.string), alias, key: isRecord(o.key) ? o.key : {} };
}

/** Canonical option name for every spelling (long name, alias, camelCase is not accepted on the command line). */
function nameTable(opts: ParsedOptions): Map<string, string> {
  const names = new Map<string, string>();
  for (const key of Object.keys(opts.key)) if (!names.has(key)) names.set(key, key);
  for (const [key, aliases] of Object.entries(opts.alias)) {
    names.set(key, key);
    for (const a of aliases) names.set(a, key);
  }
  return names;
}

const display = (name: string): string => (name.length === 1 ? `-${name}` : `--${name}`);

/**
 * Throws a UsageError for: a single-value option given twice (`--format json --format table`,
 * `-o a --output b`, `--probe --no-probe`), an empty value for a string option (`--root ""`,
 * `--fail-on ""` — an unset CI variable must not switch a policy off), or a boolean given a value
 * other than true/false (`--probe=yes`). Everything after `--` is left alone.
 */
export function checkRawArgs(argv: readonly string[], opts: ParsedOptions): void {
  const names = nameTable(opts);
  const isArray = new Set(opts.array);
  const isBoolean = new Set(opts.boolean);
  const isString = new Set(opts.string);
  const seen = new Map<string, number>();
  const count = (name: string): void => {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if ((seen.get(name) ?? 0) > 1 && !isArray.has(name)) throw new UsageError(`${display(name)} given more than once`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    const long = /^--([^=]+)(?:=([\s\S]*))?$/.exec(arg);
    if (long !== null) {
      const spelled = long[1] ?? '';
      const negated = spelled.startsWith('no-') && !names.has(spelled) ? spelled.slice(3) : undefined;
      const name = names.get(negated ?? spelled);
      if (name === undefined) continue;
      count(name);
      const inline = long[2];
      if (isBoolean.has(name)) {
        if (inline !== undefined && inline !== 'true' && inline !== 'false') {
          throw new UsageError(`${display(name)} takes no value (got "${inline}")`);
        }
        continue;
      }
      const value = inline ?? argv[i + 1];
      if (inline === undefined) i++;
      if (isString.has(name) && value === '') throw new UsageError(`${display(name)} needs a value (got an empty string)`);
      continue;
    }
    const short = /^-([A-Za-z])(=?)([\s\S]*)$/.exec(arg);
    if (short !== null) {
      const name = names.get(short[1] ?? '');
      if (name === undefined) continue;
      count(name);
      if (isBoolean.has(name)) continue;
      const attached = (short[2] ?? '') !== '' || (short[3] ?? '') !== '' ? short[3] ?? '' : undefined;
      const value = attached ?? argv[i + 1];
      if (attached === undefined) i++;
      if (isString.has(name) && value === '') throw new UsageError(`${display(name)} needs a value (got an empty string)`);
    }
  }
}

/** A strictly decimal number (no hex, exponent, sign or blank): `--fail-under 0x50` is an error, not 80. */
export function decimalOption(value: unknown, flag: string, range: { min: number; max?: number; integer: boolean; minExclusive?: boolean }): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  const shape = range.integer ? /^\d+$/ : /^\d+(?:\.\d+)?$/;
  const positive = range.minExclusive === true ? range.min === 0 : range.min === 1 && range.integer;
  const kind = range.integer ? 'whole number' : 'number';
  const upTo = range.max !== undefined ? ` up to ${range.max}` : '';
  const what = positive ? `a positive ${kind}${upTo}` : `a ${kind} from ${range.min}${range.max !== undefined ? ` to ${range.max}` : ''}`;
  const bounds = 'in decimal';
  if (typeof text !== 'string' || !shape.test(text)) throw new UsageError(`${flag} takes ${what} ${bounds} (got "${String(text)}")`);
  const n = Number(text);
  const low = range.minExclusive === true ? n <= range.min : n < range.min;
  if (!Number.isFinite(n) || low || (range.max !== undefined && n > range.max)) {
    throw new UsageError(`${flag} takes ${what} ${bounds} (got ${text})`);
  }
  return n;
}
