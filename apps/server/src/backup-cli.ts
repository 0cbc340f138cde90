/**
 * `npm run backup [FILE]` and `npm run restore FILE` for the embedded database and the uploads (decision 081).
 * Backup: the running server on DATA_DIR writes it (a consistent copy while it serves); with no server running, this
 * process opens the directory and writes it. Default file: DATA_DIR/backups/reef-<time>.tar. Restore: the server
 * must be stopped; what is replaced is kept beside it. PostgreSQL (DATABASE_URL): pg_dump, see the README.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { requestBackup, restoreBackup, writeBackup } from './db/backup.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README, "Backups").');
  }
  if (command === 'backup') {
    const target = path.resolve(file ?? path.join(config.dataDir, 'backups', `reef-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`));
    let result = await requestBackup(config.dataDir, target);
    if (result === null) {
      // No server on this directory: open it here (the lock refuses if one starts meanwhile).
      const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
      try {
        result = await writeBackup({ dump: database.dump!, dataDir: config.dataDir, file: target });
      } finally {
        await database.close();
      }
    }
    console.log(`backup written: ${result.file} (${result.bytes} bytes, schema ${result.schema})`);
  } else if (command === 'restore' && file) {
    const result = await restoreBackup({ file, dataDir: config.dataDir });
    console.log(`restored ${path.resolve(file)} into ${config.dataDir} (schema ${result.schema}); the previous data is kept at:`);
    for (const aside of result.keptAside) console.log(`  ${aside}`);
  } else {
    throw new ConfigError('usage: npm run backup [FILE] | npm run restore FILE');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
