import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayUrl, RedactedTail, redactor, TailBuffer } from '../../src/probe/redact.js';

describe('redaction', () => {
  it('masks every occurrence of each secret, longest first, and leaves short values alone', () => {
    const redact = redactor(['secret-token', 'secret-token-long', '1', null, undefined]);
    assert.equal(redact('a secret-token-long b secret-token c 1'), 'a <redacted> b <redacted> c 1');
  });

  it('masks well-known token shapes it was not told about (host env echoed on stderr)', () => {
    const redact = redactor([]);
    const text = 'auth failed for ghp_abcdefghijklmnopqrstuvwxyz0123 and Authorization: Bearer abc.def-ghi_123 (key AKIAABCDEFGHIJKLMNOP)';
    const out = redact(text);
    for (const secret of ['ghp_abcdefghijklmnopqrstuvwxyz0123', 'abc.def-ghi_123', 'AKIAABCDEFGHIJKLMNOP']) assert.ok(!out.includes(secret), secret);
    assert.match(out, /auth failed for <redacted>/);
    assert.equal(redact('plain text, nothing to hide'), 'plain text, nothing to hide');
  });

  it('shows only origin and path of a URL', () => {
    assert.equal(displayUrl('https://user:pw@example.test:8443/mcp/v1?key=abc#frag'), 'https://example.test:8443/mcp/v1');
    assert.equal(displayUrl('not a url'), '(invalid URL)');
  });
});

describe('TailBuffer', () => {
  it('keeps only the last bytes', () => {
    const tail = new TailBuffer(8);
    tail.push(Buffer.from('abcdef'));
    tail.push(Buffer.from('ghij'));
    assert.equal(tail.text(), 'cdefghij');
    tail.push(Buffer.from('0123456789'));
    assert.equal(tail.text(), '23456789');
  });

  it('drops a multi-byte character cut at the start', () => {
    const tail = new TailBuffer(4);
    tail.push(Buffer.from('x€ab'));
    assert.equal(tail.text(), 'ab');
  });
});

describe('redaction of every form a secret takes', () => {
  it('masks a secret JSON-escaped, once or twice', () => {
    const secret = 'my"secret\\passw0rd';
    const redact = redactor([secret]);
    const once = JSON.stringify(`password=${secret}`);
    assert.equal(redact(once), '"password=<redacted>"');
    assert.doesNotMatch(redact(JSON.stringify(once)), /passw0rd/);
  });

  it('masks a secret whose whitespace was collapsed', () => {
    assert.equal(redactor(['tangerine   violet\tmarble'])('key: tangerine violet marble'), 'key: <redacted>');
  });

  it('masks the token of a Bearer/Basic value echoed on its own', () => {
    const redact = redactor(['Bearer OpaqueTok3nValue998877', 'Basic dXNlcjpwYXNzd29yZA==']);
    assert.equal(redact('401: token OpaqueTok3nValue998877 rejected'), '401: token <redacted> rejected');
    assert.equal(redact('auth dXNlcjpwYXNzd29yZA== failed'), 'auth <redacted> failed');
  });

  it('masks the values of secret-looking args, and leaves values under 6 characters by design', async () => {
    const { argvSecrets } = await import('../../src/shared/redact.js');
    const args = ['server.js', '--password', 'CorrectHorseBattery9', '--api-key=ApiKeyValue123', '--upstream-arg=--token',
      '--upstream-arg=UpstreamTok456', '--port', '8080', '--client-secret=abc'];
    const secrets = argvSecrets(args);
    for (const secret of ['CorrectHorseBattery9', 'ApiKeyValue123', 'UpstreamTok456']) assert.ok(secrets.includes(secret), secret);
    assert.ok(!secrets.includes('8080') && !secrets.includes('server.js'));
    const redact = redactor(secrets);
    assert.equal(redact('bad auth CorrectHorseBattery9 / ApiKeyValue123 / UpstreamTok456 on 8080, secret abc'),
      'bad auth <redacted> / <redacted> / <redacted> on 8080, secret abc');
  });
});

describe('RedactedTail', () => {
  it('redacts before cutting the tail: no end of a secret is left at its start', () => {
    const secret = 'Zq9ConfidentialValue777abc';
    const tail = new RedactedTail(2048, redactor([secret]));
    const text = `${'x'.repeat(5000)}${secret}${'y'.repeat(2048 - (secret.length - 2))}`;
    for (let i = 0; i < text.length; i += 333) tail.push(Buffer.from(text.slice(i, i + 333)));
    const shown = tail.text();
    assert.ok(Buffer.byteLength(shown) <= 2048);
    assert.doesNotMatch(shown, /Confidential|777abc|9C/);
    assert.match(shown, /y+$/);
  });

  it('masks a secret split across chunks and lines of any length', () => {
    const secret = 'split-secret-value-42';
    const tail = new RedactedTail(100, redactor([secret]));
    const text = `${'a'.repeat(300)}\nfirst ${secret} then\n${'b'.repeat(250)} ${secret}\nend`;
    for (const ch of text) tail.push(Buffer.from(ch));
    assert.doesNotMatch(tail.text(), /split|secret-value/);
    assert.match(tail.text(), /<redacted>\nend$/);
  });

  it('keeps multi-byte characters split across chunks', () => {
    const tail = new RedactedTail(64, redactor([]));
    const bytes = Buffer.from('héllo €uro');
    for (const byte of bytes) tail.push(Buffer.from([byte]));
    assert.equal(tail.text(), 'héllo €uro');
  });
});
