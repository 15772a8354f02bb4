import type { LaunchState, ServerEntry } from '../parse/types.js';
import { entryWith } from '../parse/entry-with.js';
import { extend } from '../shared/extend.js';
import type { LocatedCheck } from './switches.js';

/** How the launch decisions (launch-state.ts, policy-lists.ts, host-records.ts) change one entry. */
export type StateBy = NonNullable<ServerEntry['stateBy']>;

export const isLive = (e: ServerEntry): boolean => !e.disabled && (e.state === undefined || e.state === 'launched');

/** Stops an entry for this host: a state, or a `disabledOnlyFor` note in a file other hosts read. */
export function stop(e: ServerEntry, c: LocatedCheck, state: LaunchState, by: StateBy): ServerEntry {
  if ((c.location.sharedWith ?? []).length > 0) {
    const note = `${by.reason}${by.file !== undefined ? ` (${by.key ?? ''}${by.key !== undefined ? ' of ' : ''}${by.file})` : ''}`;
    return entryWith(e, { disabledOnlyFor: [...(e.disabledOnlyFor ?? []), { host: c.host.id, by: note }] });
  }
  return entryWith(e, { disabled: true, disabledBy: by.reason, state, stateBy: by });
}

/** The check with these entries; the check itself when they are its own (most checks hold none). */
export const withEntries = (c: LocatedCheck, entries: readonly ServerEntry[]): LocatedCheck =>
  (entries.length === c.entries.length && entries.every((e, i) => e === c.entries[i]) ? c : extend(c, { entries }));
