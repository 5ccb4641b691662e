import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones (CONVENTIONS.md "Imports flow one way"): contract <- db <- api; contract <- web.
const noDb = {
  group: ['@fretline/db', '@fretline/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'],
  message: 'The web app talks to the API client, never to the database.',
};
const noApps = { group: ['**/apps/*', '@fretline/api', '@fretline/web'], message: 'Packages never import the apps.' };

/*
 * The API's import graph (ADR 0050). These are exported so apps/api/src/lint-rules.test.ts lints
 * deliberate violations with exactly these rules.
 */

// import-x follows imports only into files it can parse and resolve: without these settings it
// read no .ts file, so import-x/no-cycle passed whatever the graph.
export const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
};

export const noCycleRule = ['error', { maxDepth: 10, ignoreExternal: true }];

/**
 * The API's zones, for the repository at `root`: a service reaches another service only through
 * its index.ts, at any depth of either folder (`services/videos/editor/*` too); plugins/ and
 * platform/ sit below the services and import none. app.ts, the composition root, is in no zone.
 * Paths are resolved to files, so `../../staff/audit.ts` and `../staff/audit.ts` are the same
 * import wherever the importing file sits. Tests are outside the zones: an integration test
 * drives the whole app and may name any module's constants.
 */
export function apiImportZones(root) {
  const src = 'apps/api/src';
  const services = readdirSync(path.join(root, src, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const serviceZones = services.map((service) => ({
    target: `${src}/services/${service}`,
    from: `${src}/services`,
    except: [`./${service}`, ...services.filter((other) => other !== service).map((other) => `./${other}/index.ts`)],
    message: 'Import another service only through its index.ts (ADR 0050).',
  }));
  return {
    files: [`${src}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...serviceZones,
            {
              target: [`${src}/plugins`, `${src}/platform`],
              from: `${src}/services`,
              message: 'plugins/ and platform/ sit below the services and import none; wire services in app.ts (ADR 0050).',
            },
          ],
        },
      ],
    },
  };
}

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
      // Left behind only if apps/api/src/lint-rules.test.ts is killed mid-run.
      '.lint-fixtures-*/**',
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
    settings: importSettings,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': noCycleRule,
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
  apiImportZones(import.meta.dirname),
  {
    files: ['scripts/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
