import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** describe/it/test/suite, also as describe.concurrent.only or it.skipIf(…).only. */
const TEST_FUNCTIONS = '/^(describe|it|test|suite)$/';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'migrations/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A committed `.only` silently runs one test of its file and reports the rest as skipped.
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name="only"]:matches([object.name=${TEST_FUNCTIONS}], [object.object.name=${TEST_FUNCTIONS}], [object.callee.object.name=${TEST_FUNCTIONS}])`,
          message: 'No .only in committed tests: it skips every other test of the file (CI fails on it too).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // sonner loads with the first toast (apps/web/src/ui/toast.ts), and only then is its <Toaster> mounted.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/ui/toast.ts', 'apps/web/src/ui/toaster.tsx', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sonner', message: "Import toast from src/ui/toast.ts: a toast from 'sonner' itself has no Toaster." }] }],
    },
  },
  {
    // One way to write: inTransaction, whose commit releases the events published inside it. A raw
    // db.transaction would publish them before its own commit (or after a rollback).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/core/transaction.ts', 'apps/api/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name="transaction"]',
          message: 'Write through inTransaction (core/transaction.ts): events published inside it wait for its commit.',
        },
      ],
    },
  },
);
