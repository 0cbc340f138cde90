/**
 * Vitest global set-up of the server project: one migrated in-memory PGlite, dumped to a file that every suite's
 * PGlite database starts from (`createTestDatabase`). A fresh PGlite costs PostgreSQL's initdb in WebAssembly plus
 * all the migrations, ~6–9 s of CPU; a load from the dump ~1.5 s. Over the ~250 PGlite databases of a run that was
 * the largest single cost of CI on two cores (issue 24). The migrations still run on every database (they find
 * nothing to do), and this set-up runs them from scratch on each run, so the template is never stale.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file (a gzipped data directory). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reef-pglite-template-'));
  const file = path.join(dir, 'migrated.tar.gz');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    if (!database.dump) throw new Error('the PGlite handle has no dump');
    await writeFile(file, await database.dump());
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
