import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shebangSafePath } from '../../src/grade/script-folder.js';

describe('whether a console script keeps its own folder off sys.path', () => {
  it('reads -I and -P in the one option cluster Linux passes after the interpreter', () => {
    assert.equal(shebangSafePath('#!/v/bin/python -I\nimport sys\n'), true);
    assert.equal(shebangSafePath('#!/v/bin/python -sP\n'), true);
    assert.equal(shebangSafePath('#!/v/bin/python -EsI\n'), true);
  });

  it('does not read -I or -P where Python would not: no option, another option, a value, two words', () => {
    assert.equal(shebangSafePath('#!/v/bin/python\nimport sys\n'), false, 'uv and pip write no option');
    assert.equal(shebangSafePath('#!/v/bin/python -E\n'), false);
    assert.equal(shebangSafePath('#!/v/bin/python -XI\n'), false, '-X takes the rest of the cluster as its value');
    assert.equal(shebangSafePath('#!/v/bin/python -WP\n'), false, '-W takes the rest of the cluster as its value');
    assert.equal(shebangSafePath('#!/v/bin/python -E -I\n'), false, 'Linux passes "-E -I" as one argument, which Python rejects');
    assert.equal(shebangSafePath(`#!/bin/sh\n'''exec' '/v/bin/python' "$0" "$@"\n' '''\n`), false);
    assert.equal(shebangSafePath('import sys\n'), false);
    assert.equal(shebangSafePath('#!/v/bin/python -I\n'.replace('#!', '')), false);
  });
});
