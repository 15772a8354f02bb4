import { isObject } from '../parse/normalize.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import { expandAll, type PathContext } from './paths.js';
import type { HostDefinition, HostLocation } from '../hosts/types.js';

const at = (value: unknown, key: readonly string[]): unknown => {
  let v = value;
  for (const k of key) v = isObject(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
};

/**
 * Whether the setting a location waits for (`HostLocation.enabledBy`) turns it on: the value at
 * `key` is `true`, or an object whose `name` member is `true`, in any copy of its files
 * (relocations included; the copy the host reads is not known, so any one counts: errs towards
 * launched). A location it does not turn on is not the host's and is not read for it.
 */
export async function settingEnables(gate: NonNullable<HostLocation['enabledBy']>, host: HostDefinition, ctx: PathContext, cache: FileCache): Promise<boolean> {
  for (const template of gate.files) {
    for (const copy of expandAll(template, ctx, host.dirVariables)) {
      const v = at(await cachedJsonValue(cache, copy.base), gate.key);
      if (v === true || (isObject(v) && v[gate.name] === true)) return true;
    }
  }
  return false;
}
