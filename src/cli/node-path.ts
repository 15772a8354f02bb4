import path from 'node:path';

/**
 * Node's path module, for every `import path from 'node:path'` in src/ (build-bundle.ts routes
 * them here). esbuild turns each default import of a Node built-in into its own
 * `__toESM(require('node:path'), 1)`, a namespace object with a getter per export made as the
 * importing module loads: 59 modules, 56 of them loaded by a scan, 3-6 ms of its start-up. Through
 * this module the copy is made once, and every importer reads the same module object.
 */
export default path;
