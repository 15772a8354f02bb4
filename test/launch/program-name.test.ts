import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isBareName, isPythonName, isWindowsStyle, programName } from '../../src/launch/program-name.js';

test('basename, suffix stripped, lower-cased only when Windows-style', () => {
  assert.equal(programName('npx'), 'npx');
  assert.equal(programName('/usr/local/bin/uvx'), 'uvx');
  assert.equal(programName('C:\\Tools\\UVX.EXE'), 'uvx');
  assert.equal(programName('npx.cmd'), 'npx');
  assert.equal(programName('/opt/cp/mcp-context-protector.sh'), 'mcp-context-protector');
  assert.equal(programName('/opt/bin/MyTool'), 'MyTool');
  assert.equal(programName('C:/x/run.BAT'), 'run');
});

test('bare names are resolved through PATH', () => {
  assert.equal(isBareName('uvx'), true);
  assert.equal(isBareName('uvx.exe'), true);
  assert.equal(isBareName('./uvx'), false);
  assert.equal(isBareName('/usr/bin/uvx'), false);
  assert.equal(isBareName('C:uvx'), false);
  assert.equal(isBareName(''), false);
  assert.equal(isWindowsStyle('a\\b'), true);
  assert.equal(isWindowsStyle('/a/b'), false);
});

test('python names', () => {
  for (const n of ['python', 'python3', 'python3.12', 'pythonw', 'py']) assert.equal(isPythonName(n), true, n);
  for (const n of ['pyth', 'python-x', 'pypy3', 'ipython']) assert.equal(isPythonName(n), false, n);
});
