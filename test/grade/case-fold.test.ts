import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CaseFolder } from '../../src/discover/fold-case.js';
import { readConfigFile } from '../../src/discover/read-file.js';
import { ARTIFACT_FILES } from '../../src/grade/stores/artifact-files.js';
import { caseFoldFor, caseFoldedFiles, caseFoldedRead, caseFoldedStoreFiles } from '../../src/grade/stores/case-fold.js';
import { STORE_FILES } from '../../src/grade/stores/files.js';
import { materializeHome } from '../helpers/materialize.js';

/**
 * The grader's case-folded file access, on real files of a case-sensitive file system: a name is
 * found in whatever case the copy spells it, and a name that several entries match (which the
 * original volume cannot hold) is never read as one of them.
 */
describe('CaseFolder.spellings', () => {
  it('finds every entry below the home a path names ignoring case, and only below the home', async () => {
    const home = await materializeHome({ '.NPMRC': 'a', '.config/UV/UV.toml': 'b', 'two/x': 'c', 'TWO/X': 'd' });
    const folder = new CaseFolder('darwin');
    assert.deepEqual(folder.spellings(path.join(home, '.npmrc'), home), [path.join(home, '.NPMRC')]);
    assert.deepEqual(folder.spellings(path.join(home, '.config/uv/uv.toml'), home), [path.join(home, '.config/UV/UV.toml')]);
    assert.deepEqual(folder.spellings(path.join(home, 'two/x'), home), [path.join(home, 'TWO/X'), path.join(home, 'two/x')]);
    assert.deepEqual(folder.spellings(path.join(home, 'absent'), home), []);
    // Outside the home (this machine's own files) and `..` segments are taken as spelled.
    assert.deepEqual(folder.spellings(path.join(path.dirname(home), path.basename(home).toUpperCase()), home), []);
    assert.deepEqual(folder.spellings(`${home}/two/../.npmrc`, home), []);
  });
});

describe('caseFoldFor', () => {
  it('folds only a macOS or Windows layout read on Linux', () => {
    assert.equal(caseFoldFor('/h', 'linux', 'linux'), undefined);
    assert.equal(caseFoldFor('/h', 'darwin', 'darwin'), undefined);
    assert.equal(caseFoldFor('/h', 'win32', 'win32'), undefined);
    assert.notEqual(caseFoldFor('/h', 'darwin', 'linux'), undefined);
    assert.notEqual(caseFoldFor('/h', 'win32', 'linux'), undefined);
  });
});

describe('the folded wrappers', () => {
  it('read a name in another case as the file, and fail closed on names that differ only in case', async () => {
    const home = await materializeHome({ 'Node_Modules/.bin/x': 'bin', '.NPMRC': 'fund=false\n', 'pins/a.json': '{}', 'PINS/a.json': '{}' });
    const fold = caseFoldFor(home, 'darwin', 'linux');
    assert.ok(fold !== undefined);
    const files = caseFoldedFiles(ARTIFACT_FILES, fold);
    assert.equal((await files.lstat(path.join(home, 'node_modules'))).kind, 'directory');
    assert.equal(files.lstatSync(path.join(home, 'node_modules/.bin/x')).kind, 'file');
    assert.equal(await files.readText(path.join(home, 'node_modules/.bin/x')), 'bin');
    assert.deepEqual(await files.readDir(path.join(home, 'NODE_MODULES')), ['.bin']);
    const several = await files.lstat(path.join(home, 'pins/a.json'));
    assert.equal(several.kind, 'error');
    assert.equal(await files.readText(path.join(home, 'pins/a.json')), undefined);
    // A folder several entries name lists what any of them holds.
    assert.deepEqual(await files.readDir(path.join(home, 'Pins')), ['a.json']);
    // An absent file below a folder spelled in another case keeps that folder's spelling.
    assert.equal((await files.lstat(path.join(home, 'node_modules/absent'))).kind, 'missing');

    const read = caseFoldedRead(readConfigFile, fold);
    const npmrc = await read(path.join(home, '.npmrc'));
    assert.equal(npmrc.kind === 'text' ? npmrc.text : npmrc.kind, 'fund=false\n');
    assert.equal((await read(path.join(home, 'pins/a.json'))).kind, 'problem');

    const store = caseFoldedStoreFiles(STORE_FILES, fold);
    const small = await store.readSmallFile(path.join(home, 'PINS/A.JSON'));
    assert.equal(small.ok, false);
    const subject = { server: 's', proxy: 'p' };
    const ctx = { home, uid: process.getuid?.(), user: 'u', userName: (uid: number) => `uid ${uid}` };
    const checked = await store.checkStoreFile(path.join(home, 'pins/a.json'), subject, ctx);
    assert.equal(checked.state, 'bad');
    assert.deepEqual(checked.findings.map((f) => f.id), ['pin-store-unreadable']);
  });
});
