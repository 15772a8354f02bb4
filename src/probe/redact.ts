/** Keeping secrets out of probe details and stderr tails. */
import { maskTokenShapes } from '../shared/secrets.js';

/** Values shorter than this are not redacted: they are flags (`1`, `true`), and masking them mangles text. */
const MIN_SECRET_LENGTH = 6;

/**
 * A function that replaces every occurrence of any of `secrets` (the entry's env or header values)
 * with `***`, and every well-known token shape too: a server's stderr can echo credentials from
 * the host environment, whose values are not in `secrets`.
 */
export function redactor(secrets: Iterable<string | null | undefined>): (text: string) => string {
  const values = [...new Set([...secrets].filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_LENGTH))]
    .sort((a, b) => b.length - a.length);
  return (text) => maskTokenShapes(values.reduce((acc, value) => acc.split(value).join('***'), text));
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
