import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { argvSecrets, maskAssignments, maskTokenShapes, REDACTED, redactArgv, redactText, redactUrl, TOKEN_SHAPES } from '../../src/shared/redact.js';

const S = 'Zq9SecretValue4242xy';

/** argv in → argv out, for every name and shape the module knows; each row also says what must not survive. */
const ARGV_CASES: readonly { readonly name: string; readonly argv: readonly string[]; readonly out: readonly string[] }[] = [
  { name: 'secret-named flag, value next', argv: ['--api-key', S], out: ['--api-key', REDACTED] },
  { name: 'secret-named flag, value attached', argv: [`--token=${S}`], out: [`--token=${REDACTED}`] },
  { name: 'password flag', argv: ['--password', S], out: ['--password', REDACTED] },
  { name: 'bare --key', argv: ['--key', S], out: ['--key', REDACTED] },
  { name: 'client secret', argv: [`--client-secret=${S}`], out: [`--client-secret=${REDACTED}`] },
  { name: '--header of any name, next', argv: ['--header', `X-Auth-Token: ${S}`], out: ['--header', `X-Auth-Token: ${REDACTED}`] },
  { name: '-H of any name, next', argv: ['-H', `X-Custom:${S}`], out: ['-H', `X-Custom: ${REDACTED}`] },
  { name: '--header=Name:value', argv: [`--header=Authorization:Bearer ${S}`], out: [`--header=Authorization: ${REDACTED}`] },
  { name: '-H attached', argv: [`-HX-Api-Key: ${S}`], out: [`-HX-Api-Key: ${REDACTED}`] },
  { name: 'header as one argument', argv: [`X-Auth-Token: ${S}`], out: [`X-Auth-Token: ${REDACTED}`] },
  { name: 'Authorization without a space', argv: [`Authorization:${S}`], out: [`Authorization: ${REDACTED}`] },
  { name: 'short flag with attached value', argv: [`-p${S}`], out: [`-p${REDACTED}`] },
  { name: 'lone short flag kept', argv: ['-p', '8080', '-y'], out: ['-p', '8080', '-y'] },
  { name: 'DSN without scheme', argv: [`admin:${S}@db.internal:5432/app`], out: [`admin:${REDACTED}@db.internal:5432/app`] },
  { name: 'URL userinfo', argv: [`postgres://admin:${S}@db/app`], out: [`postgres://admin:${REDACTED}@db/app`] },
  { name: 'URL token-only userinfo', argv: [`https://${S}@git.example/x`], out: [`https://${REDACTED}@git.example/x`] },
  { name: 'URL query value under any name', argv: [`https://h.example/mcp?q=${S}&n=1`], out: [`https://h.example/mcp?q=${REDACTED}&n=${REDACTED}`] },
  { name: 'URL fragment', argv: [`https://h.example/mcp#${S}`], out: [`https://h.example/mcp#${REDACTED}`] },
  { name: 'URL path token', argv: [`https://hooks.example/services/${S}/x`], out: [`https://hooks.example/services/${REDACTED}/x`] },
  { name: 'URL as a flag value', argv: [`--url=https://h.example/sse?exaApiKey=${S}`], out: [`--url=https://h.example/sse?exaApiKey=${REDACTED}`] },
  { name: 'plain URL kept', argv: ['https://mcp.example.com/sse'], out: ['https://mcp.example.com/sse'] },
  { name: 'webhook token as the last path segment (24 letters, mixed case)', argv: ['https://hooks.example.com/services/T000/B000/XkQpLmNvBcRtYwZsDfGhJaEu'], out: [`https://hooks.example.com/services/T000/B000/${REDACTED}`] },
  { name: 'webhook token of capitals and digits', argv: ['https://hooks.example.com/services/T000/B000/Q9ZX4LMN7PQRS2TUVW5XYZ1A'], out: [`https://hooks.example.com/services/T000/B000/${REDACTED}`] },
  { name: 'path segment after a secret-named one', argv: ['https://h.example/api/token/abc123'], out: [`https://h.example/api/token/${REDACTED}`] },
  { name: 'names in a URL path kept', argv: ['https://github.com/modelcontextprotocol/servers/tree/main'], out: ['https://github.com/modelcontextprotocol/servers/tree/main'] },
  { name: 'unknown short option with a token attached', argv: ['-JXkQpLmNvBcRtYwZsDfGh42'], out: [`-J${REDACTED}`] },
  { name: 'short options with ordinary attached values kept', argv: ['-Xmx512m', '-Wno-unused-variable', '-I/usr/include/node', '-ojson'], out: ['-Xmx512m', '-Wno-unused-variable', '-I/usr/include/node', '-ojson'] },
  { name: 'env assignment', argv: [`API_KEY=${S}`], out: [`API_KEY=${REDACTED}`] },
  { name: 'assignments inside a shell line', argv: ['-c', `TOKEN=${S} npx srv`], out: ['-c', `TOKEN=${REDACTED} npx srv`] },
  { name: 'bearer on its own', argv: [`Bearer ${S}`], out: [REDACTED] },
  { name: 'pass-through flag carries the secret flag', argv: ['--upstream-arg=--api-key', `--upstream-arg=${S}`], out: ['--upstream-arg=--api-key', `--upstream-arg=${REDACTED}`] },
  { name: 'harmless flags kept', argv: ['--port', '8080', '--verbose', 'server.js'], out: ['--port', '8080', '--verbose', 'server.js'] },
  { name: 'Windows path with a space kept', argv: ['C:\\Program Files\\node.exe'], out: ['C:\\Program Files\\node.exe'] },
];

const TOKENS: readonly string[] = [
  'ghp_abcdefghijklmnopqrstuvwxyz0123', 'gho_abcdefghijklmnopqrstuvwxyz0123', 'github_pat_11ABCDEFG0123456789_abcdefghijkl',
  'xoxb-1234567890-abcdefghij', 'xoxp-1234567890-abcdefghij', 'sk_live_51Habcdefghijklmnop', 'sk_test_51Habcdefghijklmnop',
  'rk_live_51Habcdefghijklmnop', 'glpat-abcdefghij0123456789', 'npm_abcdefghijklmnopqrstuvwxyz0123456789',
  'hf_abcdefghijklmnopqrstuvwxyz012345', 'sk-proj-abcdefghijklmnop0123', 'sk-ant-api03-abcdefghijklmnop', 'AKIAABCDEFGHIJKLMNOP',
  'ASIAABCDEFGHIJKLMNOP', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.abcdefghijklmnopqrstuv',
];

describe('the one redaction module', () => {
  for (const c of ARGV_CASES) {
    it(`redactArgv: ${c.name}`, () => {
      const out = redactArgv(c.argv);
      assert.deepEqual(out, c.out);
      if (c.argv.join(' ').includes(S)) assert.ok(!out.join(' ').includes(S));
    });
  }

  for (const token of TOKENS) {
    it(`token shape ${token.slice(0, 8)}…: alone, glued to a word, inside text and as an argument`, () => {
      assert.equal(maskTokenShapes(token), REDACTED);
      assert.ok(!maskTokenShapes(`prefix${token}`).includes(token), 'glued to a word character');
      assert.equal(redactText(`failed for ${token}.`), `failed for ${REDACTED}.`);
      assert.deepEqual(redactArgv([token]), [REDACTED]);
      assert.ok(argvSecrets([token]).includes(token));
    });
  }

  it('every token shape is exercised by a sample above (the prefix pre-check skips text no shape can match)', () => {
    for (const shape of TOKEN_SHAPES) {
      const samples = [...TOKENS, 'Bearer abcdefghijkl', 'Basic dXNlcjpwYXNz'].filter((t) => new RegExp(shape.source).test(t));
      assert.ok(samples.length > 0, `no sample for ${shape.source}`);
      for (const t of samples) assert.ok(!maskTokenShapes(`x ${t} y`).includes(t), `${t} masked inside text`);
    }
  });

  it('plain words are not token shapes', () => {
    for (const word of ['npm_config_cache', 'hf_home', 'ghp_', 'task-runner', 'AKIA', 'skip-tests']) assert.equal(maskTokenShapes(word), word);
  });

  it('redactUrl leaves non-URLs alone and keeps host, port and plain path', () => {
    assert.equal(redactUrl('not a url'), 'not a url');
    assert.equal(redactUrl('https://u:p4ss@h.example:8443/a/b?x=1#f'), `https://u:${REDACTED}@h.example:8443/a/b?x=${REDACTED}#${REDACTED}`);
  });

  it('maskAssignments masks the value of every NAME=value word, not URL query parameters', () => {
    assert.equal(maskAssignments(`A=1 B="x y" run`), `A=${REDACTED} B=${REDACTED} run`);
    assert.equal(maskAssignments('https://h/p?token=abc'), 'https://h/p?token=abc');
  });

  it('argvSecrets lists what redactArgv hid, for masking a server stderr', () => {
    const secrets = argvSecrets(['--password', S, '-H', `X-A: ${S}2`, `-p${S}3`, `admin:${S}4@db`]);
    for (const s of [S, `${S}2`, `${S}3`, `${S}4`]) assert.ok(secrets.includes(s), `${s} in ${secrets.join(',')}`);
  });
});
