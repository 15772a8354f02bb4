import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFrontmatter } from '../../src/parse/frontmatter.js';

describe('YAML frontmatter of a Markdown file', () => {
  it('reads the block between the fences, at the file\'s own line numbers', () => {
    const r = parseFrontmatter('---\nname: a\nmcpServers:\n  s:\n    command: npx\n---\nbody: not config\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { name: 'a', mcpServers: { s: { command: 'npx' } } });
    assert.equal(r.value.locate(['mcpServers', 's', 'command']).line, 5);
  });

  it('a file that opens no frontmatter holds nothing', () => {
    const r = parseFrontmatter('# Title\n\nmcpServers:\n  s:\n    command: npx\n');
    assert.ok(r.ok);
    assert.equal(r.value.value ?? null, null);
  });

  it('an unclosed frontmatter is a syntax problem, not silently empty', () => {
    const r = parseFrontmatter('---\nmcpServers:\n  s:\n    command: npx\n');
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
  });

  it('a BOM and CRLF line ends are accepted', () => {
    const r = parseFrontmatter('\ufeff---\r\nname: b\r\n---\r\nbody\r\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { name: 'b' });
  });
});
