// Lint is where the architecture's boundaries are enforced: a violation fails `npm test` and CI.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const LEDGER_TABLES = ['ledgerAccounts', 'postings', 'journalEntries'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**', '.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    // Resolves `./x.js` to `./x.ts` and workspace packages, so path zones see every import.
    settings: {
      'import/resolver': {
        typescript: { project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'] },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // The web app never reaches into the server, nor the server into the web app.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // The contract is the shared ground: it depends on neither side.
            { target: './packages/contract', from: './apps' },
            // A web feature never imports another feature; the app layer composes them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            // Features and shared code never import the app layer.
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
  {
    // Only the database layer (db/ and *.repository.ts) speaks Drizzle; services and routes go through repositories.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only db/ and *.repository.ts files use Drizzle.' }] },
      ],
    },
  },
  {
    // Money moves only through the ledger module: no other module touches its tables.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/ledger/**', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only db/ and *.repository.ts files use Drizzle.' },
            { group: ['**/db/schema/index.js', '**/db/schema/ledger.js'], importNames: LEDGER_TABLES, message: 'Balances change only through modules/ledger (postEntry).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.repository.ts'],
    ignores: ['apps/server/src/modules/ledger/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/schema/index.js', '**/db/schema/ledger.js'], importNames: LEDGER_TABLES, message: 'Balances change only through modules/ledger (postEntry).' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
