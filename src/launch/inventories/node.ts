/**
 * Node.js: its options and variables (https://nodejs.org/api/cli.html, "Options" and "Environment
 * variables"; `node --help`). Every npm bin and the npm runners run in it.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const CLI = 'https://nodejs.org/api/cli.html';

export const nodeInventory: Inventory = {
  component: 'node',
  source: CLI,
  items: [
    ...each('env', 'runs-code', ['NODE_OPTIONS', 'NODE_PATH', 'NODE_REPL_EXTERNAL_MODULE', 'NODE_V8_COVERAGE', 'NODE_COMPILE_CACHE', 'NODE_ICU_DATA', 'NODE_PRESERVE_SYMLINKS'], 'preloads or resolves other code (NODE_OPTIONS=--require …, NODE_PATH), or loads data and code from a chosen directory', `${CLI}#environment-variables`),
    ...each('env', 'changes-source', ['NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_USE_ENV_PROXY', 'NODE_USE_SYSTEM_CA', 'SSL_CERT_FILE', 'SSL_CERT_DIR'], 'whom TLS trusts (what a fetch at start-up receives)', `${CLI}#environment-variables`),
    ...each('env', 'benign', ['NODE_NO_WARNINGS', 'NODE_DISABLE_COLORS', 'NODE_ENV', 'NODE_DEBUG', 'NODE_DEBUG_NATIVE', 'NODE_PENDING_DEPRECATION',
      'NODE_PENDING_PIPE_INSTANCES', 'NODE_REDIRECT_WARNINGS', 'NODE_REPL_HISTORY', 'NODE_SKIP_PLATFORM_CHECK', 'NODE_TEST_CONTEXT',
      'FORCE_COLOR', 'NO_COLOR', 'TZ', 'UV_THREADPOOL_SIZE', 'UV_USE_IO_URING'], 'warnings, colours, debug output, time zone, thread pool', `${CLI}#environment-variables`),
    { kind: 'env-family', name: 'NODE_', effect: 'unknown', note: 'any other NODE_* variable: effect not modelled', source: `${CLI}#environment-variables` },
    ...each('option', 'runs-code', ['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--env-file-if-exists',
      '--inspect', '--inspect-brk', '--inspect-port', '--inspect-wait', '--openssl-config', '--snapshot-blob', '--conditions', '-C',
      '--experimental-default-type', '--experimental-strip-types', '--experimental-transform-types', '--experimental-require-module',
      '--experimental-detect-module', '--preserve-symlinks', '--preserve-symlinks-main', '--icu-data-dir', '--experimental-vm-modules',
      '--experimental-policy', '--experimental-permission', '--experimental-sea-config', '--watch', '--watch-path'],
    'loads other code first, or changes which files a specifier resolves to', `${CLI}#options`),
    ...each('option', 'changes-source', ['--use-openssl-ca', '--use-bundled-ca', '--use-system-ca'], 'which CA store TLS uses', `${CLI}#options`),
    ...each('option', 'benign', ['--no-warnings', '--no-deprecation', '--enable-source-maps', '--max-old-space-size', '--stack-size', '--title',
      '--trace-warnings', '--trace-deprecation', '--trace-uncaught', '--abort-on-uncaught-exception', '--expose-gc', '--unhandled-rejections',
      '--disable-warning', '--redirect-warnings', '--diagnostic-dir', '--report-dir', '--report-on-signal', '--report-uncaught-exception',
      '--heapsnapshot-signal', '--cpu-prof', '--heap-prof', '--frozen-intrinsics', '--jitless', '--dns-result-order', '--input-type',
      '--permission', '--allow-fs-read', '--allow-fs-write', '--allow-child-process', '--allow-worker', '--allow-addons', '--allow-wasi',
      '--no-experimental-fetch', '--no-addons', '--pending-deprecation', '--throw-deprecation', '--zero-fill-buffers', '--secure-heap',
      '--tls-min-v1.2', '--tls-min-v1.3', '--max-http-header-size', '--experimental-global-navigator', '--no-experimental-global-navigator'],
    'diagnostics, limits, and permission-model restrictions', `${CLI}#options`),
  ],
  configFiles: [],
};
