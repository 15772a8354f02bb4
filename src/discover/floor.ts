/**
 * Why an audit's entry count may be a floor: something on a host's lookup path the audit could not
 * follow, so servers the host launches may be missing from the count. Every cause names what it
 * could not follow; reporters show each one (JSON `floorCauses`, the table's notes, SARIF run
 * properties and notifications), and `--fail-on floor` fails on any.
 *
 * - `project-scan-off`: `--no-project-scan`: project files were not read.
 * - `host-variable-set`: a dotfile or session file of the audited home sets a host directory
 *   variable (applied when its value is a literal; the host's session may hold another).
 * - `config-unread`: a host file exists but its entries could not be listed (too large,
 *   unparseable, unreadable, a FIFO …; its finding says which).
 * - `directory-unreadable`: a folder on a host's lookup path could not be listed.
 * - `not-followed`: an indirection the audit does not follow (a host setting or reference whose
 *   value is not a literal path, a config the host produces by running a script).
 */
export type FloorKind = 'project-scan-off' | 'host-variable-set' | 'config-unread' | 'directory-unreadable' | 'not-followed';

export const FLOOR_KINDS: readonly FloorKind[] = ['project-scan-off', 'host-variable-set', 'config-unread', 'directory-unreadable', 'not-followed'];

export interface FloorCause {
  readonly kind: FloorKind;
  /** One sentence: what could not be followed and why. */
  readonly detail: string;
  /** The file or folder concerned. */
  readonly path?: string;
  /** 1-based line in `path` (a dotfile assignment). */
  readonly line?: number;
  /** Hosts whose lookup it concerns. */
  readonly hosts?: readonly string[];
  /** The host directory variable concerned. */
  readonly variable?: string;
}

/** Collects causes once each (by kind, path, line and variable), in first-seen order. */
export class FloorCauses {
  readonly #byKey = new Map<string, FloorCause>();

  /** Adds a cause; one already known (same kind, path, line, variable) gains its hosts instead. */
  add(cause: FloorCause): void {
    const key = `${cause.kind}\0${cause.path ?? ''}\0${cause.line ?? ''}\0${cause.variable ?? ''}`;
    const known = this.#byKey.get(key);
    if (known === undefined) { this.#byKey.set(key, cause); return; }
    const hosts = [...new Set([...(known.hosts ?? []), ...(cause.hosts ?? [])])];
    if (hosts.length > 0) this.#byKey.set(key, { ...known, hosts });
  }

  list(): readonly FloorCause[] {
    return [...this.#byKey.values()];
  }
}
