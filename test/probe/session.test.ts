import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runSession, type RawMessage, type RpcChannel } from '../../src/probe/session.js';
import { DEFAULT_LIMITS, ProbeAbort } from '../../src/probe/types.js';

const CLIENT = { name: 'test', version: '0' };
const INIT = '{"protocolVersion": "2025-06-18", "capabilities": {"tools": {}, "prompts": {}}, "serverInfo": {"name": "s", "version": "1", "extra": 1}, "instructions": "hi"}';

/** A channel answering each method from a table of raw result texts (or raw error objects). */
function channel(answers: Readonly<Record<string, (params: Readonly<Record<string, unknown>>) => string>>): RpcChannel & { calls: string[] } {
  const calls: string[] = [];
  let id = 0;
  return {
    calls,
    request(method, params) {
      calls.push(params['cursor'] === undefined ? method : `${method}@${String(params['cursor'])}`);
      const answer = answers[method];
      const body = answer === undefined ? '"error": {"code": -32601, "message": "Method not found"}' : answer(params);
      const text = `{"jsonrpc": "2.0", "id": ${++id}, ${body}}`;
      const value: unknown = JSON.parse(text);
      assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value));
      return Promise.resolve<RawMessage>({ text, value: Object.fromEntries(Object.entries(value)) });
    },
    notify(method) {
      calls.push(method);
      return Promise.resolve();
    },
  };
}

const result = (raw: string) => () => `"result": ${raw}`;

describe('runSession', () => {
  it('pages through tools/list and prompts/list, keeping each page raw', async () => {
    const ch = channel({
      initialize: result(INIT),
      'tools/list': (p) => (p['cursor'] === undefined ? '"result": {"tools": [{"name": "a", "x": 1.0}], "nextCursor": "p2"}' : '"result": {"tools": [{"name": "b"}]}'),
      'prompts/list': result('{"prompts": []}'),
    });
    const session = await runSession(ch, DEFAULT_LIMITS, CLIENT);
    assert.deepEqual(ch.calls, ['initialize', 'notifications/initialized', 'tools/list', 'tools/list@p2', 'prompts/list']);
    assert.deepEqual(session.toolsRaw, ['{"tools": [{"name": "a", "x": 1.0}], "nextCursor": "p2"}', '{"tools": [{"name": "b"}]}']);
    assert.deepEqual(session.promptsRaw, ['{"prompts": []}']);
    assert.deepEqual(session.serverInfo, { name: 's', version: '1' });
    assert.equal(session.instructions, 'hi');
    assert.deepEqual(session.deviations, []);
  });

  it('treats an empty nextCursor as the end, with a deviation', async () => {
    const ch = channel({ initialize: result(INIT), 'tools/list': result('{"tools": [], "nextCursor": ""}'), 'prompts/list': result('{"prompts": []}') });
    const session = await runSession(ch, DEFAULT_LIMITS, CLIENT);
    assert.equal(session.toolsRaw.length, 1);
    assert.match(session.deviations.join('\n'), /nextCursor is an empty string/);
  });

  it('notes undeclared capabilities and a failing declared prompts/list as deviations', async () => {
    const init = '{"protocolVersion": "2099-01-01", "capabilities": {"prompts": {}}, "serverInfo": {"name": "s", "version": "1"}}';
    const session = await runSession(channel({ initialize: result(init) }), DEFAULT_LIMITS, CLIENT);
    assert.deepEqual(session.toolsRaw, []);
    assert.deepEqual(session.deviations, [
      'initialize: unknown protocolVersion "2099-01-01"',
      'tools/list failed (error -32601: Method not found); the server declares no tools capability',
      'prompts/list failed although declared: error -32601: Method not found',
    ]);
  });

  it('aborts with protocol-error when initialize or a declared tools/list fails', async () => {
    await assert.rejects(runSession(channel({}), DEFAULT_LIMITS, CLIENT),
      (e: unknown) => e instanceof ProbeAbort && e.reason === 'protocol-error' && /initialize failed: error -32601/.test(e.detail));
    await assert.rejects(runSession(channel({ initialize: result(INIT) }), DEFAULT_LIMITS, CLIENT),
      (e: unknown) => e instanceof ProbeAbort && e.reason === 'protocol-error' && /^tools\/list failed/.test(e.detail));
    await assert.rejects(runSession(channel({ initialize: result('{"capabilities": {}}') }), DEFAULT_LIMITS, CLIENT),
      (e: unknown) => e instanceof ProbeAbort && /no protocolVersion/.test(e.detail));
  });

  it('enforces the page and tool caps', async () => {
    const endless = channel({ initialize: result(INIT), 'tools/list': (p) => `"result": {"tools": [], "nextCursor": "c${String(p['cursor'] ?? '')}x"}` });
    await assert.rejects(runSession(endless, { ...DEFAULT_LIMITS, maxPages: 5 }, CLIENT),
      (e: unknown) => e instanceof ProbeAbort && e.reason === 'too-many-pages');
    assert.equal(endless.calls.filter((c) => c.startsWith('tools/list')).length, 5);
    const many = channel({ initialize: result(INIT), 'tools/list': result('{"tools": [{}, {}, {}], "nextCursor": "more"}') });
    await assert.rejects(runSession(many, { ...DEFAULT_LIMITS, maxTools: 5 }, CLIENT),
      (e: unknown) => e instanceof ProbeAbort && e.reason === 'too-many-tools');
  });
});
