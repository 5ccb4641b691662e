import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones (CONVENTIONS.md "Imports flow one way"): contract <- db <- api; contract <- web.
const noDb = {
  group: ['@fretline/db', '@fretline/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'],
  message: 'The web app talks to the API client, never to the database.',
};
const noApps = { group: ['**/apps/*', '@fretline/api', '@fretline/web'], message: 'Packages never import the apps.' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '.data/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      // Local parallel builds, and the demo HLS clip whose MPEG-TS segments end in .ts.
      'apps/web/build-*/**',
      'media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/api/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDb, noApps] }] },
  },
  {
    files: ['packages/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApps] }] },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDb,
            { group: ['**/apps/api/**', '@fretline/api'], message: 'The web app reaches the API over HTTP only.' },
            { regex: '^(\\.\\./)+api/', message: 'The web app reaches the API over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // The web test server (ADR 0054) starts the real API in-process and seeds its database; only
    // it may import the API and the database.
    files: ['apps/web/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // A web feature never imports another feature; routes compose them. A feature may keep
  // sub-folders (features/editor/form-kit/), which import each other freely: the rule looks for an
  // import that climbs out of the feature's own folder, so it depends on how deep the file sits.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/app/features/${'*/'.repeat(depth)}*`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDb,
            {
              regex: `^(\\.\\./){${depth}}(?!\\.\\.)[a-z0-9-]+/`,
              message: 'Features do not import each other; compose them in a route.',
            },
          ],
        },
      ],
    },
  })),
  {
    // A service reaches another service only through its index.ts.
    files: ['apps/api/src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[a-z0-9-]+/(?!index\\.ts$)',
              message: 'Import another service only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
