import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scriptInterpreter, sitePackagesOf, verifyPythonEnv } from '../../src/grade/python-env.js';
import { ARTIFACT_FILES } from '../../src/grade/stores/artifact-files.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

const ctx = { files: ARTIFACT_FILES, uid: process.getuid?.(), posix: process.platform !== 'win32' };
const ELF = '\u007fELF\u0002\u0001\u0001\u0000 stand-in\n';

/** A venv at <home>/v whose console script `prog` has the given first lines; its interpreter a symlink to a native file in the home. */
function venv(shebang: (home: string) => string, extra: HomeSpec = {}): HomeSpec {
  return {
    'base/bin/python3.12': { content: ELF, mode: 0o755 },
    'v/bin/python': { symlink: '@HOME@/base/bin/python3.12' },
    'v/pyvenv.cfg': { content: 'home = @HOME@/base/bin\nversion_info = 3.12.3\n', mode: 0o644 },
    'v/bin/prog': { content: `${shebang('@HOME@')}\nimport sys\n`, mode: 0o755 },
    'v/lib/python3.12/site-packages/p-1.0.dist-info/RECORD': { content: '../../../bin/prog,@SHA256:v/bin/prog@,\np-1.0.dist-info/RECORD,,\n', mode: 0o644 },
    ...extra,
  };
}
const check = async (home: string) => verifyPythonEnv({
  root: path.join(home, 'v'), site: path.join(home, 'v/lib/python3.12/site-packages'), py: 'python3.12', distInfo: 'p-1.0.dist-info', script: path.join(home, 'v/bin/prog'),
}, ctx);

describe('the interpreter a console script names', () => {
  it('reads #!<python> and the /bin/sh form installers write for long or spaced paths, quotes unescaped', () => {
    assert.deepEqual(scriptInterpreter('#!/v/bin/python\nimport sys\n'), { python: '/v/bin/python' });
    assert.deepEqual(scriptInterpreter('#!/v/bin/python -E\n'), { python: '/v/bin/python' });
    assert.deepEqual(scriptInterpreter(`#!/bin/sh\n'''exec' '/my venv/it'\\''s/bin/python' "$0" "$@"\n' '''\n`), { python: "/my venv/it's/bin/python", via: '/bin/sh' });
    assert.equal(scriptInterpreter('import sys\n'), undefined, 'no #! line');
    assert.equal(scriptInterpreter('#!/bin/sh\nexec /evil "$@"\n'), undefined, 'a plain sh script names no Python');
    // uv's relocatable form resolves against the script's own directory: not followed.
    assert.equal(scriptInterpreter(`#!/bin/sh\n'''exec' "$(dirname -- "$(realpath -- "$0")")"/'python' "$0" "$@"\n' '''\n`), undefined);
  });

  it('proves an environment whose script names its own bin/python, a symlink to a native file, with pyvenv.cfg read', async () => {
    const home = await materializeHome(venv((h) => `#!${h}/v/bin/python`));
    const r = await check(home);
    assert.ok(r.ok, r.ok ? '' : r.why);
  });

  it('follows the /bin/sh exec form to the same interpreter, and /bin/sh itself is checked', async () => {
    const home = await materializeHome(venv((h) => `#!/bin/sh\n'''exec' '${h}/v/bin/python' "$0" "$@"\n' '''`));
    const r = await check(home);
    assert.ok(r.ok, r.ok ? '' : r.why);
    assert.match(r.fact, /\/bin\/sh|\/sh/);
  });

  it('refuses a symlinked interpreter that ends at a #! script, and one in a directory others may write', async () => {
    const planted = await materializeHome(venv((h) => `#!${h}/v/bin/python`, { 'base/bin/python3.12': { content: '#!/bin/sh\nexec evil\n', mode: 0o755 } }));
    const r1 = await check(planted);
    assert.equal(r1.ok, false);
    assert.match(r1.ok ? '' : r1.why, /is a #! script/);
    const open = await materializeHome(venv((h) => `#!${h}/v/bin/python`, { base: { dir: true, mode: 0o777 } }));
    const r2 = await check(open);
    assert.equal(r2.ok, false);
    assert.match(r2.ok ? '' : r2.why, /base.*can be written by group and others/);
  });

  it('refuses include-system-site-packages = true: the base site-packages would load, unread', async () => {
    const home = await materializeHome(venv((h) => `#!${h}/v/bin/python`, {
      'v/pyvenv.cfg': { content: 'home = @HOME@/base/bin\ninclude-system-site-packages = TRUE\n', mode: 0o644 },
    }));
    const r = await check(home);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.why, /include-system-site-packages/);
  });

  it('refuses a pyvenv.cfg whose version is not the site-packages read', async () => {
    const home = await materializeHome(venv((h) => `#!${h}/v/bin/python`, {
      'v/pyvenv.cfg': { content: 'home = @HOME@/base/bin\nversion_info = 3.13.1\n', mode: 0o644 },
    }));
    const r = await check(home);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.why, /3\.13\.1.*python3\.12/);
  });

  it('an environment with two lib/python3.X directories has no one site-packages', async () => {
    const home = await materializeHome({ 'v/lib/python3.12/site-packages/x': '', 'v/lib/python3.13/site-packages/x': '' });
    const r = await sitePackagesOf(path.join(home, 'v'), ARTIFACT_FILES);
    assert.ok(r !== undefined && 'why' in r);
    assert.match(r.why, /python3\.12, python3\.13/);
  });
});
