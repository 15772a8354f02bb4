/**
 * Recognition over a proxy registry that cannot fail open: a recognizer that throws is recorded
 * (and becomes a `recognizer-failed` finding naming it), never read as "no proxy here".
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { PROXIES } from '../proxies/index.js';
import type { Proxy, Recognition } from '../proxies/types.js';
import { recognizerFailed } from '../rules/recognizer-failed.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { toError } from '../shared/errors.js';

export interface Recognized {
  /** The first proxy (registry order) that recognises the chain, if any. */
  readonly found?: { readonly rec: Recognition; readonly by: Proxy };
  /** One finding per recognizer that threw. */
  readonly failures: readonly Finding[];
}

/** The error's class and message, never its stack; capped so a hostile value cannot flood the report. */
function describe(e: unknown): string {
  const err = toError(e);
  const text = `${err.name}: ${err.message}`.replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

export function recognizeAll(chain: LaunchChain, entry: ServerEntry, proxies: readonly Proxy[] = PROXIES): Recognized {
  const failures: Finding[] = [];
  for (const by of proxies) {
    let rec: Recognition | undefined;
    try {
      rec = by.recognize(chain, entry);
    } catch (e: unknown) {
      failures.push(finding(recognizerFailed, { server: entry.name, recognizer: by.id, error: describe(e) }));
      continue;
    }
    if (rec !== undefined) return { found: { rec, by }, failures };
  }
  return { failures };
}

/** The first proxy that recognises the chain (the old single-answer form, for callers outside grading). */
export function recognize(chain: LaunchChain, entry: ServerEntry, proxies: readonly Proxy[] = PROXIES):
  { rec: Recognition; by: Proxy } | undefined {
  return recognizeAll(chain, entry, proxies).found;
}
