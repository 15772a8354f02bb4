// Mutation testing of the grader and the proxy modules: `npm run mutate` (a bench, not part of
// `npm test`). Stryker mutates src/grade and src/proxies in a sandbox copy (.stryker-tmp/), builds
// it there with tsc and the bundle, and runs the compiled grade, proxy, rule and wiring tests in process
// with per-test coverage (node-test-runner.mjs). Reports: reports/mutation/ (git-ignored).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['src/grade/**/*.ts', 'src/proxies/**/*.ts'],
  plugins: ['./.ci/mutate/node-test-runner.mjs', './.ci/mutate/doc-strings-ignorer.mjs'],
  testRunner: 'node-test',
  nodeTest: {
    // wiring.test.js runs every proxy's wrap and unwrap (src/proxies/*: wire/unwire) in process.
    testFiles: ['dist/test/grade/*.test.js', 'dist/test/proxies/*.test.js', 'dist/test/rules/*.test.js', 'dist/test/fix/wiring.test.js'],
  },
  ignorers: ['doc-strings'],
  // The sandbox is built from the (instrumented) sources; a stale dist/ must not be copied in.
  ignorePatterns: ['dist', 'reports', '*.tsbuildinfo', '.stryker-tmp'],
  buildCommand: 'npm run build --silent',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // Each static mutant loads a generation of the modules in the worker (node-test-runner.mjs): a
  // fresh worker now and then gives that memory back.
  maxTestRunnerReuse: 150,
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  clearTextReporter: { allowColor: false, allowEmojis: false, logTests: false, reportTests: false, reportMutants: false, reportScoreTable: true },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 80, low: 60, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
