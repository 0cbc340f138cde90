/**
 * Issue 16 §2 backups (decision 081): `npm run backup` while a real server runs on PGlite and writes (operator
 * adjustments in flight during the copy), more writes afterwards, stop, `npm run restore FILE`, start again: the data
 * is exactly the backed-up state — the balance and bills then, none of the later writes, the uploads then, and the
 * books consistent (every account's balance is the sum of its postings, every entry balanced).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openDatabase } from './client.js';
import { migratedPgliteDataDir } from '../test/harness.js';
import { callApi, exited, freePort, signInOverHttp, spawnServer, waitUntilAnswering } from '../test/server-process.js';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.resolve(SERVER_DIR, '../..');
let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

const env = (dataDir: string) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), DATA_DIR: dataDir });

async function startOn(dataDir: string, admin: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child, log } = spawnServer(['--import', 'tsx', path.join(SERVER_DIR, 'src/server.ts')], {
    cwd: SERVER_DIR,
    port,
    origin,
    env: { DATA_DIR: dataDir, ADMIN_ADDRESSES: admin },
    logLines: 200,
  });
  await waitUntilAnswering(child, origin, 60_000, log);
  return { origin, stop: async () => (child.kill('SIGTERM'), exited(child)) };
}

describe('backup and restore of the embedded database', () => {
  it('brings back exactly the backed-up state', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reef-backup-'));
    const dataDir = path.join(dir, 'data');
    await migratedPgliteDataDir(dataDir);
    const file = path.join(dir, 'reef.tar');
    const adminWallet = privateKeyToAccount(generatePrivateKey());
    const first = await startOn(dataDir, adminWallet.address);
    const admin = await signInOverHttp(first.origin, adminWallet);
    const alice = await signInOverHttp(first.origin);
    const fund = (amount: string) =>
      callApi(first.origin, 'POST', '/api/admin/ledger/adjust', admin.token, { uid: alice.uid, asset: 'usdt', amount, memo: 'fund' });
    expect((await fund('100')).status).toBe(200);
    await fs.promises.mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'before.png'), 'before');

    // The backup is taken while adjustments keep arriving.
    const during = Array.from({ length: 20 }, () => fund('1'));
    const backup = await run('npm', ['run', '--silent', 'backup', '--', file], { cwd: ROOT, env: env(dataDir) });
    expect(backup.stdout).toMatch(/backup written: .*reef\.tar \(\d+ bytes, schema \d{4}_\w+\)/);
    for (const result of await Promise.all(during)) expect(result.status).toBe(200);

    // More writes after the backup: a new user, more money, another upload.
    const bob = await signInOverHttp(first.origin);
    expect((await fund('50')).status).toBe(200);
    await writeFile(path.join(dataDir, 'uploads', 'after.png'), 'after');
    expect(await first.stop()).toBe(0);

    const restore = await run('npm', ['run', '--silent', 'restore', '--', file], { cwd: ROOT, env: env(dataDir) });
    expect(restore.stdout).toMatch(/restored .*reef\.tar/);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'before.png'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'after.png'))).toBe(false);

    // The restored books: consistent, with 100 plus some whole number of the 20 adjustments in flight, and no 50.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let balanceThen: string;
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [drift] = await rows<{ n: string }>(sql`
        select count(*) as n from ledger_accounts a
         where a.balance <> coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)`);
      expect(Number(drift!.n)).toBe(0);
      const unbalanced = await rows(sql`select entry_id from postings group by entry_id, asset having sum(amount) <> 0`);
      expect(unbalanced).toEqual([]);
      const [alicesRow] = await rows<{ balance: string; fifty: string; users: string }>(sql`
        select a.balance::text as balance,
               (select count(*) from postings p where p.account_id = a.id and p.amount = 50) as fifty,
               (select count(*) from users u where u.id = ${bob.uid}) as users
          from ledger_accounts a where a.user_id = ${alice.uid} and a.asset = 'usdt'`);
      balanceThen = alicesRow!.balance;
      expect(Number(alicesRow!.fifty)).toBe(0);
      expect(Number(alicesRow!.users)).toBe(0);
      expect(Number(balanceThen)).toBeGreaterThanOrEqual(100);
      expect(Number(balanceThen)).toBeLessThanOrEqual(120);
      expect(Number.isInteger(Number(balanceThen))).toBe(true);
    } finally {
      await database.close();
    }

    // A server on the restored directory answers that state: Alice's balance, and Bob's session does not exist.
    const second = await startOn(dataDir, adminWallet.address);
    try {
      const info = await callApi(second.origin, 'GET', '/api/user/info', alice.token);
      expect(info.status).toBe(200);
      const usdt = (info.data.balances as { key: string; amount: string }[]).find((b) => b.key === 'usdt');
      expect(usdt?.amount).toBe(balanceThen);
      expect((await callApi(second.origin, 'GET', '/api/user/info', bob.token)).status).not.toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 240_000);
});
