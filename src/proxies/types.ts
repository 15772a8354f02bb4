import type { LaunchChain } from '../launch/types.js';
import type { Origin, ServerEntry } from '../parse/types.js';
import type { Platform } from '../shared/env.js';
import type { InspectContext, StoreInspection } from './store-types.js';

export type ProxyId =
  | 'mcpindex-gate'
  | 'mcp-hangar'
  | 'mcp-context-protector'
  | 'mcptrust'
  | 'mcp-pin'
  | 'docker-mcp-gateway'
  | 'toolhive'
  | 'invariant-gateway'
  | 'mcp-defender'
  | 'enkrypt-gateway'
  | 'mcp-remote';

/** The runtime the proxy itself executes in: decides which code-injection env vars can touch it. */
export type ProxyRuntime = 'python' | 'node' | 'go' | 'native' | 'unknown';

/** Where the proxy keeps its pins, as far as the entry tells. */
export type StoreRef =
  /** No override: the proxy's default location under the trusted home (see defaultStorePath). */
  | { readonly kind: 'default' }
  /** An explicit flag (`--pin-store`, `--config`, `--lock`) with its value as written. */
  | {
      readonly kind: 'explicit';
      /** The flag as written (`--pin-store`, `--config`), or the variable name when `via` is 'env'. */
      readonly flag: string;
      readonly value: string;
      readonly origin?: Origin;
      /**
       * 'env' when the store comes from a variable in the launch env (Hangar `MCP_CONFIG`); absent
       * or 'arg' = an argument. With 'env', `value` is an env value: use it to read the store, never print it.
       */
      readonly via?: 'arg' | 'env';
    }
  /** Cannot be determined from the entry (e.g. depends on cwd or an unset variable). */
  | { readonly kind: 'unresolvable'; readonly why: string };

export interface Recognition {
  readonly proxy: ProxyId;
  /** Does this proxy pin tool contracts at all? Mediated-but-not-pinning gateways say false. */
  readonly pins: boolean;
  /** Why a non-pinning mediator is not protection (shown in the finding). */
  readonly reason?: string;
  readonly runtime: ProxyRuntime;
  /** Mode / posture as configured (`guard`, `monitor`, `strict`, `block`, `audit`, `enforce` …). */
  readonly mode: string;
  /** Whether that mode ever blocks a drifted call. */
  readonly blocking: boolean;
  /** True when the proxy binary is found through PATH (a bare name, not an absolute path). */
  readonly bareName: boolean;
  /** The server id the proxy keys its pins by (mcpindex: the entry name unless something says otherwise). */
  readonly serverId: string;
  readonly store: StoreRef;
  /** The wrapped upstream command line, when the proxy wraps one (argv, program first). */
  readonly upstream?: readonly string[];
  /** Proxy version as written (`mcpindex-gate==0.9.2`), if any. */
  readonly version?: string;
  /** mcp-context-protector: the servers.json lookup key the proxy would use (`type` + command string). */
  readonly approvalKey?: { readonly type: 'stdio' | 'http' | 'sse'; readonly identifier: string };
  /** Aggregators (Hangar) front several upstreams listed in their own config: graded per upstream. */
  readonly aggregator?: boolean;
  /** True when `mode` is not a value the proxy documents (e.g. `--posture lenient`): grading flags it. */
  readonly modeUnknown?: boolean;
  /** True when the effective mode lives in the store, not the entry (Hangar `digest_enforcement` per upstream). */
  readonly modeInStore?: boolean;
  /** Where `upstream` was read from: the wiring marker object in the entry, or the proxy's arguments. */
  readonly upstreamSource?: 'marker' | 'args';
  /**
   * Another command line the entry names as its upstream when two sources disagree (the gate's
   * `--upstream-command` arguments and its wiring marker's `original`): which one the proxy runs
   * is not published, so grading checks this one's advisories too.
   */
  readonly otherUpstream?: readonly string[];
}

/** A claim a module cannot establish, with why: never `undefined` meaning "fine". */
export interface NotProven {
  readonly notProven: string;
}

export const isNotProven = (v: unknown): v is NotProven =>
  typeof v === 'object' && v !== null && typeof Reflect.get(v, 'notProven') === 'string';

/**
 * How the probe recomputes a proxy's pins from a live tools/list: a closed set the probe switches
 * on (never on proxy ids). Each kind names the hashing profile the probe implements.
 */
export type ProbeRecipe =
  | { readonly kind: 'mcpindex-definition-hash' }
  | { readonly kind: 'hangar-digest' };

export type { Source } from '../shared/inventory.js';
import type { Inventory, Source } from '../shared/inventory.js';

/** The package ecosystems a proxy publishes in; an empty list = it publishes no package there. */
export type Ecosystem = 'npm' | 'pypi' | 'go';
export const ECOSYSTEMS: readonly Ecosystem[] = ['npm', 'pypi', 'go'];

/**
 * One range of affected releases, as OSV records them (ossf.github.io/osv-schema/#affectedranges-field):
 * every release at or after `introduced` and before `fixed` (null: no release fixes it), ordered by the
 * ecosystem's own rules (grade/versions.ts: semver for npm and go, PEP 440 for PyPI, so `0.16.1rc1`
 * is affected by a flaw fixed in `0.16.1`, and `0.16.1.post1` is not).
 */
export interface AffectedRange {
  readonly introduced: string;
  readonly fixed: string | null;
}

/**
 * A published advisory or vendor-documented flaw. `exploitable`: the package itself can be
 * attacked (launcher-vulnerable, wherever it runs in a chain); `check-unsound`: the proxy runs and
 * blocks but verifies something other than what the client receives (proxy-version-flawed).
 */
export interface Advisory {
  readonly id: string;
  readonly ecosystem: Ecosystem;
  readonly package: string;
  readonly affected: readonly AffectedRange[];
  readonly summary: string;
  readonly effect: 'exploitable' | 'check-unsound';
  /** Where it is published (advisory URL, or the vendor's document and section). */
  readonly source: Source;
}

/**
 * The advisories a module records, with when and where they were looked for: "no advisory" is a
 * statement about these sources on that date, never a proof that a release is sound.
 */
export interface AdvisoryReview {
  /** ISO date of the last review of `sources`. */
  readonly reviewed: string;
  readonly sources: readonly Source[];
  readonly list: readonly Advisory[];
}

/**
 * A program (console script, npm bin, `python -m` module, or a subcommand of one) that a proxy's
 * package provides. Only `role: 'proxy'` runs the pinning proxy; anything else from the same
 * package (`mcp-pin lookup`, `mcptrust lock`, a dependency's script) is another program.
 */
export interface ProxyProgram {
  readonly kind: 'bin' | 'module';
  /** The frame name as the launch stage gives it (basename, suffix dropped), or the module path. */
  readonly name: string;
  /** Leading subcommand words after the program for this role (`['proxy']`); empty = the program itself. */
  readonly subcommand: readonly string[];
  readonly role: 'proxy' | 'other';
  readonly what: string;
  readonly source: Source;
}

/** A launcher script a proxy released (mcp-context-protector.sh): its bytes and what it reads in turn. */
export interface ReleasedLauncher {
  /** The file name as shipped. */
  readonly file: string;
  readonly release: string;
  readonly sha256: string;
  /** Programs it finds by name and variables it reads: they join the chain when it runs. */
  readonly findsByName: readonly string[];
  readonly reads: readonly string[];
  /**
   * The command line it runs, program first: `<dir>` is the launcher's own directory, `<args>` the
   * arguments it was given. Unwrapped like an entry's command: its frames join the chain (their
   * variables, options and config files, e.g. uv's project files in `<dir>`).
   */
  readonly runs: readonly string[];
  readonly source: Source;
}

/** The inventory vocabulary is shared with hosts/ and launch/ (src/shared/inventory.ts). */
export type { ConfigFileSpec, InputEffect, Inventory, InventoryItem } from '../shared/inventory.js';

/** How the release that will run can be read off the machine, besides an exact pin in the spec. */
export type VersionSource = 'npx-cache' | 'uv-tool-receipt' | 'dist-info' | 'package-json';

/** A mode the proxy documents, as its own parser names it. */
export interface ProxyMode {
  readonly name: string;
  readonly blocking: boolean;
  readonly source: Source;
}

interface ProxyBase {
  readonly id: ProxyId;
  /** Bump when recognition logic changes; written into reports. */
  readonly version: number;
  /**
   * Undefined when this proxy is not in the chain. May throw on a shape it did not expect: the
   * grader turns that into a `recognizer-failed` finding naming it, never into "no proxy".
   */
  recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined;
  /** Its own published package names per ecosystem: anything else a runner fetches is not this proxy. */
  readonly packages: Readonly<Record<Ecosystem, readonly string[]>>;
  /** Every program its packages provide, each marked proxy or not. */
  readonly programs: readonly ProxyProgram[];
  readonly advisories: AdvisoryReview;
}

/** The mode a proxy's own argument parser reads from its arguments (the `mode` claim). */
export interface ProxyArgs {
  readonly mode: string;
  /** Whether that mode ever blocks a drifted call. */
  readonly blocking: boolean;
  /** True when the value is not one the proxy documents (it would refuse it, or its effect is unknown). */
  readonly modeUnknown?: boolean;
  /** True when the effective mode lives in the store, not the arguments (Hangar's digest_enforcement). */
  readonly modeInStore?: boolean;
}

/** A proxy that pins tool contracts: it cannot be registered without its store inspector. */
export interface PinningProxy extends ProxyBase {
  readonly pins: true;
  /** The runtime the proxy executes in: decides which environment families reach it. */
  readonly runtime: ProxyRuntime;
  /** Launcher scripts it released, by release and sha256; empty when it ships none. */
  readonly launchers: readonly ReleasedLauncher[];
  /** Every variable, option and config key the proxy reads, with its effect and source. */
  readonly inputs: Inventory;
  /** Every mode it documents, blocking or not: a mode not listed is unknown. */
  readonly modes: readonly ProxyMode[];
  /** Where the installed release can be read when the spec does not pin one. */
  readonly versionSources: readonly VersionSource[];
  /** The proxy's own arguments (after its program or subcommand) as its parser reads them. */
  parseArgs(args: readonly string[]): ProxyArgs;
  /** The store the proxy uses with no override, under the trusted home (absolute), or why there is none. */
  defaultStore(rec: Recognition, home: string, platform: Platform): string | NotProven;
  /**
   * The explicit store values the proxy reads as its default store (`expected`): the file itself,
   * and for a proxy whose store flag also takes the directory (mcpindex's `--pin-store`), that too.
   */
  defaultStoreSpellings(expected: string, platform: Platform): readonly string[];
  /** Required: no store, no pass. Reads files only through `ctx.files`. */
  inspectStore(rec: Recognition, path: string, ctx: InspectContext): Promise<StoreInspection>;
  probeRecipe(rec: Recognition): ProbeRecipe | NotProven;
}

/** A gateway or bridge that mediates but pins nothing: recognised so it is never mistaken for protection. */
export interface Mediator extends ProxyBase {
  readonly pins: false;
  readonly reason: string;
}

export type Proxy = PinningProxy | Mediator;
/** The older name of a proxy module. */
export type ProxyRecognizer = Proxy;
