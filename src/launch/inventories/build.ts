/** Small helpers for writing inventories as data: one line per group of inputs sharing an effect and a source. */
import type { InputEffect, InventoryItem, Source } from '../../shared/inventory.js';

type Kind = InventoryItem['kind'];

/** One item per name, all with the same kind, effect, note and source. */
export function each(kind: Kind, effect: InputEffect, names: readonly string[], note: string, source: Source): InventoryItem[] {
  return names.map((name) => ({ kind, name, effect, note, source }));
}

/** The same inputs as options (`--name`) and as config keys (`name`): npm and uv accept both spellings of one setting. */
export function settings(effect: InputEffect, names: readonly string[], note: string, source: Source, optionPrefix = '--'): InventoryItem[] {
  return [...each('config-key', effect, names, note, source), ...each('option', effect, names.map((n) => `${optionPrefix}${n}`), note, source)];
}
