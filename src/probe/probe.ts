/**
 * The probe's entry points: one server, or many with a bounded number in flight. Opt-in and
 * time-boxed; a misbehaving server becomes a `ProbeFailure`, never an exception.
 */
import { runPool } from './pool.js';
import { probeStdio } from './stdio.js';
import { limitsOf, type ProbeCapture, type ProbeOptions, type ProbeTarget } from './types.js';
import { schemaDeviations } from './validate.js';

export { DEFAULT_JOBS } from './types.js';
import { DEFAULT_JOBS } from './types.js';
const CLIENT_INFO = { name: 'mcp-audit-probe', version: '0.1.0' } as const;

export async function probe(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeCapture> {
  const limits = limitsOf(options);
  const clientInfo = options.clientInfo ?? CLIENT_INFO;
  const capture = target.kind === 'stdio'
    ? await probeStdio(target, limits, { hostEnv: options.hostEnv ?? {}, clientInfo, ...(options.runAs !== undefined ? { runAs: options.runAs } : {}) })
    : await (await import('./http.js')).probeHttp(target, limits, { clientInfo });
  if (!capture.ok) return capture;
  const schema = await schemaDeviations(capture);
  return schema.length === 0 ? capture : { ...capture, deviations: [...capture.deviations, ...schema] };
}

export interface ProbeAllOptions extends ProbeOptions {
  /** Probes in flight at once (default 4). */
  readonly jobs?: number;
}

/** Probe every target, at most `jobs` at a time; results in input order. */
export function probeAll(targets: readonly ProbeTarget[], options: ProbeAllOptions = {}): Promise<ProbeCapture[]> {
  return runPool(targets, options.jobs ?? DEFAULT_JOBS, (target) => probe(target, options));
}
