/**
 * Which variables reach which component of a launch, and what each component's inventory says
 * about them. A component reads a variable when its inventory lists it (or a family it belongs
 * to); a variable no inventory of the chain lists is read by none of them. Values are compared
 * here (an empty MCPINDEX_STATE_DIR, a HOME equal to the trusted home) and never leave this module.
 */
import path from 'node:path';
import type { Inventory, InventoryItem, InputEffect } from '../shared/inventory.js';
import type { Platform } from '../shared/env.js';
import { samePath } from './store-location.js';

/** One component reading the environment of one process of the chain. */
export interface Reader {
  readonly inv: Inventory;
  /** The frame whose process it runs in; -1 for the host itself. */
  readonly at: number;
  /** The component's own options on the line (for `when` / `skippedBy` / `onlyWith`). */
  readonly options: readonly string[];
  /** The program it starts is looked up by name (PATH matters only then). */
  readonly byName: boolean;
  /** The launch kind of its frame (`uv-run`, `package-runner` …) or 'host'. */
  readonly frameKind: string;
  /** Its working directory: absolute, or why it is not known. */
  readonly cwd: { readonly path: string } | { readonly unknown: string };
}

/** One variable as it reaches the chain: from which frame to which (inclusive), and where it was set. */
export interface Reaching {
  readonly name: string;
  readonly value: string | null;
  /** How it is named in findings: the name, and where it came from when not the entry's env. */
  readonly label: string;
  readonly from: number;
  readonly to: number;
  /** Set when it came from a file a component loads (a host's .env): the file and line. */
  readonly file?: { readonly path: string; readonly line: number };
  /** The value is the host's own, which the audit cannot read (Codex `env_vars`): never benign by its value. */
  readonly valueUnknown?: true;
}

export interface Verdict {
  readonly reader: Reader;
  readonly item: InventoryItem;
  readonly effect: InputEffect;
  /** Matched through a family (`PYTHON*`), not a listed name. */
  readonly viaFamily: boolean;
}

const folded = (name: string, platform: Platform, insensitive: boolean): string => (platform === 'win32' || insensitive ? name.toUpperCase() : name);

/** The config key a member of a `configKeys` family names: npm's loadEnv (`_` → `-` except a leading one, lower-cased). */
export function dashedKey(rest: string): string {
  return rest.replace(/(?!^)_/g, '-').toLowerCase();
}

/** Does a listed name match, with `*` as a prefix wildcard (`//*`, `@*`)? */
function nameMatches(listed: string, name: string): boolean {
  return listed.endsWith('*') ? name.startsWith(listed.slice(0, -1)) : listed === name;
}

/** A config-key item for `key`: exact, a wildcard, or the nearest dotted parent (`sources.x` → `sources`). */
export function configItem(inv: Inventory, key: string): InventoryItem | undefined {
  const keys = inv.items.filter((i) => i.kind === 'config-key');
  for (let k = key; k !== ''; k = k.includes('.') ? k.slice(0, k.lastIndexOf('.')) : '') {
    const hit = keys.find((i) => nameMatches(i.name, k));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** An option item for `flag`: exact, or `--no-x` read as `--x`. */
export function optionItem(inv: Inventory, flag: string): InventoryItem | undefined {
  const options = inv.items.filter((i) => i.kind === 'option');
  return options.find((i) => i.name === flag) ?? (flag.startsWith('--no-') ? options.find((i) => i.name === `--${flag.slice(5)}`) : undefined);
}

/** The item of `inv` that reads `name`, if any: a listed variable first, then the longest family. */
export function envItem(inv: Inventory, name: string, platform: Platform): { item: InventoryItem; viaFamily: boolean } | undefined {
  const exact = inv.items.find((i) => i.kind === 'env' && folded(i.name, platform, false) === folded(name, platform, false));
  if (exact !== undefined) return { item: exact, viaFamily: false };
  const families = inv.items
    .filter((i) => i.kind === 'env-family' && folded(name, platform, i.configKeys !== undefined).startsWith(folded(i.name, platform, i.configKeys !== undefined)))
    .sort((a, b) => b.name.length - a.name.length);
  const family = families[0];
  if (family === undefined) return undefined;
  if (family.configKeys !== undefined) {
    const key = configItem(inv, dashedKey(name.slice(family.name.length)));
    if (key !== undefined) return { item: { ...key, ...(family.benignWhen !== undefined ? { benignWhen: family.benignWhen } : {}) }, viaFamily: false };
  }
  return { item: family, viaFamily: true };
}

/**
 * Whitespace that both JavaScript's `String.prototype.trim` (ECMA-262 §22.1.3.32: WhiteSpace and
 * LineTerminator, U+FEFF among them) and Python's `str.strip()` (`str.isspace`, which also counts
 * U+001C–U+001F and U+0085 but not U+FEFF) remove. A component's "blank after trimming" is judged by
 * the runtime that runs it, and for the gate that is an unpublished Python port of a TypeScript
 * SDK; a value only one of them calls blank (U+FEFF, U+0085) is therefore not benign.
 */
const BLANK_IN_BOTH = /^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** Does the value make the item's effect not happen (`benignWhen`)? A removed variable changes nothing it would set. */
export function benignValue(item: InventoryItem, value: string | null, home: string, platform: Platform): boolean {
  if (value === null) return true;
  const when = item.benignWhen;
  if (when === undefined) return false;
  switch (when.kind) {
    case 'blank': return BLANK_IN_BOTH.test(value);
    case 'empty': return value === '';
    case 'one-of': return when.values.includes(value);
    case 'trusted-home':
    case 'home-relative': {
      const abs = platform === 'win32' ? path.win32.isAbsolute(value) : path.posix.isAbsolute(value);
      if (!abs) return false;
      const want = when.kind === 'trusted-home' ? home : path.posix.join(home, when.relative);
      return samePath(value, want, platform);
    }
  }
}

/** Is the item read by this reader at all (`when`)? */
function isRead(item: InventoryItem, reader: Reader): boolean {
  const when = item.when;
  if (when === undefined) return true;
  switch (when.kind) {
    case 'program-by-name': return reader.byName;
    case 'without-option': return !reader.options.some((o) => when.options.includes(o));
  }
}

/** What each reader the variable reaches says about it; empty when none of them reads it. */
export function verdicts(v: Reaching, readers: readonly Reader[], home: string, platform: Platform): Verdict[] {
  const out: Verdict[] = [];
  for (const reader of readers) {
    if (reader.at < v.from || reader.at > v.to) continue;
    const hit = envItem(reader.inv, v.name, platform);
    if (hit === undefined || !isRead(hit.item, reader)) continue;
    const effect = v.valueUnknown !== true && benignValue(hit.item, v.value, home, platform) ? 'benign' : hit.item.effect;
    out.push({ reader, item: hit.item, effect, viaFamily: hit.viaFamily });
  }
  return out;
}

/** Words for an effect, after "which". */
export const EFFECT_WORDS: Readonly<Record<InputEffect, string>> = {
  'benign': 'changes nothing the pin relies on',
  'runs-code': 'runs other code first',
  'moves-store': 'moves the pin store',
  'moves-home': 'moves the home every default path is derived from',
  'changes-source': 'changes where the package comes from',
  'changes-release': 'changes which release runs',
  'changes-mode': 'changes whether drift blocks',
  'changes-cwd': 'changes the project or working directory',
  'changes-lookup': 'changes where the program is looked up',
  'changes-identity': 'changes the key the pins are kept under',
  'unknown': 'has an effect mcp-audit does not model',
};
