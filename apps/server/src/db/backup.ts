/**
 * Backups of the embedded database and the uploads (decision 081). A backup is one tar file holding
 * `manifest.json` (format, time, schema version), `pglite.tar.gz` (PGlite's own dump of its data directory, taken
 * between transactions by the database thread) and `uploads/`. While the server runs, it writes the backup itself
 * when `npm run backup` asks over `DATA_DIR/reef-ops.sock` (the data directory belongs to one process); otherwise the
 * command opens the directory and writes it. `npm run restore FILE` needs the server stopped; it keeps what it
 * replaces beside it (`pglite.before-restore-<time>`, `uploads.before-restore-<time>`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrationsFolder } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { loadPgliteDataDir } from './pglite-data-dir.js';

const run = promisify(execFile);
export const BACKUP_FORMAT = 'reef-backup/1';
export const OPS_SOCKET = 'reef-ops.sock';

/** The tag of the last committed migration: the schema a backup or a dump was taken at. */
export function schemaVersion(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? 'none';
}

export interface BackupResult {
  file: string;
  bytes: number;
  schema: string;
}

/** Writes the backup to `file` (through `file.partial`, so a file with the final name is always whole). */
export async function writeBackup(options: { dump: () => Promise<Uint8Array>; dataDir: string; file: string }): Promise<BackupResult> {
  const file = path.resolve(options.file);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(file), '.reef-backup-'));
  try {
    await writeFile(path.join(work, 'pglite.tar.gz'), await options.dump());
    // After the dump: an upload is stored before the row naming it and never removed, so every file a row names is here.
    const uploads = path.join(options.dataDir, 'uploads');
    if (fs.existsSync(uploads)) await cp(uploads, path.join(work, 'uploads'), { recursive: true });
    const schema = schemaVersion();
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify({ format: BACKUP_FORMAT, created_at: new Date().toISOString(), schema }, null, 2));
    await run('tar', ['-cf', `${file}.partial`, '-C', work, '.']);
    await rename(`${file}.partial`, file);
    return { file, bytes: fs.statSync(file).size, schema };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(`${file}.partial`, { force: true });
  }
}

/** Replaces the data directory's database and uploads with the backup's. Refused while a server holds the directory. */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<{ schema: string; keptAside: string[] }> {
  const dataDir = path.resolve(options.dataDir);
  await fs.promises.mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  const work = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await run('tar', ['-xf', path.resolve(options.file), '-C', work]);
    const manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as { format?: string; schema?: string };
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`not a Reef backup (format ${String(manifest.format)})`);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAside: string[] = [];
    for (const name of ['pglite', 'uploads']) {
      const current = path.join(dataDir, name);
      if (!fs.existsSync(current)) continue;
      const aside = `${current}.before-restore-${stamp}`;
      await rename(current, aside);
      keptAside.push(aside);
    }
    await loadPgliteDataDir(dataDir, await readFile(path.join(work, 'pglite.tar.gz')));
    if (fs.existsSync(path.join(work, 'uploads'))) await rename(path.join(work, 'uploads'), path.join(dataDir, 'uploads'));
    return { schema: manifest.schema ?? 'unknown', keptAside };
  } finally {
    await rm(work, { recursive: true, force: true });
    release();
  }
}

/**
 * The running server's side: answers `{"op":"backup","file":…}` lines on `DATA_DIR/reef-ops.sock` with the result.
 * Only whoever may open the data directory may connect (a Unix socket, the directory's permissions).
 */
export async function serveBackups(options: { dataDir: string; dump: () => Promise<Uint8Array> }): Promise<{ close(): Promise<void> }> {
  const socketPath = path.join(options.dataDir, OPS_SOCKET);
  // The data directory is ours (its lock is held): a socket file left by a killed process is stale.
  await rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let input = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      input += chunk;
      const end = input.indexOf('\n');
      if (end < 0) return;
      const answer = async () => {
        try {
          const request = JSON.parse(input.slice(0, end)) as { op?: string; file?: string };
          if (request.op !== 'backup' || typeof request.file !== 'string') throw new Error('unknown operation');
          return { ok: true, ...(await writeBackup({ dump: options.dump, dataDir: options.dataDir, file: request.file })) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      };
      void answer().then((result) => connection.end(`${JSON.stringify(result)}\n`));
    });
    connection.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socketPath, { force: true });
      }),
  };
}

/** `npm run backup`'s side: asks the server on `dataDir` to write `file`; null when no server listens there. */
export function requestBackup(dataDir: string, file: string): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(path.join(dataDir, OPS_SOCKET));
    let output = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ op: 'backup', file: path.resolve(file) })}\n`));
    connection.on('data', (chunk: string) => (output += chunk));
    connection.on('end', () => {
      try {
        const result = JSON.parse(output) as { ok: boolean; error?: string } & BackupResult;
        if (result.ok) resolve({ file: result.file, bytes: result.bytes, schema: result.schema });
        else reject(new Error(`the server could not write the backup: ${result.error}`));
      } catch {
        reject(new Error('the server closed the backup request without an answer'));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
