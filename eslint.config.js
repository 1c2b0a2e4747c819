// ESLint for every workspace: typescript-eslint's type-checked rules (floating and misused
// promises above all), React hooks for the two UIs, and imports that are declared by the
// workspace using them and cross workspaces by package name only. Formatting is Prettier's (npm
// run format); import cycles are madge's (`npm run lint:cycles`, the last step of `npm run lint`),
// which follows `import type` too and reads each file once (ESLint's import/no-cycle parses every
// file a file imports again, for each file).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WORKSPACES = ['shared', 'api', 'web', 'desktop', 'bench'];
const TYPEORM_INTERNALS = { group: ['typeorm/*'], message: "TypeORM's internal modules: import from 'typeorm'." };
// The workspaces' own projects (the desktop renderer has a DOM one of its own) and the docs' checks.
const PROJECTS = [...WORKSPACES.map((w) => `${w}/tsconfig.json`), 'desktop/tsconfig.web.json', 'docs/tsconfig.json'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/out',
      'web/public',
      'desktop/resources',
      '**/test-results',
      '**/playwright-report',
      // Import cycles for api/src/import-cycles.test.ts to find.
      'lint-fixtures',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file is typed by the project of its nearest tsconfig.json, through TypeScript's project
      // service (as an editor does): the projects share the files they have in common (the
      // libraries' types above all) instead of each program reading its own copy.
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: PROJECTS, noWarnOnMultipleProjects: true } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import/no-duplicates': 'error',
      // Workspaces import each other by package name (@sourcing/*, through the "exports" of its
      // package.json), never by a relative path into another workspace's folder: the rule resolves
      // the path and compares the package.json nearest to it with the importing file's.
      'import/no-relative-packages': 'error',
    },
  },
  // Each workspace declares what it imports (test tools are declared once, at the root).
  ...WORKSPACES.map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'import/no-extraneous-dependencies': [
        'error',
        { packageDir: [import.meta.dirname, `${import.meta.dirname}/${workspace}`] },
      ],
    },
  })),
  // One data layer (docs/operations.md#storage-engines): the API reaches the database through the
  // `Database` of api/src/db/database.ts. Only api/src/db opens TypeORM's DataSource, its driver's
  // connections and its query runners; transactions begin with db.transaction; no module imports
  // TypeORM's internal files. api/src/db/data-layer-rule.test.ts proves these fire.
  {
    files: ['api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TYPEORM_INTERNALS] }] },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'typeorm', importNames: ['DataSource'], message: 'Use the Database of api/src/db/database.ts.' }],
          patterns: [TYPEORM_INTERNALS],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(driver|databaseConnection|master|createQueryRunner|connection)$/]',
          message: "TypeORM's connections and query runners belong to api/src/db: use the Database (db/database.ts).",
        },
        {
          selector:
            "CallExpression[callee.property.name='transaction'][callee.object.name!='db'][callee.object.property.name!='db']",
          message: 'Transactions begin with db.transaction (db/database.ts), the one entry point.',
        },
      ],
    },
  },
  // The rules of hooks and their dependencies (the React Compiler's stricter rules are not on: we
  // do not compile with it).
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: { globals: { ...globals.browser } },
  },
  // Tests read untyped HTTP and IPC answers on purpose (`any` is allowed there), and their stubs
  // implement promise-returning interfaces without awaiting anything.
  {
    files: ['**/*.test.{ts,tsx}', '**/e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // expect(mock.method) and destructured dynamic imports are the normal way to write assertions.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
