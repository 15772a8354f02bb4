import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discoveryWords, shellWord } from '../../src/shared/command-line.js';

describe('suggested command lines', () => {
  it('shellWord: safe words bare, anything else single-quoted so a POSIX shell reads it back as given', () => {
    assert.equal(shellWord('fixtures/homes/linux'), 'fixtures/homes/linux');
    assert.equal(shellWord('My Dotfiles'), "'My Dotfiles'");
    assert.equal(shellWord("it's"), "'it'\\''s'");
    assert.equal(shellWord('$(rm -rf ~)'), "'$(rm -rf ~)'");
    assert.equal(shellWord('~/dotfiles'), "'~/dotfiles'", 'a tilde would be expanded: the run named this path as given');
    assert.equal(shellWord(''), "''");
  });

  it('discoveryWords: the options that decide what was audited, in the CLI\'s own spelling', () => {
    assert.deepEqual(discoveryWords({}), []);
    assert.deepEqual(discoveryWords({ root: 'my repo', user: 'alice', projects: ['/src/a', '/src/b'], projectScan: false, platform: 'darwin' }),
      ['--root', "'my repo'", '--user', 'alice', '--project', '/src/a', '--project', '/src/b', '--no-project-scan', '--platform', 'darwin']);
    assert.deepEqual(discoveryWords({ projectScan: true }), []);
  });
});
