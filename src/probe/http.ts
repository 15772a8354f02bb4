/**
 * Probe a URL entry: Streamable HTTP first; when the initialize POST is refused with 400, 404 or
 * 405, the legacy HTTP+SSE transport (GET an event stream, POST to the endpoint it names).
 * The entry's headers go on every request and never into a detail; redirects are not followed
 * (they could carry the headers elsewhere); only the origin and path of a URL are ever shown.
 */
import { ByteBudget, readCappedText, sseEvents, type SseEvent } from './http-body.js';
import { displayUrl, redactErrorMessage, redactor } from './redact.js';
import { clip, isRecord, replyTo, runSession, type RawMessage, type RpcChannel, type SessionResult } from './session.js';
import {
  ProbeAbort, type ProbeCapture, type ProbeFailure, type ProbeFailureReason, type ProbeLimits, type ProbeTransport, type UrlTarget,
} from './types.js';
import { parseJsonValue } from '../parse/json-value.js';

export interface HttpContext {
  readonly clientInfo: { readonly name: string; readonly version: string };
}

/** The initialize POST was refused in a way that means "not Streamable HTTP": try legacy SSE. */
class NotStreamable extends Error {
  constructor(readonly status: number) {
    super(`initialize POST answered HTTP ${status}`);
  }
}

interface Shared {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly limits: ProbeLimits;
  readonly signal: AbortSignal;
  readonly budget: ByteBudget;
  unsolicited: number;
}

function parseMessage(text: string): RawMessage {
  let value: unknown;
  try {
    value = parseJsonValue(text);
  } catch {
    throw new ProbeAbort('non-json', 'the server sent a message that is not JSON');
  }
  if (!isRecord(value)) throw new ProbeAbort('protocol-error', 'the server sent a message that is not a JSON object');
  return { text, value };
}

function countUnsolicited(shared: Shared): void {
  if (++shared.unsolicited > shared.limits.maxUnsolicited) {
    throw new ProbeAbort('flood', `more than ${shared.limits.maxUnsolicited} messages that answer nothing`);
  }
}

async function post(shared: Shared, target: string, message: unknown, extra: Readonly<Record<string, string>>): Promise<Response> {
  return fetch(target, {
    method: 'POST',
    redirect: 'manual',
    signal: shared.signal,
    headers: { ...shared.headers, ...extra, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
}

function httpError(method: string, response: Response, what = 'POST'): ProbeAbort {
  const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
  return new ProbeAbort('http-error', `${what} for ${method} answered HTTP ${response.status}${redirect}`);
}

function streamableChannel(shared: Shared): RpcChannel & { close(): Promise<void> } {
  let nextId = 1;
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  const extra = (): Record<string, string> => ({
    ...(sessionId !== undefined ? { 'mcp-session-id': sessionId } : {}),
    ...(protocolVersion !== undefined ? { 'mcp-protocol-version': protocolVersion } : {}),
  });
  const answerServer = (message: RawMessage): void => {
    void post(shared, shared.url, replyTo(message.value), extra()).then((r) => r.body?.cancel()).catch(() => undefined);
  };
  return {
    async request(method, params) {
      const id = nextId++;
      const response = await post(shared, shared.url, { jsonrpc: '2.0', id, method, params }, extra());
      if (method === 'initialize' && [400, 404, 405].includes(response.status)) {
        await response.body?.cancel();
        throw new NotStreamable(response.status);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw httpError(method, response);
      }
      if (method === 'initialize') sessionId = response.headers.get('mcp-session-id') ?? undefined;
      const type = response.headers.get('content-type') ?? '';
      let answer: RawMessage | undefined;
      if (type.includes('text/event-stream') && response.body !== null) {
        for await (const event of sseEvents(response.body, shared.limits, shared.budget)) {
          const message = parseMessage(event.data);
          if (message.value['id'] === id && typeof message.value['method'] !== 'string') { answer = message; break; }
          if (typeof message.value['method'] === 'string' && message.value['id'] !== undefined) answerServer(message);
          countUnsolicited(shared);
        }
      } else if (type.includes('application/json')) {
        answer = parseMessage(await readCappedText(response.body, shared.limits, shared.budget));
        if (answer.value['id'] !== id) throw new ProbeAbort('protocol-error', `the response to ${method} carries another id`);
      } else {
        await response.body?.cancel();
        throw new ProbeAbort('protocol-error', `${method} answered with content-type ${JSON.stringify(clip(type, 60))}`);
      }
      if (answer === undefined) throw new ProbeAbort('protocol-error', `the event stream for ${method} ended without a response`);
      const negotiated = isRecord(answer.value['result']) ? answer.value['result']['protocolVersion'] : undefined;
      if (method === 'initialize' && typeof negotiated === 'string') protocolVersion = negotiated;
      return answer;
    },
    async notify(method, params) {
      const response = await post(shared, shared.url, { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) }, extra());
      await response.body?.cancel();
      if (!response.ok) throw httpError(method, response);
    },
    async close() {
      if (sessionId === undefined) return;
      await fetch(shared.url, { method: 'DELETE', redirect: 'manual', headers: { ...shared.headers, ...extra() }, signal: AbortSignal.any([shared.signal, AbortSignal.timeout(1_000)]) })
        .then((r) => r.body?.cancel()).catch(() => undefined);
    },
  };
}

async function sseChannel(shared: Shared): Promise<RpcChannel & { close(): Promise<void> }> {
  const closing = new AbortController();
  const stream = await fetch(shared.url, {
    method: 'GET', redirect: 'manual', signal: AbortSignal.any([shared.signal, closing.signal]), headers: { ...shared.headers, accept: 'text/event-stream' },
  });
  if (!stream.ok || stream.body === null) {
    await stream.body?.cancel();
    throw httpError('the SSE stream', stream, 'GET');
  }
  const events: AsyncGenerator<SseEvent, void, undefined> = sseEvents(stream.body, shared.limits, shared.budget);
  const first = await events.next();
  if (first.done === true || first.value.event !== 'endpoint') {
    throw new ProbeAbort('protocol-error', 'the SSE stream did not start with an endpoint event');
  }
  const endpoint = new URL(first.value.data, shared.url);
  if (endpoint.origin !== new URL(shared.url).origin) {
    throw new ProbeAbort('protocol-error', 'the SSE endpoint event names another origin; the entry\'s headers are not sent there');
  }
  const pending = new Map<number, { resolve: (m: RawMessage) => void; reject: (e: unknown) => void }>();
  let failure: unknown;
  const failAll = (error: unknown): void => {
    failure ??= error;
    for (const entry of pending.values()) entry.reject(failure);
    pending.clear();
  };
  void (async () => {
    for await (const event of events) {
      if (event.event !== 'message') continue;
      const message = parseMessage(event.data);
      const id = message.value['id'];
      const entry = typeof id === 'number' && typeof message.value['method'] !== 'string' ? pending.get(id) : undefined;
      if (entry !== undefined && typeof id === 'number') { pending.delete(id); entry.resolve(message); continue; }
      if (typeof message.value['method'] === 'string' && id !== undefined) {
        void post(shared, endpoint.href, replyTo(message.value), {}).then((r) => r.body?.cancel()).catch(() => undefined);
      }
      countUnsolicited(shared);
    }
    throw new ProbeAbort('protocol-error', 'the SSE stream closed before the probe finished');
  })().catch(failAll);

  let nextId = 1;
  const send = async (method: string, message: Readonly<Record<string, unknown>>): Promise<void> => {
    const response = await post(shared, endpoint.href, message, {});
    await response.body?.cancel();
    if (!response.ok) throw httpError(method, response);
  };
  return {
    async request(method, params) {
      if (failure !== undefined) throw failure;
      const id = nextId++;
      const answer = new Promise<RawMessage>((resolve, reject) => pending.set(id, { resolve, reject }));
      try {
        await send(method, { jsonrpc: '2.0', id, method, params });
      } catch (e: unknown) {
        // Nobody will await `answer` now: drop it, or a later failAll() would reject it unhandled
        // and take the whole CLI down (exit 1, no report).
        pending.delete(id);
        answer.catch(() => undefined);
        throw e;
      }
      return answer;
    },
    notify: (method, params) => send(method, { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) }),
    close() {
      closing.abort();
      return Promise.resolve();
    },
  };
}

async function converse(
  open: () => Promise<RpcChannel & { close(): Promise<void> }>, shared: Shared, context: HttpContext,
  redact: (text: string) => string,
): Promise<SessionResult> {
  const channel = await open();
  // An error message ends up clipped in a detail: redact it whole first.
  const shown: RpcChannel = {
    request: async (method, params) => redactErrorMessage(await channel.request(method, params), redact),
    notify: (method, params) => channel.notify(method, params),
  };
  try {
    return await runSession(shown, shared.limits, context.clientInfo);
  } finally {
    await channel.close();
  }
}

function failure(reason: ProbeFailureReason, detail: string, elapsedMs: number): ProbeFailure {
  return { ok: false, reason, detail, stderrTail: '', elapsedMs };
}

export async function probeHttp(target: UrlTarget, limits: ProbeLimits, context: HttpContext): Promise<ProbeCapture> {
  const started = performance.now();
  const elapsedMs = (): number => Math.round(performance.now() - started);
  const shown = displayUrl(target.url);
  const redactHeaders = redactor(Object.values(target.headers ?? {}));
  // Never show the URL as written (query strings and userinfo carry tokens), nor a header value.
  const redact = (text: string): string => redactHeaders(text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => displayUrl(url)));
  const protocol = URL.canParse(target.url) ? new URL(target.url).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:') {
    return failure('http-error', `not an http(s) URL: ${shown}`, elapsedMs());
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  const shared: Shared = {
    url: target.url, headers: target.headers ?? {}, limits, signal: deadline.signal, budget: new ByteBudget(limits), unsolicited: 0,
  };
  const state: { transport: ProbeTransport; refused?: number } = { transport: 'streamable-http' };
  try {
    let session: SessionResult;
    try {
      session = await converse(async () => streamableChannel(shared), shared, context, redact);
    } catch (error) {
      if (!(error instanceof NotStreamable)) throw error;
      state.transport = 'sse';
      state.refused = error.status;
      session = await converse(() => sseChannel(shared), shared, context, redact);
    }
    return {
      ok: true, transport: state.transport, protocolVersion: session.protocolVersion,
      ...(session.serverInfo !== undefined ? { serverInfo: session.serverInfo } : {}),
      ...(session.instructions !== undefined ? { instructions: session.instructions } : {}),
      initializeRaw: session.initializeRaw, toolsRaw: session.toolsRaw, promptsRaw: session.promptsRaw,
      deviations: session.deviations, elapsedMs: elapsedMs(),
    };
  } catch (error) {
    const fallback = state.refused !== undefined ? `, after the Streamable HTTP initialize POST answered HTTP ${state.refused}` : '';
    const where = `${state.transport === 'sse' ? 'legacy SSE' : 'Streamable HTTP'} ${shown}${fallback}`;
    if (deadline.signal.aborted) return failure('timeout', `no complete answer within ${limits.timeoutMs} ms from ${where}`, elapsedMs());
    if (error instanceof ProbeAbort) return failure(error.reason, redact(`${error.detail} (${where})`), elapsedMs());
    const cause = error instanceof Error && isRecord(error.cause) && typeof error.cause['code'] === 'string' ? error.cause['code'] : undefined;
    const text = error instanceof Error ? error.message : String(error);
    return failure('http-error', `${where}: ${cause ?? clip(redact(text), 160)}`, elapsedMs());
  } finally {
    clearTimeout(timer);
    deadline.abort();
  }
}
