// Type-aware lint (STYLE.md §8): the rules that catch what tsc does not.
// Kept under .ci/ because the project card fixes the top level; `npm run lint` points at it.
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');

export default tseslint.config(
  { basePath: root },
  // Home fixtures are files of audited homes (an opencode plugin.ts), data rather than project code.
  { ignores: ['dist/**', 'node_modules/**', '**/*.js', '**/*.mjs', 'fixtures/homes/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'fixtures/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // node:test's test/it/describe return promises the runner awaits itself.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    // A spread passes each element as an argument on the stack: from about 120,000 elements V8
    // throws RangeError, which one legal config reaches (red12). src/shared/lists.ts appends.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement", message: 'append(target, items) (src/shared/lists.ts): a spread into push overflows the stack on a large list.' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement", message: 'a loop or reduce: a spread into Math.max/min overflows the stack on a large list.' }],
    },
  },
);
