import { test } from 'node:test';
import assert from 'node:assert/strict';
import { npmEnvReplace, parseConfig } from '../../src/grade/config-files.js';

const keys = (text: string, format: Parameters<typeof parseConfig>[1]['format'], env: Record<string, string> = {}, section?: string[]): string[] => {
  const r = parseConfig(text, { format, ...(section !== undefined ? { section } : {}) }, new Map(Object.entries(env)));
  assert.ok(r.ok, JSON.stringify(r));
  return r.keys.map((k) => `${k.key}@${k.line}`);
};

test('npmrc as npm reads it: ini keys, key[] arrays, ${VAR} in keys from npm\'s environment, nerf-darted keys', () => {
  assert.deepEqual(keys('fund=false\nb[]=x\nb[]=y\n//r.test/:_authToken=${T}\n', 'npmrc'), ['fund@1', 'b@2', '//r.test/:_authToken@4']);
  assert.deepEqual(keys('${OPT}=--require x\n', 'npmrc', { OPT: 'node-options' }), ['node-options@1']);
  assert.deepEqual(keys('${OPT}=--require x\n', 'npmrc'), ['${OPT} (depends on a variable)@1']);
  // A key after a [section] header is not a config key npm reads: the section is what the file sets.
  assert.deepEqual(keys('[x]\nnode-options=--require y\n', 'npmrc'), ['x@1']);
});

test('npm env-replace: ${X}, ${X?} when unset, and backslash escapes (env-replace.js)', () => {
  const env = new Map([['A', 'v']]);
  assert.equal(npmEnvReplace('${A}-${B?}', env).text, 'v-');
  assert.equal(npmEnvReplace('\\${A}', env).text, '${A}');
  assert.equal(npmEnvReplace('\\\\${A}', env).text, '\\v');
  assert.equal(npmEnvReplace('${B}', env).unknown, true);
});

test('pip.conf: sections kept, option names lower-cased with _ → - (pip _normalized_keys)', () => {
  assert.deepEqual(keys('[global]\nINDEX_URL = https://x\n[install]\nno-deps = true\n', 'ini'), ['global.index-url@2', 'install.no-deps@4']);
  assert.deepEqual(keys('index-url = https://x\n', 'ini'), ['index-url (outside any section)@1']);
});

test('TOML: uv.toml top-level keys, pyproject.toml [tool.uv] only, bunfig tables one level down', () => {
  assert.deepEqual(keys('index-url = "https://x"\n[[index]]\nurl = "https://y"\n', 'toml'), ['index-url@1', 'index@2']);
  assert.deepEqual(keys('[project]\nname = "p"\n', 'toml', {}, ['tool', 'uv']), []);
  assert.deepEqual(keys('[project]\nname = "p"\n[tool.uv]\nexclude-newer = "2024-01-01"\n', 'toml', {}, ['tool', 'uv']), ['exclude-newer@4']);
  assert.deepEqual(keys('[install]\nregistry = "https://x"\n', 'toml'), ['install.registry@2']);
});

test('dotenv (the dotenv package grammar): export, quotes, comments', () => {
  assert.deepEqual(keys('# c\nexport A="x y"\nB=1 # note\n', 'dotenv'), ['A@2', 'B@3']);
});

test('a start-up script runs as code unless it is only comments and blank lines', () => {
  assert.deepEqual(keys('# nothing\n\n', 'script'), []);
  assert.deepEqual(keys('# x\nalias uvx=/tmp/x\n', 'script'), ['commands@2']);
});

test('a file its tool would refuse is reported by line, never with its text (it may hold a token)', () => {
  const r = parseConfig('token = "secret-value\n', { format: 'toml' }, new Map());
  assert.equal(r.ok, false);
  assert.ok(!r.ok && !r.reason.includes('secret-value'), !r.ok ? r.reason : '');
  assert.equal(parseConfig('{"a": 1,,}', { format: 'json' }, new Map()).ok, false);
});
