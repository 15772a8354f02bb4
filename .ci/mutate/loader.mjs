// Module hook (node:module register): a test file under the sandbox's dist/test/ that imports
// `node:test` gets node-test-shim.mjs instead; a module of a later generation (`?gen=N`, a static
// mutant's fresh load) imports the project's modules in that generation too. Everything else
// resolves as usual.
let shim;
let scope;

let root;

export function initialize(data) {
  shim = data.shim;
  scope = data.scope;
  root = data.root;
}

/** The generation a module was loaded in: `?gen=N` on its URL (none for the first load). */
function generationOf(url) {
  const q = url?.indexOf('?gen=') ?? -1;
  return q < 0 ? undefined : url.slice(q);
}

export async function resolve(specifier, context, next) {
  if ((specifier === 'node:test' || specifier === 'test') && context.parentURL?.startsWith(scope) === true) {
    return { url: shim, shortCircuit: true };
  }
  const resolved = await next(specifier, context);
  // A module imported by a module of generation N is loaded afresh in generation N too (a new URL
  // is a new module instance), so a static mutant evaluates every compiled module of the project
  // again with the mutant active; node_modules stay shared.
  const gen = generationOf(context.parentURL);
  if (gen !== undefined && resolved.url.startsWith(root) && !resolved.url.includes('/node_modules/') && generationOf(resolved.url) === undefined) {
    return { ...resolved, url: `${resolved.url}${gen}` };
  }
  return resolved;
}
