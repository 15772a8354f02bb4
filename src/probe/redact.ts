/** Keeping secrets out of probe details and stderr tails. */
import { StringDecoder } from 'node:string_decoder';
import { maskTokenShapes, REDACTED } from '../shared/redact.js';
import type { RawMessage } from './session.js';

/**
 * Values shorter than this are not redacted, by design: they are flags (`1`, `true`), and masking
 * every `on` or `yes` mangles the text while hiding nothing worth hiding.
 */
const MIN_SECRET_LENGTH = 6;

/**
 * Every form a secret value may take in probe text: as given, JSON-escaped (a server echoing it in a
 * JSON string, or a detail quoting a line), with its whitespace collapsed (as `clip` shows it), and
 * without a `Bearer `/`Basic ` scheme (a server echoing only the token). Each part at least
 * MIN_SECRET_LENGTH long.
 */
export function secretForms(values: Iterable<string | null | undefined>): string[] {
  const forms = new Set<string>();
  const add = (form: string): void => {
    if (form.length < MIN_SECRET_LENGTH) return;
    forms.add(form);
    forms.add(JSON.stringify(form).slice(1, -1));
    forms.add(JSON.stringify(JSON.stringify(form).slice(1, -1)).slice(1, -1));
  };
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const form of [value, value.trim(), value.replace(/\s+/g, ' ').trim()]) {
      add(form);
      const scheme = /^(?:bearer|basic|token)\s+(.+)$/is.exec(form);
      if (scheme !== null) add((scheme[1] ?? '').trim());
    }
  }
  return [...forms];
}

/**
 * A function that replaces every occurrence of any of `secrets` (the entry's env or header values,
 * the secret-looking values of its args) in each form `secretForms` lists with the one mask (shared/redact.ts), and every
 * well-known token shape too: a server's stderr can echo credentials from the host environment,
 * whose values are not in `secrets`. Redact full text, before clipping, quoting or collapsing it.
 */
export function redactor(secrets: Iterable<string | null | undefined>): Redactor {
  const values = secretForms(secrets).sort((a, b) => b.length - a.length);
  const redact = (text: string): string => maskTokenShapes(values.reduce((acc, value) => acc.split(value).join(REDACTED), text));
  return Object.assign(redact, { longest: values[0]?.length ?? 0, values });
}

export interface Redactor {
  (text: string): string;
  /** The longest secret form, in characters. */
  readonly longest: number;
  readonly values: readonly string[];
}

/** `message` with its JSON-RPC error message redacted whole (a detail shows it clipped); the raw text is kept. */
export function redactErrorMessage(message: RawMessage, redact: (text: string) => string): RawMessage {
  const error = message.value['error'];
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return message;
  const text: unknown = Reflect.get(error, 'message');
  if (typeof text !== 'string') return message;
  return { text: message.text, value: { ...message.value, error: { ...error, message: redact(text) } } };
}

/** A URL as it may be shown: origin and path only (query strings and userinfo carry tokens). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** The last `maxBytes` bytes written to a stream. */
export class TailBuffer {
  private buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.maxBytes) {
      this.buffer = Buffer.from(chunk.subarray(chunk.length - this.maxBytes));
      return;
    }
    const joined = Buffer.concat([this.buffer, chunk]);
    this.buffer = joined.length > this.maxBytes ? joined.subarray(joined.length - this.maxBytes) : joined;
  }

  /** Decoded text; a multi-byte character cut at the start is dropped. */
  text(): string {
    return this.buffer.toString('utf8').replace(/^\uFFFD+/, '');
  }
}

/**
 * The last `maxBytes` bytes of a stream, redacted as it arrives: text is redacted whole, then
 * clipped, so a secret cut by the tail's start cannot leave its end behind. Text is held back
 * until a newline (token shapes do not span lines) or until more than a secret's length is
 * pending, and never cut inside an occurrence of a secret.
 */
export class RedactedTail {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private shown = '';

  constructor(private readonly maxBytes: number, private readonly redact: Redactor) {}

  push(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    const hold = Math.max(this.redact.longest, 256);
    // A line ending at least `hold` characters back: every secret that starts before it is complete.
    const limit = this.pending.length - hold;
    if (limit <= 0) return;
    let cut = this.pending.lastIndexOf('\n', limit - 1) + 1;
    if (cut === 0 && this.pending.length > this.maxBytes + hold) cut = limit;
    if (cut === 0) return;
    cut = this.safeCut(cut);
    this.emit(this.pending.slice(0, cut));
    this.pending = this.pending.slice(cut);
  }

  /** Redacted text, the last `maxBytes` bytes of it; a multi-byte character cut at the start is dropped. */
  text(): string {
    const rest = this.pending + this.decoder.end();
    const all = this.shown + this.redact(rest);
    const bytes = Buffer.from(all, 'utf8');
    return bytes.subarray(Math.max(0, bytes.length - this.maxBytes)).toString('utf8').replace(/^\uFFFD+/, '');
  }

  /** `cut`, moved past any secret occurrence that straddles it. */
  private safeCut(cut: number): number {
    let moved = cut;
    for (let again = true; again;) {
      again = false;
      for (const value of this.redact.values) {
        for (let at = this.pending.indexOf(value, Math.max(0, moved - value.length + 1)); at !== -1 && at < moved; at = this.pending.indexOf(value, at + 1)) {
          if (at + value.length > moved) { moved = at + value.length; again = true; }
        }
      }
    }
    return moved;
  }

  private emit(raw: string): void {
    const next = this.shown + this.redact(raw);
    // Keep a little more than needed (chars, not bytes); text() clips exactly.
    this.shown = next.length > this.maxBytes * 2 ? next.slice(next.length - this.maxBytes * 2) : next;
  }
}
