/**
 * An acknowledged commit on the embedded database survives the process dying right after: a child process
 * commits rows one transaction at a time, reports each acknowledgement, and is killed with SIGKILL; the
 * reopened data directory holds every acknowledged row. It also checks PostgreSQL runs with fsync on, which
 * is what carries the same guarantee through a power loss.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const client = fileURLToPath(new URL('./client.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-durability-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const writer = `
  import fs from 'node:fs';
  import { sql } from 'drizzle-orm';
  import { openDatabase } from ${JSON.stringify(client)};
  const { db } = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
  await db.execute(sql\`create table probe (n integer primary key, amount numeric(36, 18) not null)\`);
  for (let n = 1; n <= 40; n++) {
    await db.transaction(async (tx) => {
      await tx.execute(sql\`insert into probe (n, amount) values (\${n}, \${n + '.000000000000000001'})\`);
    });
    fs.writeSync(1, 'acked ' + n + '\\n');
  }
  process.kill(process.pid, 'SIGKILL');
`;

describe('embedded database durability', () => {
  it('keeps every acknowledged commit when the process is killed right after', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const signal = await new Promise((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    const acked = out.split('\n').filter((line) => line.startsWith('acked ')).length;
    expect(acked).toBe(40);

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await handle.db.execute(sql`select n, amount from probe order by n`);
      const found = (rows as unknown as { rows: { n: number; amount: string }[] }).rows;
      expect(found).toHaveLength(acked);
      expect(found.at(-1)).toEqual({ n: 40, amount: '40.000000000000000001' });
      const settings = await handle.db.execute(sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync`);
      expect((settings as unknown as { rows: unknown[] }).rows[0]).toEqual({ fsync: 'on', sync: 'on' });
    } finally {
      await handle.close();
    }
  }, 180_000);
});
