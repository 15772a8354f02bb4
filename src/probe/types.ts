import type { RunAs } from './run-as.js';
/**
 * The live probe's data model: what is launched (a stdio command or a URL), the limits it runs
 * under, and what comes back. A probe never throws for a misbehaving server: every way a server can
 * fail is a `ProbeFailure` with a reason, a detail (never an env or header value) and the stderr tail.
 */

export type ProbeFailureReason =
  | 'timeout'
  | 'crash'
  | 'non-json'
  | 'flood'
  | 'too-many-tools'
  | 'too-many-pages'
  | 'message-too-large'
  | 'spawn-failed'
  | 'protocol-error'
  | 'http-error';

export type ProbeTransport = 'stdio' | 'streamable-http' | 'sse';

export interface ServerInfo {
  readonly name?: string;
  readonly version?: string;
  readonly title?: string;
}

/** What one MCP session captured: the handshake and every list page, as raw text. */
export interface SessionResult {
  /** The protocol version the server answered with. */
  readonly protocolVersion: string;
  readonly serverInfo?: ServerInfo;
  readonly instructions?: string;
  /** Raw JSON text of the `initialize` result. */
  readonly initializeRaw: string;
  /** Raw JSON text of the `result` of each `tools/list` page, byte-for-byte as the server sent it. */
  readonly toolsRaw: readonly string[];
  /** Raw JSON text of the `result` of each `prompts/list` page (empty when prompts are not declared). */
  readonly promptsRaw: readonly string[];
  /** Spec deviations: results the SDK's schemas reject, undeclared capabilities answered, … */
  readonly deviations: readonly string[];
}

export interface ProbeSuccess extends SessionResult {
  readonly ok: true;
  readonly transport: ProbeTransport;
  readonly elapsedMs: number;
}

export interface ProbeFailure {
  readonly ok: false;
  readonly reason: ProbeFailureReason;
  readonly detail: string;
  /** Last bytes of the server's stderr (stdio only), with the entry's env values redacted. */
  readonly stderrTail: string;
  readonly elapsedMs: number;
}

export type ProbeCapture = ProbeSuccess | ProbeFailure;

/** A stdio server as the host would launch it. */
export interface StdioTarget {
  readonly kind: 'stdio';
  readonly program: string;
  readonly args: readonly string[];
  /** The entry's env, merged onto the host environment; `null` removes a variable. NEVER printed. */
  readonly env?: Readonly<Record<string, string | null>>;
  readonly cwd?: string;
}

/** A remote server: Streamable HTTP, falling back to the legacy HTTP+SSE transport. */
export interface UrlTarget {
  readonly kind: 'url';
  readonly url: string;
  /** Sent with every request. NEVER printed. */
  readonly headers?: Readonly<Record<string, string>>;
}

export type ProbeTarget = StdioTarget | UrlTarget;

export interface ProbeLimits {
  /** Covers spawn, initialize and every page of tools/list and prompts/list. */
  readonly timeoutMs: number;
  /** After SIGTERM to the process group, how long before SIGKILL. */
  readonly graceMs: number;
  readonly maxMessageBytes: number;
  /** All bytes read from the server, before it counts as a flood. */
  readonly maxTotalBytes: number;
  /** Messages that answer nothing we asked (notifications, stray responses), before it counts as a flood. */
  readonly maxUnsolicited: number;
  readonly maxPages: number;
  readonly maxTools: number;
  readonly stderrTailBytes: number;
}

export const MIB = 1024 * 1024;

/** Servers probed at once unless --jobs says otherwise. */
export const DEFAULT_JOBS = 4;

export const DEFAULT_LIMITS: ProbeLimits = {
  timeoutMs: 20_000,
  graceMs: 1_000,
  maxMessageBytes: 16 * MIB,
  maxTotalBytes: 64 * MIB,
  maxUnsolicited: 10_000,
  maxPages: 100,
  maxTools: 5_000,
  stderrTailBytes: 2_048,
};

export interface ProbeOptions extends Partial<ProbeLimits> {
  /** The host environment the entry's env is merged onto (Env.vars). Defaults to an empty environment. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Run stdio servers as this account (uid, gid, its clean environment instead of hostEnv): run-as.ts. */
  readonly runAs?: RunAs;
}

export function limitsOf(options: ProbeOptions): ProbeLimits {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    graceMs: options.graceMs ?? DEFAULT_LIMITS.graceMs,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_LIMITS.maxMessageBytes,
    maxTotalBytes: options.maxTotalBytes ?? DEFAULT_LIMITS.maxTotalBytes,
    maxUnsolicited: options.maxUnsolicited ?? DEFAULT_LIMITS.maxUnsolicited,
    maxPages: options.maxPages ?? DEFAULT_LIMITS.maxPages,
    maxTools: options.maxTools ?? DEFAULT_LIMITS.maxTools,
    stderrTailBytes: options.stderrTailBytes ?? DEFAULT_LIMITS.stderrTailBytes,
  };
}

/** Internal control flow: a transport aborts the session with one of these; `probe` turns it into data. */
export class ProbeAbort extends Error {
  constructor(readonly reason: ProbeFailureReason, readonly detail: string) {
    super(`${reason}: ${detail}`);
    this.name = new.target.name;
  }
}
