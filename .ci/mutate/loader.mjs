// Module hook (node:module register): a test file under the sandbox's dist/test/ that imports
// `node:test` gets node-test-shim.mjs instead. Everything else resolves as usual.
let shim;
let scope;

export function initialize(data) {
  shim = data.shim;
  scope = data.scope;
}

export async function resolve(specifier, context, next) {
  if ((specifier === 'node:test' || specifier === 'test') && context.parentURL?.startsWith(scope) === true) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
