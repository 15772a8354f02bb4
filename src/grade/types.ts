import type { Finding } from '../rules/types.js';
import type { Scope, Transport } from '../parse/types.js';
import type { McpindexPin } from './stores/types.js';
import type { Platform } from '../shared/env.js';
import type { StoreContext } from './stores/types.js';

export type Grade = 'enforcing' | 'unverifiable' | 'unprotected';

export interface GradedProxy {
  readonly id: string;
  readonly recognizerVersion: number;
  readonly mode: string;
  readonly blocking: boolean;
  readonly pins: boolean;
  readonly store: string | null;
  readonly storeSource: 'default' | 'explicit' | 'env' | 'unresolvable' | 'none';
}

/** One graded row: an entry, or one upstream of an aggregator entry. Findings carry no fingerprint yet. */
export interface GradedEntry {
  readonly host: string;
  readonly scope: Scope;
  readonly configPath: string;
  readonly name: string;
  /** For an aggregator (Hangar): the upstream this row grades; absent otherwise. */
  readonly upstream?: string;
  readonly transport: Transport;
  readonly disabled: boolean;
  readonly grade: Grade;
  readonly proxy: GradedProxy | null;
  /** The command line that really runs (after unwrapping), program and args; no env values. */
  readonly launch: readonly string[];
  /** Env variable NAMES set by the entry (never values). */
  readonly envKeys: readonly string[];
  /** Header NAMES (never values). */
  readonly headerKeys: readonly string[];
  readonly location: { readonly path: string; readonly line: number; readonly column: number };
  readonly findings: readonly Finding[];
  /** For the probe: the pins read from the store (mcpindex) and the upstream argv, never printed raw. */
  readonly evidence?: {
    readonly mcpindexPins?: readonly McpindexPin[];
    readonly hangarPins?: Readonly<Record<string, string>>;
    readonly serverId?: string;
    readonly upstreamArgv?: readonly string[];
    /** Env for the upstream when it is not the entry's own (a Hangar upstream's YAML env). */
    readonly upstreamEnv?: Readonly<Record<string, string>>;
    /** A remote upstream's endpoint (Hangar `mode: remote`). */
    readonly upstreamUrl?: string;
  };
}

export interface GradeContext extends StoreContext {
  readonly platform: Platform;
  /**
   * false for `check` on a dotfiles repo: the stores are not part of what is committed, so only
   * what the config itself says is graded (proxy, mode, store location, env). Default true.
   */
  readonly inspectStores?: boolean;
}
