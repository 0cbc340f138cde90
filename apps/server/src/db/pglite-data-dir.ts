/**
 * A PGlite data directory written from a dump (PGlite's gzipped tar of one, as `dumpDataDir` makes it): a restore
 * (backup.ts) and the tests that start a server or a child process on a directory already migrated (the run's
 * template, decision 129) instead of paying PostgreSQL's initdb and every migration in WebAssembly again.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Writes `dump` as `<dataDir>/pglite`, the layout `openDatabase` and the server read; `<dataDir>/pglite` must not exist yet. */
export async function loadPgliteDataDir(dataDir: string, dump: Uint8Array): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const pg = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([dump]) });
  await pg.waitReady;
  await pg.close();
}
