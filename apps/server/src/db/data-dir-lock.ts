/**
 * PGlite is a single-process database: two processes writing one data dir corrupt it.
 * A lock file holding the owner's pid makes a second start refuse with a clear message;
 * a lock left by a process that no longer exists (a crash, kill -9) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'reef.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Reef server (pid ${owner}). ` +
            'The embedded database serves one process at a time: stop that server, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
