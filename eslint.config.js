import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/confirm.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'modals',
          property: 'openConfirmModal',
          message: 'Use openConfirm (components/confirm): its Confirm acts once for a double click.',
        },
      ],
    },
  },
  {
    // The layers (docs/ARCHITECTURE.md): SQL lives in repositories and db/; a route or a service reaches the
    // database only through the repositories and the unit of work it is handed (modules/unit-of-work.ts).
    files: ['server/src/**/*.service.ts', 'server/src/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'SQL belongs in a repository: ask it for what the service needs.' },
          ],
          patterns: [
            {
              regex: '(^|/)db(/|$)',
              message:
                'Services and routes do not reach db/: use the repository, or modules/unit-of-work.ts for the unit of work.',
            },
          ],
        },
      ],
    },
  },
  {
    // An import circle makes a module's load order matter and hides which layer depends on which.
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['contract/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
