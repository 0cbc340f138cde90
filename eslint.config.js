// Lint is where the architecture's boundaries are enforced: a violation fails `npm test` and CI.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const serverModules = fs.existsSync('apps/server/src/modules')
  ? fs
      .readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * Besides `<module>.service.ts`, the only files another module may import: plain, rule-free surfaces.
 * Keep this list short; a new entry needs a reason here and in docs/architecture.md.
 */
const MODULE_PUBLIC_FILES = [
  // The help articles the assistant indexes: static content, no rules.
  'content/help-content.ts',
  // The chain client has no service or tables: its files are its surface (reader, hot wallet, transfers).
  'chain',
  // Committing queued requests in groups, each with its own Idempotency-Key (swaps, starter cards; decision 061).
  'idempotency/group-writer.ts',
  // The one definition of a qualifying purchase, shared by the team figures and the reward engine (decisions 064, 065).
  'community/qualifying.ts',
  // The desk's agent list, kept equal to the service_agent role holders by the operators module (decision 082).
  'chat/service-desk.service.ts',
  // One transaction for an operator's change and its audit row: the registrar's, and any continuation or stored action re-run (decision 093).
  'audit/audited-write.ts',
  // SQL expressions a repository composes into its own statement (balance subqueries, the batch credit, the event
  // writer): a repository never imports a service (decision 107), and these cost no round trip (decisions 064, 094).
  'ledger/ledger.sql.ts',
  'events/events.sql.ts',
  // The level's name as a subquery, for the user card (decision 117).
  'community/community.sql.ts',
];

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
        typescript: {
          project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json', 'deploy/tsconfig.json'],
        },
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
            // A server module reaches another only through its service (or a listed public file), never its
            // repository, routes or views. Tests may wire several modules together.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}/**/!(*.test).ts`,
              from: './apps/server/src/modules',
              except: [
                `./${module}`,
                ...serverModules.filter((other) => other !== module).map((other) => `./${other}/${other}.service.ts`),
                ...MODULE_PUBLIC_FILES.filter((file) => file.split('/')[0] !== module).map((file) => `./${file}`),
              ],
              message: 'Import another module through its <module>.service.ts (or a MODULE_PUBLIC_FILES entry in eslint.config.js).',
            })),
            // Domain code never depends on the web framework's plugins; only routes (the HTTP edge) do.
            {
              target: './apps/server/src/modules/**/!(*.routes|*.test).ts',
              from: './apps/server/src/plugins',
              message: 'Domain code imports core/ (errors, AuthUser), not plugins/.',
            },
            // Core and infrastructure sit below the modules and know none of them.
            { target: ['./apps/server/src/core', './apps/server/src/infra'], from: ['./apps/server/src/modules', './apps/server/src/plugins'] },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules for the promise mistakes the compiler lets through: a promise nobody awaits loses its
    // rejection (an unhandled rejection, or a write that silently did not happen), and an async function
    // passed where a void callback is expected does the same.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig of its workspace; the two root files belong to none.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
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
            {
              group: ['**/db/schema/index.js', '**/db/schema/ledger.js'],
              importNames: LEDGER_TABLES,
              message: 'Balances change only through modules/ledger (postEntry).',
            },
          ],
        },
      ],
    },
  },
  {
    // One ledger gateway (decision 094): the SQL money functions (reef_ledger_post, reef_ledger_credit_batch,
    // reef_market_swap*, reef_cards_buy_starter*, …) are called only from modules/ledger, through its typed wrappers.
    // `reef_record_event(s)` writes the business-event outbox, not money: it belongs to modules/events, which may
    // name it (and nothing else); every other file reaches it through events.service's `recordEventsCall`.
    // A `reef_` metric name in a plain string (plugins/operations.ts) is no call and is not matched.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/ledger/**', 'apps/server/src/modules/events/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/\\breef_\\w+\\s*\\(/]',
          message: 'Call the SQL money functions through modules/ledger (ledger.service), events through events.service (decision 094).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/events/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/\\breef_(?!record_events?\\s*\\()\\w+\\s*\\(/]',
          message: 'modules/events calls only reef_record_event(s); money functions go through modules/ledger (decision 094).',
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
        {
          patterns: [
            {
              group: ['**/db/schema/index.js', '**/db/schema/ledger.js'],
              importNames: LEDGER_TABLES,
              message: 'Balances change only through modules/ledger (postEntry).',
            },
          ],
        },
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
    // One number format on screen (decision 045): the web app shows amounts through lib/amount-format, never the
    // contract's ungrouped formatAmount.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/amount-format.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@reef/contract', importNames: ['formatAmount'], message: 'Show amounts with formatGroupedAmount (lib/amount-format).' },
            // Decision 046: the adapter in src/i18n owns the i18next instance and the catalogue parts.
            { name: 'i18next', message: 'Translate through useTranslation / t from src/i18n.' },
            { name: 'react-i18next', message: 'Translate through useTranslation / t from src/i18n.' },
          ],
        },
      ],
    },
  },
  {
    // The i18n adapter is the one module that talks to i18next.
    files: ['apps/web/src/i18n/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@reef/contract', importNames: ['formatAmount'], message: 'Show amounts with formatGroupedAmount (lib/amount-format).' }] },
      ],
    },
  },
  {
    // The service worker's source, copied into the build as sw.js: a worker's globals, not a page's.
    files: ['apps/web/vite-plugins/service-worker.template.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
