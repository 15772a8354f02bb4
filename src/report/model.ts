import type { Coverage, CoverageCounts } from '../grade/coverage.js';
import type { Grade, GradedEntry, GradedProxy } from '../grade/types.js';
import type { Finding, RuleMeta } from '../rules/types.js';
import type { HomeSource, Platform } from '../shared/env.js';
import type { Scope, Transport } from '../parse/types.js';
import type { AuditResult } from '../grade/audit.js';

type FloorCause = AuditResult['discovery']['floorCauses'][number];
export type HostEnvApplied = AuditResult['discovery']['hostEnv'][number];

/**
 * The audit report: what every reporter renders. Reporters receive it sorted and already
 * redacted (no env values, header values or tokens anywhere in it) and return a string.
 */
export type { Grade } from '../grade/types.js';
export const GRADES: readonly Grade[] = ['enforcing', 'wired', 'unverifiable', 'unprotected'];

/** Grades that meet the bar of their mode: enforcing, or wired where the mode examines the config only. */
export const isPassing = (g: Grade): boolean => g === 'enforcing' || g === 'wired';

export const REPORT_SCHEMA_VERSION = '1.3.0';

/** Why the entry count may be a floor (discover/floor.ts), with the account it concerns in an --all-users report. */
export interface ReportFloorCause extends FloorCause {
  readonly account?: string;
}

/** The proxy as grading saw it (recognizer, mode, store in effect). */
export type ProxySummary = GradedProxy;

/** One tool whose live contract differs from its pin (or that appeared or vanished), classified by drift/. */
export interface ProbeDriftedTool {
  readonly tool: string;
  /** 'changed' (pinned, hash differs) | 'removed' (pinned, not served) | 'added' (served, not pinned) */
  readonly change: string;
  /** Drift kind ids; empty when the pin keeps no schema to classify against. */
  readonly kinds: readonly string[];
  /** 'auto-accept' | 'hold': what the proxy's decision rules do with this change. */
  readonly decision: string;
}

export interface ProbeSummary {
  /** 'pins-confirmed' | 'drift' | 'unpinned-tools' | 'pins-unmatched' | 'probe-failed' */
  readonly outcome: string;
  readonly detail: string;
  /** Tools the server lists. */
  readonly tools?: number;
  /** Pinned tools whose live hash equals the pin. */
  readonly matched?: number;
  /** Pins recorded for this server. */
  readonly pinned?: number;
  readonly drift?: readonly ProbeDriftedTool[];
  /** Served tools with no pin. */
  readonly unpinned?: readonly string[];
  /** probe-failed: the probe's failure reason and the server's stderr tail (env values redacted). */
  readonly failure?: { readonly reason: string; readonly stderrTail: string };
  readonly elapsedMs?: number;
}

/**
 * A graded row as reported: its findings fingerprinted, its evidence chain (token shapes masked),
 * its probe outcome when probed; the probe's inputs (pins, upstream env) are never reported.
 */
export interface ReportEntry extends Omit<GradedEntry, 'findings' | 'probeInputs' | 'proxy'> {
  /** In an --all-users report: the account whose home holds this entry. */
  readonly account?: string;
  readonly proxy: ProxySummary | null;
  /**
   * Hosts that do not launch this entry although others reading the same file do (Claude Code
   * `disabledMcpjsonServers` on a shared `.mcp.json`), with the switch or rule: the entry stays counted.
   */
  readonly disabledOnlyFor?: readonly { readonly host: string; readonly by: string }[];
  readonly findings: readonly ReportFinding[];
  readonly probe?: ProbeSummary;
}

export interface ReportFinding extends Finding {
  /** In an --all-users report: the account it was found for. */
  readonly account?: string;
  /** Stable fingerprint: sha256(canonical({ruleId, host, scope, file, server})), file relative to home. */
  readonly fingerprint: string;
  /** Present when an ignore-file entry suppressed it. */
  readonly suppressed?: { readonly reason: string; readonly expires?: string };
  /** Present when the run compared against --baseline: `known` = the baseline holds this fingerprint. */
  readonly baseline?: BaselineMark;
}

/** How a finding compares with --baseline (report/baseline.ts). */
export type BaselineMark = 'new' | 'known';

/** An enabled entry whose grade is worse than the same entry's grade in the baseline. */
export interface GradeRegression {
  readonly host: string;
  readonly scope: Scope;
  readonly name: string;
  readonly upstream?: string;
  readonly from: Grade;
  readonly to: Grade;
  readonly location: { readonly path: string; readonly line: number; readonly column: number };
}

/** The comparison with --baseline: counts of findings, and the grade regressions. */
export interface BaselineSummary {
  /** The baseline file as the operator named it. */
  readonly file: string;
  readonly new: number;
  readonly known: number;
  /** Fingerprints in the baseline that this run no longer reports. */
  readonly resolved: number;
  readonly regressions: readonly GradeRegression[];
}

/** Coverage as grading computes it (grade/coverage.ts): enabled rows only. */
export type { Coverage, CoverageCounts } from '../grade/coverage.js';

export interface LocationStatus {
  /** In an --all-users report: the account whose home it is under. */
  readonly account?: string;
  readonly host: string;
  readonly scope: Scope;
  readonly path: string;
  readonly status: 'found' | 'absent' | 'error';
}

/** One account of an --all-users run: who, where its home is and how that was found, what came of it. */
export interface AccountSummary {
  readonly name: string;
  /** null on Windows (see `sid`). */
  readonly uid: number | null;
  readonly sid?: string;
  readonly home: string;
  /** The account database source that listed it (`getent passwd`, `dscl . -list /Users`, `reg query ProfileList`). */
  readonly foundBy: string;
  /** audited; absent (no home directory: nothing to audit); unreadable (see `reason`). */
  readonly status: 'audited' | 'absent' | 'unreadable';
  readonly reason?: string;
  /** This account's enabled entries, by grade. */
  readonly coverage: CoverageCounts;
}

/** The accounts section of an --all-users report. */
export interface AccountsSection {
  readonly listedBy: string;
  /** Which accounts count as human on this platform (the others are system accounts, not audited). */
  readonly rule: string;
  readonly systemAccounts: number;
  /** Human accounts without a usable home in the database, with the reason. */
  readonly excluded: readonly { readonly name: string; readonly reason: string }[];
  readonly audited: readonly AccountSummary[];
}

export interface AuditReport {
  readonly schemaVersion: string;
  readonly tool: { readonly name: 'mcp-audit'; readonly version: string };
  readonly platform: Platform;
  /**
   * The audited home. In an --all-users report: the running account's (where the default ignore
   * file is read); each account's own home is in `accounts`.
   */
  readonly trustedHome: {
    readonly path: string; readonly source: HomeSource; readonly user: string;
    /** Not in the JSON report (its allow-list omits it); the ndjson records carry it. */
    readonly uid?: number;
  };
  /** Present for --all-users: every account, and how the list was made. */
  readonly accounts?: AccountsSection;
  /** True when $HOME disagrees with the trusted home (the value itself is not reported). */
  readonly homeEnvMismatch: boolean;
  readonly projectScan: boolean;
  /**
   * True when the audit met something on a host's lookup path it could not follow (project
   * scanning off, a dotfile setting a host directory variable, a config it could not list …): the
   * entry count is a floor. `floorCauses` says why, one cause each.
   */
  readonly countIsFloor: boolean;
  readonly floorCauses: readonly ReportFloorCause[];
  /** Host directory variables applied (--host-env, the home's session files, this process's env). */
  readonly hostEnv: readonly HostEnvApplied[];
  readonly probed: boolean;
  readonly entries: readonly ReportEntry[];
  /** Findings not tied to one entry (unparseable files, duplicate keys, home mismatch …). */
  readonly findings: readonly ReportFinding[];
  readonly coverage: Coverage;
  readonly locations: readonly LocationStatus[];
  /** True when the run hit an operational error and the report is incomplete. */
  readonly partial: boolean;
  /** Present when the run compared against --baseline. */
  readonly baseline?: BaselineSummary;
  /** Present only when asked for (--timestamp): reports are deterministic by default. */
  readonly generatedAt?: string;
}

export interface ReportContext {
  readonly rules: readonly RuleMeta[];
  readonly version: string;
  readonly color: boolean;
  /** Root that fingerprints and SARIF URIs are relative to. */
  readonly home: string;
  /** This machine's name (ndjson records); never read by a reporter itself. */
  readonly machine?: string;
  /**
   * The git checkout the audited root lies in (`check`, or `--root` inside a repository): SARIF
   * locations inside it are relative to `%SRCROOT%`; files outside it get no location.
   */
  readonly repoRoot?: string;
  /** The terminal's columns, when stdout is one: text tables fit it (80 at least; report/layout.ts). */
  readonly width?: number;
}

export interface Reporter {
  readonly id: string;
  readonly description: string;
  render(report: AuditReport, ctx: ReportContext): string;
  /** The same text as `render`, in pieces, for a reporter whose output can be large (json). */
  chunks?(report: AuditReport, ctx: ReportContext): Iterable<string | Uint8Array>;
}
