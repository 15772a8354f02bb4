/**
 * The MCP conversation a probe holds, independent of transport: initialize, notifications/initialized,
 * every page of tools/list, then prompts/list when declared. Results are kept as raw JSON text.
 */
import { topLevelMembers } from './raw-json.js';
import { ProbeAbort, type ProbeLimits, type ServerInfo, type SessionResult } from './types.js';

export type { SessionResult } from './types.js';

/** The protocol version the probe asks for; the server may answer with another one it supports. */
export const PROBE_PROTOCOL_VERSION = '2025-11-25';
export const KNOWN_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** A JSON-RPC message as received: its exact text and its parsed top level. */
export interface RawMessage {
  readonly text: string;
  readonly value: Readonly<Record<string, unknown>>;
}

export interface RpcChannel {
  /** Sends a request; resolves with the matching response. Rejects with a ProbeAbort. */
  request(method: string, params: Readonly<Record<string, unknown>>): Promise<RawMessage>;
  notify(method: string, params?: Readonly<Record<string, unknown>>): Promise<void>;
}


export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Server-supplied text in a detail: one line, bounded. */
export function clip(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** The answer to a request the server sends us: `ping` is answered, everything else is not supported. */
export function replyTo(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const id = request['id'];
  if (request['method'] === 'ping') return { jsonrpc: '2.0', id, result: {} };
  return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
}

type Answer =
  | { readonly kind: 'result'; readonly raw: string; readonly value: Readonly<Record<string, unknown>> }
  | { readonly kind: 'error'; readonly code: number | undefined; readonly message: string };

function answerOf(method: string, message: RawMessage): Answer {
  const error = message.value['error'];
  if (isRecord(error)) {
    const code = typeof error['code'] === 'number' ? error['code'] : undefined;
    const text = typeof error['message'] === 'string' ? clip(error['message']) : '';
    return { kind: 'error', code, message: text };
  }
  const result = message.value['result'];
  const raw = topLevelMembers(message.text)?.get('result');
  if (!isRecord(result) || raw === undefined) {
    throw new ProbeAbort('protocol-error', `${method}: the response has neither an object result nor an error`);
  }
  return { kind: 'result', raw, value: result };
}

function describe(answer: { readonly code: number | undefined; readonly message: string }): string {
  return `error ${answer.code ?? '?'}${answer.message === '' ? '' : `: ${answer.message}`}`;
}

function serverInfoOf(value: unknown): ServerInfo | undefined {
  if (!isRecord(value)) return undefined;
  const { name, version, title } = value;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof version === 'string' ? { version } : {}),
    ...(typeof title === 'string' ? { title } : {}),
  };
}

async function listAll(
  channel: RpcChannel, method: 'tools/list' | 'prompts/list', key: 'tools' | 'prompts',
  limits: ProbeLimits, deviations: string[],
): Promise<{ readonly pages: string[]; readonly error?: string }> {
  const pages: string[] = [];
  let cursor: string | undefined;
  let items = 0;
  for (;;) {
    if (pages.length >= limits.maxPages) {
      throw new ProbeAbort('too-many-pages', `${method} still returned a nextCursor after ${limits.maxPages} pages`);
    }
    const answer = answerOf(method, await channel.request(method, cursor === undefined ? {} : { cursor }));
    if (answer.kind === 'error') return { pages, error: describe(answer) };
    pages.push(answer.raw);
    const list = answer.value[key];
    items += Array.isArray(list) ? list.length : 0;
    if (key === 'tools' && items > limits.maxTools) {
      throw new ProbeAbort('too-many-tools', `${method} returned more than ${limits.maxTools} tools (${items} so far)`);
    }
    const next = answer.value['nextCursor'];
    if (next === undefined || next === null) return { pages };
    if (typeof next !== 'string' || next === '') {
      deviations.push(`${method} page ${pages.length}: nextCursor is ${next === '' ? 'an empty string' : 'not a string'}; listing stopped there`);
      return { pages };
    }
    cursor = next;
  }
}

export async function runSession(
  channel: RpcChannel, limits: ProbeLimits, clientInfo: { readonly name: string; readonly version: string },
): Promise<SessionResult> {
  const deviations: string[] = [];
  const init = answerOf('initialize', await channel.request('initialize', {
    protocolVersion: PROBE_PROTOCOL_VERSION, capabilities: {}, clientInfo,
  }));
  if (init.kind === 'error') throw new ProbeAbort('protocol-error', `initialize failed: ${describe(init)}`);
  const protocolVersion = init.value['protocolVersion'];
  if (typeof protocolVersion !== 'string') {
    throw new ProbeAbort('protocol-error', 'initialize: the result has no protocolVersion string');
  }
  if (!KNOWN_PROTOCOL_VERSIONS.includes(protocolVersion)) {
    deviations.push(`initialize: unknown protocolVersion ${JSON.stringify(clip(protocolVersion, 40))}`);
  }
  const capabilities = isRecord(init.value['capabilities']) ? init.value['capabilities'] : {};
  await channel.notify('notifications/initialized');

  const tools = await listAll(channel, 'tools/list', 'tools', limits, deviations);
  if (tools.error !== undefined) {
    if (capabilities['tools'] !== undefined) throw new ProbeAbort('protocol-error', `tools/list failed: ${tools.error}`);
    deviations.push(`tools/list failed (${tools.error}); the server declares no tools capability`);
  } else if (capabilities['tools'] === undefined) {
    deviations.push('tools/list answered, but the server declares no tools capability');
  }

  let promptsRaw: readonly string[] = [];
  if (capabilities['prompts'] !== undefined) {
    const prompts = await listAll(channel, 'prompts/list', 'prompts', limits, deviations);
    if (prompts.error !== undefined) deviations.push(`prompts/list failed although declared: ${prompts.error}`);
    else promptsRaw = prompts.pages;
  }

  const serverInfo = serverInfoOf(init.value['serverInfo']);
  const instructions = init.value['instructions'];
  return {
    protocolVersion,
    ...(serverInfo !== undefined ? { serverInfo } : {}),
    ...(typeof instructions === 'string' ? { instructions } : {}),
    initializeRaw: init.raw,
    toolsRaw: tools.error === undefined ? tools.pages : [],
    promptsRaw,
    deviations,
  };
}
