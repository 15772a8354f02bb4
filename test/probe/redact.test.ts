import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayUrl, redactor, TailBuffer } from '../../src/probe/redact.js';

describe('redaction', () => {
  it('masks every occurrence of each secret, longest first, and leaves short values alone', () => {
    const redact = redactor(['secret-token', 'secret-token-long', '1', null, undefined]);
    assert.equal(redact('a secret-token-long b secret-token c 1'), 'a *** b *** c 1');
  });

  it('masks well-known token shapes it was not told about (host env echoed on stderr)', () => {
    const redact = redactor([]);
    const text = 'auth failed for ghp_abcdefghijklmnopqrstuvwxyz0123 and Authorization: Bearer abc.def-ghi_123 (key AKIAABCDEFGHIJKLMNOP)';
    const out = redact(text);
    for (const secret of ['ghp_abcdefghijklmnopqrstuvwxyz0123', 'abc.def-ghi_123', 'AKIAABCDEFGHIJKLMNOP']) assert.ok(!out.includes(secret), secret);
    assert.match(out, /auth failed for \*\*\*/);
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
