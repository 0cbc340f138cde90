import { defineConfig } from 'vitest/config';
import { catalogueSplit } from './apps/web/vite-plugins/catalogue-split';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1), and one file at a time leaves the cores idle
    // most of the run: an integration suite mostly waits on PostgreSQL, the PGlite worker thread or a child server.
    // Three files at once (PGlite and PostgreSQL suites side by side; each owns its database) keep both cores busy
    // (decision 099). `--maxWorkers=N` on the command line overrides it.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          // bench/: only the bench's own pure logic (the goal table's verdicts); the benches themselves run in `npm run bench`.
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          // One migrated PGlite per run, copied by every suite (its header says why).
          globalSetup: ['src/test/pglite-template.global.ts'],
          // The files of a worker share one import of the server's module graph instead of importing it again per
          // file (a third of the project's CPU went to imports); each file still opens its own databases and app, and
          // the set-up file puts the business clock back (decision 112).
          isolate: false,
          setupFiles: ['src/test/file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The cluster (deploy/cluster.ts, decision 123): built nodes behind nginx on PostgreSQL and Redis.
          name: 'deploy',
          root: './deploy',
          include: ['*.test.ts'],
          // Its own project (and its own step of `npm test`, after the others): it loads both cores with three
          // nodes, nginx and a database of its own for minutes, which would slow every suite beside it (decision 128).
          exclude: ['cluster-faults.integration.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'faults',
          root: './deploy',
          include: ['cluster-faults.integration.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The catalogues' first-screen and rest parts, as the build makes them (decision 046).
        plugins: [catalogueSplit()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
    ],
  },
});
