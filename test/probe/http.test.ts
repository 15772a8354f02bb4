import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { launchGroup, type LaunchedGroup } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import type { ProbeCapture, ProbeFailure, ProbeSuccess } from '../../src/probe/types.js';
import { fixture } from './support.js';

const TOKEN = 'fixture-bearer-0123456789';
const OPTIONS = { timeoutMs: 3_000, graceMs: 300 };
const groups: LaunchedGroup[] = [];
const servers: Server[] = [];
after(async () => {
  await Promise.all(groups.map((group) => group.stop({ graceful: true, graceMs: 300 })));
  for (const server of servers) { server.closeAllConnections(); server.close(); }
});

/** The SDK-based HTTP fixture in its own process; resolves with its base URL once it listens. */
async function httpFixture(...args: string[]): Promise<string> {
  const target = fixture('http.js', ...args);
  const group = launchGroup({ program: target.program, args: target.args, env: { FIXTURE_TOKEN: TOKEN } });
  groups.push(group);
  const events: unknown[] = await once(group.child.stdout, 'data');
  const chunk = events[0];
  const port: unknown = JSON.parse(String(chunk));
  assert.ok(typeof port === 'object' && port !== null && 'port' in port && typeof port.port === 'number');
  return `http://127.0.0.1:${port.port}`;
}

/** An in-process server answering each JSON-RPC request with `answer(method)`: raw result text, or a custom reply. */
async function rawServer(answer: (method: string) => string | ((res: ServerResponse) => void)): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    let body = '';
    req.on('data', (d: Buffer) => { body += String(d); });
    req.on('end', () => {
      const message: unknown = body === '' ? {} : JSON.parse(body);
      const method = typeof message === 'object' && message !== null && 'method' in message ? String(message.method) : req.method ?? '';
      const id = typeof message === 'object' && message !== null && 'id' in message ? JSON.stringify(message.id) : undefined;
      const reply = answer(method);
      if (typeof reply === 'function') { reply(res); return; }
      if (id === undefined) { res.writeHead(202).end(); return; }
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc": "2.0", "id": ${id}, "result": ${reply}}`);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(typeof address === 'object' && address !== null);
  return { url: `http://127.0.0.1:${address.port}/mcp`, hits: () => hits };
}

function success(capture: ProbeCapture): ProbeSuccess {
  if (!capture.ok) assert.fail(`probe failed: ${capture.reason}: ${capture.detail}`);
  return capture;
}

function failure(capture: ProbeCapture): ProbeFailure {
  if (capture.ok) assert.fail('probe unexpectedly succeeded');
  return capture;
}

const AUTH = { authorization: `Bearer ${TOKEN}` };
const INIT = '{"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "raw", "version": "1"}}';

describe('probe over HTTP', () => {
  for (const [label, args, path, transport] of [
    ['Streamable HTTP with SSE responses', [], '/mcp', 'streamable-http'],
    ['Streamable HTTP with JSON responses', ['--json'], '/mcp', 'streamable-http'],
    ['legacy SSE, reached by fallback', ['--sse'], '/sse', 'sse'],
  ] as const) {
    it(`captures tools and prompts over ${label}`, async () => {
      const capture = success(await probe({ kind: 'url', url: `${await httpFixture(...args)}${path}`, headers: AUTH }, OPTIONS));
      assert.equal(capture.transport, transport);
      assert.equal(capture.toolsRaw.length, 1);
      assert.equal((capture.toolsRaw[0]?.match(/"inputSchema"/g) ?? []).length, 3);
      assert.match(capture.promptsRaw[0] ?? '', /"daily-briefing"/);
      assert.equal(capture.instructions, 'Use the weather tool for forecasts.');
      assert.deepEqual(capture.deviations, []);
    });
  }

  it('reports a refused credential as http-error without printing header values or the query', async () => {
    const url = `${await httpFixture()}/mcp?api_key=query-secret-value`;
    const capture = failure(await probe({ kind: 'url', url, headers: { authorization: 'Bearer wrong-credential-xyz' } }, OPTIONS));
    assert.equal(capture.reason, 'http-error');
    assert.match(capture.detail, /HTTP 401/);
    assert.doesNotMatch(capture.detail, /wrong-credential|query-secret/);
  });

  it('keeps number literals over HTTP', async () => {
    const { url } = await rawServer((method) => (method === 'initialize' ? INIT : '{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": {"type": "number", "minimum": 0.0, "maximum": 1e3}}}}]}'));
    const capture = success(await probe({ kind: 'url', url }, OPTIONS));
    assert.match(capture.toolsRaw[0] ?? '', /"minimum": 0\.0, "maximum": 1e3\}/);
  });

  it('times out on a server that never answers', async () => {
    const { url } = await rawServer(() => () => undefined);
    const started = Date.now();
    const capture = failure(await probe({ kind: 'url', url }, { ...OPTIONS, timeoutMs: 1_000 }));
    assert.equal(capture.reason, 'timeout');
    assert.ok(Date.now() - started < 1_500);
  });

  it('reports an event stream of endless notifications as a flood', async () => {
    const { url } = await rawServer((method) => (method === 'initialize' ? INIT : (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = `event: message\ndata: {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}\n\n`.repeat(100);
      const pump = (): void => { while (!res.destroyed && res.write(event)) { /* until full */ } if (!res.destroyed) res.once('drain', pump); };
      pump();
    }));
    const capture = failure(await probe({ kind: 'url', url }, { ...OPTIONS, maxUnsolicited: 2_000 }));
    assert.equal(capture.reason, 'flood');
    assert.match(capture.detail, /more than 2000 messages that answer nothing/);
  });

  it('stops reading a body past the message cap', async () => {
    const { url } = await rawServer((method) => (method === 'initialize' ? INIT : `{"tools": [{"name": "t", "description": "${'x'.repeat(2 * 1024 * 1024)}", "inputSchema": {"type": "object"}}]}`));
    const capture = failure(await probe({ kind: 'url', url }, { ...OPTIONS, maxMessageBytes: 1024 * 1024 }));
    assert.equal(capture.reason, 'message-too-large');
  });

  it('does not follow a redirect (it could carry the headers elsewhere)', async () => {
    const elsewhere = await rawServer(() => INIT);
    const { url } = await rawServer(() => (res) => res.writeHead(307, { location: elsewhere.url }).end());
    const capture = failure(await probe({ kind: 'url', url, headers: AUTH }, OPTIONS));
    assert.equal(capture.reason, 'http-error');
    assert.match(capture.detail, /HTTP 307 \(redirects are not followed\)/);
    assert.equal(elsewhere.hits(), 0);
  });

  it('refuses an SSE endpoint on another origin', async () => {
    const elsewhere = await rawServer(() => INIT);
    const { url } = await rawServer((method) => (res) => {
      if (method !== 'GET') { res.writeHead(405).end(); return; }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: endpoint\ndata: ${elsewhere.url}?sessionId=1\n\n`);
    });
    const capture = failure(await probe({ kind: 'url', url, headers: AUTH }, OPTIONS));
    assert.equal(capture.reason, 'protocol-error');
    assert.match(capture.detail, /another origin/);
    assert.equal(elsewhere.hits(), 0);
  });

  it('a refused legacy-SSE POST is a failed probe, not an unhandled rejection that kills the CLI', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('event: endpoint\ndata: /msg\n\n');
        } else if (req.url === '/msg') res.writeHead(500).end();
        else res.writeHead(405).end();
      });
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    assert.ok(typeof address === 'object' && address !== null);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => { unhandled.push(e); };
    process.on('unhandledRejection', onUnhandled);
    try {
      const capture = failure(await probe({ kind: 'url', url: `http://127.0.0.1:${address.port}/mcp` }, OPTIONS));
      assert.equal(capture.reason, 'http-error');
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('says what the Streamable HTTP POST answered when the SSE fallback fails too', async () => {
    const { url } = await rawServer(() => (res) => res.writeHead(404).end());
    const capture = failure(await probe({ kind: 'url', url }, OPTIONS));
    assert.equal(capture.reason, 'http-error');
    assert.match(capture.detail, /GET for the SSE stream answered HTTP 404 \(legacy SSE http:\/\/127\.0\.0\.1:\d+\/mcp, after the Streamable HTTP initialize POST answered HTTP 404\)/);
  });

  it('refuses a non-http URL and never shows credentials written into a URL', async () => {
    const file = failure(await probe({ kind: 'url', url: 'file:///etc/passwd' }, OPTIONS));
    assert.equal(file.reason, 'http-error');
    assert.match(file.detail, /^not an http\(s\) URL/);
    const { url } = await rawServer(() => INIT);
    const withUser = url.replace('http://', 'http://alice:pw-in-url-123@');
    const capture = failure(await probe({ kind: 'url', url: `${withUser}?token=tok-in-query-456` }, OPTIONS));
    assert.equal(capture.reason, 'http-error');
    assert.doesNotMatch(capture.detail, /pw-in-url|tok-in-query|alice/);
  });

  it('reports a closed port as http-error', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    assert.ok(typeof address === 'object' && address !== null);
    server.close();
    await once(server, 'close');
    const capture = failure(await probe({ kind: 'url', url: `http://127.0.0.1:${address.port}/mcp` }, OPTIONS));
    assert.equal(capture.reason, 'http-error');
    assert.match(capture.detail, /ECONNREFUSED/);
  });
});
