import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/build/**', 'apps/web/.react-router/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits hides its failure (an unhandled rejection ends
    // the process), and an async function where a void callback is expected does the same.
    // Their types come from one program over the whole workspace (tsconfig.eslint.json says why).
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The browser bundle must not pull the server-side domain or every API schema: the web app
    // reaches core's values only from *.server.ts files (DESIGN section 2), route modules
    // included; types may be imported anywhere. zod reaches the browser only with a form's
    // schema, from '@shop/contract/forms' (form pages only). Tests run on the server.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*.server.{ts,tsx}', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/web/app/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shop/contract',
              allowTypeImports: true,
              message: "Import values from '@shop/contract/browser' (zod-free) in browser code, or a form's schema from '@shop/contract/forms'.",
            },
            { name: 'zod', allowTypeImports: true, message: "A form's schema is in '@shop/contract/forms': one schema for the action, the API and the browser." },
          ],
          patterns: [{ group: ['@shop/core', '@shop/core/*', '@shop/db', '@shop/db/*'], allowTypeImports: true, message: 'The web app reaches core only through *.server.ts files.' }],
        },
      ],
    },
  },
);
