/**
 * Reading HTTP bodies under the probe's caps: a whole JSON body, or a `text/event-stream` as a
 * sequence of events, each bounded by `maxMessageBytes`, with a running total for flood detection.
 */
import { LineFramer } from './line-framer.js';
import { ProbeAbort, type ProbeLimits } from './types.js';

export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Shared across one probe: every byte read from the server counts toward `maxTotalBytes`. */
export class ByteBudget {
  private total = 0;

  constructor(private readonly limits: ProbeLimits) {}

  spend(bytes: number): void {
    this.total += bytes;
    if (this.total > this.limits.maxTotalBytes) {
      throw new ProbeAbort('flood', `more than ${this.limits.maxTotalBytes} bytes received from the server`);
    }
  }
}

function tooLarge(limits: ProbeLimits): ProbeAbort {
  return new ProbeAbort('message-too-large', `a message exceeded ${limits.maxMessageBytes} bytes`);
}

export async function readCappedText(
  body: ReadableStream<Uint8Array> | null, limits: ProbeLimits, budget: ByteBudget,
): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      budget.spend(value.byteLength);
      size += value.byteLength;
      if (size > limits.maxMessageBytes) throw tooLarge(limits);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
    if (size > limits.maxMessageBytes) await body.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Server-sent events from a body, per the WHATWG event-stream format (lines ending in `\n` or `\r\n`). */
export async function* sseEvents(
  body: ReadableStream<Uint8Array>, limits: ProbeLimits, budget: ByteBudget,
): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const lines: string[] = [];
  let oversized = false;
  const framer = new LineFramer(limits.maxMessageBytes, (line) => { lines.push(line); return 'continue'; }, () => { oversized = true; });
  let event = '';
  let data: string[] = [];
  let dataSize = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      budget.spend(value.byteLength);
      framer.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      if (oversized) throw tooLarge(limits);
      for (const line of lines.splice(0)) {
        if (line === '') {
          if (data.length > 0) yield { event: event === '' ? 'message' : event, data: data.join('\n') };
          event = '';
          data = [];
          dataSize = 0;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const raw = colon === -1 ? '' : line.slice(colon + 1);
        const text = raw.startsWith(' ') ? raw.slice(1) : raw;
        if (field === 'event') event = text;
        else if (field === 'data') {
          dataSize += text.length + 1;
          if (dataSize > limits.maxMessageBytes) throw tooLarge(limits);
          data.push(text);
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
