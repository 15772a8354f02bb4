import type { TreeVerdict } from './private-tree.js';
import type { Claim, Finding } from '../rules/types.js';
import type { Proxy, NotProven, ProbeRecipe } from '../proxies/types.js';
import type { Scope, Transport } from '../parse/types.js';
import type { McpindexPin } from './stores/types.js';
import type { Platform } from '../shared/env.js';
import type { StoreContext } from './stores/types.js';
import type { GlobOptions } from '../discover/glob.js';
import type { ReadOutcome } from '../discover/read-file.js';
import type { StoreFiles } from '../proxies/store-types.js';
import type { ArtifactFiles } from './stores/artifact-files.js';

/**
 * `wired`: every claim the mode examines is proven and the rest were deliberately not examined
 * (`check` on a committed config sees no store or baseline): never shown as enforcing.
 */
export type Grade = 'enforcing' | 'wired' | 'unverifiable' | 'unprotected';

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
  /** The project key an entry is kept under in a file holding one server map per project (~/.claude.json `projects.<key>`); absent otherwise. */
  readonly project?: string;
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
  /** The evidence chain: every claim of `CLAIMS`, in order, proven or not (grade/chain.ts). */
  readonly evidence: readonly ClaimResult[];
  /** What the grade takes for granted because it cannot be read, each naming its claim (`assumed: …`). */
  readonly assumptions: readonly string[];
  /** Every file a component of the launch reads, as the audit found it (for `why`). */
  readonly files: readonly FileFact[];
  /** For the probe: how to recompute the pins, the pins read from the store and the upstream argv, never printed raw. */
  readonly probeInputs?: {
    readonly recipe?: ProbeRecipe | NotProven;
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

/**
 * One link of the chain, in one of three states: proven with the non-secret facts that prove it;
 * not proven, with the finding ids (or reason) why; or not examined, when the mode deliberately does
 * not look (`check` on a committed config never sees the store or the baseline). Only `proven`
 * counts toward enforcing.
 */
export type ClaimResult =
  | { readonly claim: Claim; readonly proven: true; readonly evidence: readonly string[] }
  | {
      readonly claim: Claim; readonly proven: false; readonly reason: string; readonly findings: readonly string[];
      /** Present (true) when the mode deliberately did not examine the claim: `reason` says what was not looked at. */
      readonly notExamined?: true;
    };

/** A file a component of the launch would read, as the audit found it: read, absent, unreadable, or not examined. */
export interface FileFact {
  readonly path: string;
  readonly state: 'read' | 'absent' | 'unreadable' | 'not-examined';
  /** What it held, in non-secret words (`holds only fund=false`), or why it was not read. */
  readonly summary: string;
  /** The component that reads it (`npm`, `uv`, `gemini-cli`). */
  readonly by: string;
}

/**
 * What establishing one claim produced: positive facts (empty = not proven), the findings against
 * it, why it is open without a finding, the assumptions it rests on, and the files it read.
 */
export interface ClaimOutcome {
  readonly findings: readonly Finding[];
  readonly proof: readonly string[];
  readonly open?: string;
  /** Set when the mode deliberately does not examine this claim. */
  readonly notExamined?: string;
  /** What the proof takes for granted because it cannot be read (a GUI session's environment). */
  readonly assumptions: readonly string[];
  readonly files: readonly FileFact[];
}

export interface GradeContext extends StoreContext {
  /** The proxy registry to grade against (default: PROXIES). Tests pass their own. */
  readonly proxies?: readonly Proxy[];
  readonly platform: Platform;
  /**
   * false for `check` on a dotfiles repo: the stores are not part of what is committed, so only
   * what the config itself says is graded (proxy, mode, store location, env). Default true.
   */
  readonly inspectStores?: boolean;
  /**
   * True when the home is an operator-given --root: system files a launch reads (/etc/npmrc,
   * /etc/uv/uv.toml) are read below `<root>/_system/`, as discovery reads system host files. Default false.
   */
  readonly auditRoot?: boolean;
  /** How config files of the launch are read (default: discover/read-file.ts readConfigFile). Tests use real files. */
  readonly readConfig?: (path: string, maxBytes?: number) => Promise<ReadOutcome>;
  /**
   * How the program, runner-tree and install claims read files: stores/artifact-files.ts
   * ARTIFACT_FILES, case-folded for a macOS or Windows home read from a case-sensitive copy
   * (stores/case-fold.ts), so a fixed name the grader asks for finds what the host's volume opens.
   */
  readonly artifactFiles: ArtifactFiles;
  /** How the home's globbed session files are found (fish conf.d …): their folder spelled as the volume opens it, with the folding. */
  readonly sessionGlob?: GlobOptions;
  /** The store inspectors' file toolkit (stores/files.ts STORE_FILES), case-folded likewise. */
  readonly storeFiles: StoreFiles;
  /** The runner trees walked in this audit (grade/private-tree.ts), shared by its entries. */
  readonly treeWalks?: Map<string, Promise<TreeVerdict>>;
}
