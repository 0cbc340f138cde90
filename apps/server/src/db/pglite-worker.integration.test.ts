/**
 * The embedded database in its worker thread (decision 040): values, errors and transactions come back to the
 * main thread as they did from an in-process PGlite, and the event loop stays free while writes run.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf } from './sql-state.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { createTestApp, type SignedInUser, type TestApp } from '../test/harness.js';

/** The senders' transaction password: transfers need it (decision 041). */
const PASSWORD = '246810';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('PGlite in a worker thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.db.execute(sql`create table probe (id serial primary key, label text unique not null, amount numeric(36, 18), at timestamptz)`);
  });
  afterAll(() => handle.close());

  it('returns numeric, bigint, timestamp and json values as the in-process driver did', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select 1.000000000000000001::numeric(36, 18) as amount, 9007199254740993::int8 as big, 42::int4 as small,
            '2026-01-02 03:04:05.678+00'::timestamptz as at, '{"a": [1, "2"]}'::jsonb as doc, true as yes, null::text as nothing`,
      ),
    );
    expect(row).toEqual({
      amount: '1.000000000000000001',
      big: 9007199254740993n,
      small: 42,
      // Drizzle keeps timestamps as text: its parser runs on the main thread.
      at: '2026-01-02 03:04:05.678+00',
      doc: { a: [1, '2'] },
      yes: true,
      nothing: null,
    });
  });

  it('rebuilds database errors with their SQLSTATE, constraint and detail', async () => {
    await handle.db.execute(sql`insert into probe (label) values ('taken')`);
    const error = await handle.db.execute(sql`insert into probe (label) values ('taken')`).catch((e: unknown) => e);
    expect(sqlStateOf(error)).toBe('23505');
    const cause = (error as { cause: { constraint: string; detail: string; message: string } }).cause;
    expect(cause.constraint).toBe('probe_label_key');
    expect(cause.detail).toBe('Key (label)=(taken) already exists.');
    expect(cause.message).toMatch(/duplicate key value/);
  });

  it('rolls a failed transaction back whole and keeps other statements out until it ends', async () => {
    const failed = handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe (label, amount) values ('half', 1)`);
        // Sent while the transaction is open: it must wait for the rollback and not see 'half'.
        const outside = handle.db.execute(sql`select count(*)::int as n from probe where label = 'half'`);
        await tx.execute(sql`insert into probe (label) values ('taken')`);
        return outside;
      })
      .catch((e: unknown) => e);
    expect(sqlStateOf(await failed)).toBe('23505');
    const [after] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from probe where label = 'half'`));
    expect(after!.n).toBe(0);

    const committed = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (label, amount) values ('whole', 2.5)`);
      // A nested transaction is a savepoint inside the same worker transaction.
      await tx.transaction(async (inner) => inner.execute(sql`update probe set amount = amount + 1 where label = 'whole'`));
      return rowsOf<{ amount: string }>(await tx.execute(sql`select amount from probe where label = 'whole'`))[0]!.amount;
    });
    expect(committed).toBe('3.500000000000000000');
  });
});

describe('the event loop while 100 transfers write to PGlite', () => {
  let t: TestApp;
  let senders: SignedInUser[];
  let receiver: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    receiver = await t.signIn();
    senders = [];
    for (let i = 0; i < 4; i++) senders.push(await t.signInPayer(PASSWORD, { usdt: '100' }));
  });
  afterAll(() => t.close());

  /** 100 transfers, each request arriving on its own event-loop turn as from a socket (inject runs a request's
   * first steps synchronously: 100 of them in one turn would be the test's own lag, not the server's). */
  const hundredTransfers = async () => {
    const pending = [];
    for (let i = 0; i < 100; i++) {
      const payload = { to: receiver.account, amount: '0.25', asset: 'usdt', password: PASSWORD };
      pending.push(t.call({ method: 'POST', url: '/api/finance/other/trade', token: senders[i % 4]!.token, payload }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return Promise.all(pending);
  };

  it('keeps timers within 100 ms', async () => {
    // A first round warms the JIT and the statement caches, as on a running server.
    await hundredTransfers();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const results = await hundredTransfers();
    delay.disable();
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: receiver.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('50.00000000');
    // In nanoseconds. Measured on the shared 2-core machine: in-process PGlite had a median lag of 40–80 ms and a
    // p99 of 200–570 ms under this load; in the worker a median of ~6 ms and a p99 of 30–90 ms. The p99 (not the
    // max) is asserted because an idle process on that machine already sees single 40 ms stalls.
    expect(delay.percentile(50) / 1e6).toBeLessThan(20);
    expect(delay.percentile(99) / 1e6).toBeLessThan(100);
  });
});
