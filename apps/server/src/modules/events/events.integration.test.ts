import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { createScratchDatabaseUrl } from '../../test/server-process.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { consumeEvents, eventsOfUser, recordEvent, type StoredEvent } from './events.service.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PASSWORD = '246810';
const HASH = `0x${'ab'.repeat(32)}`;

describe.each(databaseKinds)('business events (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;

  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '1000', coin: '1000' });
    bob = await t.signIn();
  });

  const post = (user: SignedInUser, url: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url, token: user.token, payload });
  const typesOf = async (user: SignedInUser) => (await eventsOfUser(t.database.db, user.uid)).map((e) => e.type);

  it('a transfer writes its event with the entry; a refused one writes none', async () => {
    const res = await post(alice, '/api/finance/other/trade', { to: bob.account, amount: '10', asset: 'usdt', password: PASSWORD });
    expect(res.status).toBe(200);
    const events = await eventsOfUser(t.database.db, alice.uid);
    expect(events.at(-1)).toMatchObject({
      type: 'transfer.sent',
      user_id: alice.uid,
      recipient_id: bob.uid,
      asset: 'usdt',
      amount: '10.00000000',
      fee: '0.00000000',
      entry_id: res.data.entry_id,
    });
    expect(events.at(-1)!.occurred_at).toBeInstanceOf(Date);

    const before = (await eventsOfUser(t.database.db, alice.uid)).length;
    const refused = await post(alice, '/api/finance/other/trade', { to: bob.account, amount: '100000', asset: 'usdt', password: PASSWORD });
    expect(refused.data.code).toBe('INSUFFICIENT_BALANCE');
    expect(await eventsOfUser(t.database.db, alice.uid)).toHaveLength(before);
  });

  it('a swap, an RUSD charge and a withdrawal request, approval and rejection write theirs', async () => {
    const lake = await post(t.admin, '/api/admin/lakes', {
      base: 'coin',
      quote: 'usdt',
      reserve_base: '10000',
      reserve_quote: '50000',
      fee_rate: '0.003',
      burn_share: '0.5',
      main: true,
    });
    expect(lake.status).toBe(200);
    const swap = await post(alice, '/api/finance/exchange/coin/usdt', { amount: '100', min_out: '0.00000001' });
    expect(JSON.stringify(swap)).toContain('"status":200');
    const charged = await post(alice, '/api/user/charge', { amount: '5' });
    expect(charged.status).toBe(200);
    const first = await post(alice, '/api/finance/extract', { amount: '120', password: PASSWORD });
    const second = await post(alice, '/api/finance/extract', { amount: '130', password: PASSWORD });
    expect([first.data, second.data]).toMatchObject([{ status: 'pending' }, { status: 'pending' }]);
    expect((await post(t.admin, `/api/admin/withdrawals/${first.data.id}/approve`, { tx_hash: HASH })).status).toBe(200);
    expect((await post(t.admin, `/api/admin/withdrawals/${second.data.id}/reject`, { reason: 'no' })).status).toBe(200);

    const events = await eventsOfUser(t.database.db, alice.uid);
    const byType = (type: StoredEvent['type']) => events.filter((e) => e.type === type);
    expect(byType('swap.executed').at(-1)).toMatchObject({
      asset_in: 'coin',
      amount_in: '100.00000000',
      asset_out: 'usdt',
      amount_out: swap.data.amount_out,
      fee: swap.data.fee,
      burn: swap.data.burn,
      entry_id: swap.data.entry_id,
    });
    expect(byType('charge.rusd').at(-1)).toMatchObject({ usdt: '5.00000000', rusd: charged.data.rusd, entry_id: charged.data.entry_id });
    expect(byType('withdrawal.requested').map((e) => e.type === 'withdrawal.requested' && e.withdrawal_id)).toEqual([first.data.id, second.data.id]);
    expect(byType('withdrawal.paid')).toEqual([
      expect.objectContaining({ withdrawal_id: first.data.id, operator_id: t.admin.uid, amount: '120.00000000', tx_hash: HASH }),
    ]);
    expect(byType('withdrawal.rejected')).toEqual([expect.objectContaining({ withdrawal_id: second.data.id, operator_id: t.admin.uid })]);
    // Written in order: every id is larger than the one before.
    const ids = events.map((e) => e.id);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
  });

  it('the outbox is append-only', async () => {
    await expect(t.database.db.execute(sql`update business_events set type = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from business_events`)).rejects.toThrow();
  });

  it('an event the contract refuses is not written, and neither is the change around it', async () => {
    const before = await typesOf(bob);
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'charge.rusd', user_id: bob.uid, usdt: '1.00000000', rusd: '1.00000000', entry_id: 1 });
        await recordEvent(tx, { type: 'charge.rusd', user_id: bob.uid, usdt: '1', rusd: '1.00000000', entry_id: 1 });
      }),
    ).rejects.toThrow();
    expect(await typesOf(bob)).toEqual(before);
  });

  it('a consumer gets every event once, in id order, and a failed batch comes again', async () => {
    const seen: bigint[] = [];
    const firstPass = await consumeEvents(t.database.db, 'test-reader', async (_tx, event) => void seen.push(event.id), { batchSize: 3 });
    expect(firstPass).toBeGreaterThan(5);
    expect(seen).toHaveLength(firstPass);
    expect([...seen].sort((a, b) => (a < b ? -1 : 1))).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    expect(await consumeEvents(t.database.db, 'test-reader', async () => undefined)).toBe(0);

    await post(alice, '/api/finance/other/trade', { to: bob.account, amount: '1', asset: 'usdt', password: PASSWORD });
    await post(alice, '/api/finance/other/trade', { to: bob.account, amount: '2', asset: 'usdt', password: PASSWORD });
    // The handler's own writes and the cursor roll back together: the failing event is handed over again.
    let fail = true;
    await expect(
      consumeEvents(
        t.database.db,
        'test-reader',
        async (_tx, event) => {
          if (fail && event.type === 'transfer.sent' && event.amount === '2.00000000') throw new Error('handler failed');
        },
        { batchSize: 1 },
      ),
    ).rejects.toThrow('handler failed');
    fail = false;
    const again: StoredEvent[] = [];
    expect(await consumeEvents(t.database.db, 'test-reader', async (_tx, event) => void again.push(event))).toBe(1);
    expect(again[0]).toMatchObject({ type: 'transfer.sent', amount: '2.00000000' });
    // Another consumer has its own cursor and starts from the beginning.
    expect(await consumeEvents(t.database.db, 'other-reader', async () => undefined)).toBe(firstPass + 2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('business events on PostgreSQL: commit order', () => {
  it('an id that commits after a higher one is not skipped: the reader waits for it', async () => {
    const scratch = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_events');
    const writer = await openDatabase({ kind: 'postgres', url: scratch.url });
    const reader = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      const [user] = rowsOf<{ n: number; id: number }>(
        await writer.db.execute(sql`insert into users (account, nickname) values ('0x00000000000000000000000000000000000000aa', 'late') returning id`),
      );
      const event = (amount: string) => ({ type: 'charge.rusd' as const, user_id: Number(user!.id), usdt: amount, rusd: amount, entry_id: 1 });
      let commitLate!: () => void;
      let lateDrewId!: () => void;
      const drew = new Promise<void>((resolve) => (lateDrewId = resolve));
      const hold = new Promise<void>((resolve) => (commitLate = resolve));
      // The late transaction draws the lower id first and commits last.
      const late = writer.db.transaction(async (tx) => {
        await recordEvent(tx, event('1.00000000'));
        lateDrewId();
        await hold;
      });
      await drew;
      await writer.db.transaction((tx) => recordEvent(tx, event('2.00000000')).then(() => undefined));

      const seen: string[] = [];
      let done = false;
      const reading = consumeEvents(reader.db, 'late-reader', async (_tx, e) => void seen.push(e.type === 'charge.rusd' ? e.usdt : '')).then((n) => {
        done = true;
        return n;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The committed higher id is not handed over while the lower one is in flight.
      expect(done).toBe(false);
      expect(seen).toEqual([]);
      commitLate();
      await late;
      expect(await reading).toBe(2);
      expect(seen).toEqual(['1.00000000', '2.00000000']);
    } finally {
      await writer.close();
      await reader.close();
      await scratch.drop();
    }
  });
});
