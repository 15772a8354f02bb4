// What the test files import instead of `node:test` while Stryker runs them (see loader.mjs): the
// same names, but each call registers with the in-process runner (node-test-runner.mjs), which can
// then run any subset of the tests many times in one process, one mutant after another.
import { mock } from 'node:test';

const KEY = Symbol.for('mcp-audit.mutate.registry');

function registry() {
  const r = globalThis[KEY];
  if (r === undefined) throw new Error('node-test-shim: imported outside the mutation runner');
  return r;
}

/** node:test's (name?, options?, fn?) in any order the real one accepts. */
function args(list) {
  let name;
  let options = {};
  let fn;
  for (const a of list) {
    if (typeof a === 'string') name = a;
    else if (typeof a === 'function') fn = a;
    else if (a !== null && typeof a === 'object') options = a;
  }
  return { name: name ?? (fn?.name || '<anonymous>'), options, fn };
}

function withFlags(make) {
  const f = (...a) => make(args(a));
  f.skip = (...a) => { const p = args(a); return make({ ...p, options: { ...p.options, skip: true } }); };
  f.todo = (...a) => { const p = args(a); return make({ ...p, options: { ...p.options, todo: true } }); };
  f.only = f;
  return f;
}

export const test = withFlags((p) => registry().test(p));
export const it = test;
export const describe = withFlags((p) => registry().describe(p));
export const suite = describe;
export const before = (fn) => registry().hook('before', fn);
export const after = (fn) => registry().hook('after', fn);
export const beforeEach = (fn) => registry().hook('beforeEach', fn);
export const afterEach = (fn) => registry().hook('afterEach', fn);
export { mock };
export default test;
