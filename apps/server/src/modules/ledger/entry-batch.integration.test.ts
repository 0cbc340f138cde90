/**
 * The entry batch (decision 127): entries decided one by one in memory over accounts locked once. A refused entry
 * changes nothing and the next ones are decided against the balances as they stand; what is written is what
 * `postEntry` would have written for the accepted entries in order, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DomainError } from '../../core/errors.js';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';
import { journalTotals, openEntryBatch, systemBalanceUnits, type EntryInput } from './ledger.service.js';

describe.each(databaseKinds)('the entry batch on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const bet = (userId: number, stake: bigint, payout: bigint, shard: 'game_house' | 'game_house:3'): EntryInput => ({
    kind: 'game_bet',
    actorId: userId,
    postings: [
      { account: { userId, asset: 'game' }, amount: -stake, kind: 'game_bet' },
      { account: { system: shard, asset: 'game' }, amount: stake, kind: 'game_bet' },
      ...(payout > 0n
        ? [
            { account: { userId, asset: 'game' as const }, amount: payout, kind: 'game_payout' as const },
            { account: { system: shard, asset: 'game' as const }, amount: -payout, kind: 'game_payout' as const },
          ]
        : []),
    ],
  });

  it('refuses an overdraft alone, decides the rest on the running balances and writes the accepted entries once', async () => {
    const alice = await t.signIn();
    await t.fund(alice.uid, 'game', '10');
    const units = (n: number) => BigInt(n) * 100_000_000n;
    const { written, refusedCode, balances } = await t.database.db.transaction(async (tx) => {
      const batch = await openEntryBatch(tx, [
        { userId: alice.uid, asset: 'game' },
        { system: 'game_house', asset: 'game' },
        { system: 'game_house:3', asset: 'game' },
      ]);
      const first = batch.post(bet(alice.uid, units(6), 0n, 'game_house'));
      let refused: unknown;
      try {
        batch.post(bet(alice.uid, units(6), units(20), 'game_house:3'));
      } catch (error) {
        refused = error;
      }
      // A shard may go negative (the house pays more than it took), a user may not.
      const third = batch.post(bet(alice.uid, units(4), units(9), 'game_house:3'));
      return { written: await batch.write(), refusedCode: (refused as DomainError).code, balances: [first.userBalances, third.userBalances] };
    });
    expect(refusedCode).toBe('INSUFFICIENT_BALANCE');
    expect(written).toHaveLength(2);
    expect(balances.map((b) => b.get(`${alice.uid}:game`))).toEqual(['4.00000000', '9.00000000']);

    const lines = (
      (await t.database.db.execute(sql`
        select a.system_key, p.user_id, p.amount::text as amount, p.balance_after::text as balance_after
          from postings p join ledger_accounts a on a.id = p.account_id
         where p.entry_id in (${written[0]!}, ${written[1]!}) order by p.id`)) as unknown as {
        rows: { system_key: string | null; user_id: number | null; amount: string; balance_after: string }[];
      }
    ).rows;
    expect(lines).toEqual([
      { system_key: null, user_id: alice.uid, amount: '-6.00000000', balance_after: '4.00000000' },
      { system_key: 'game_house', user_id: null, amount: '6.00000000', balance_after: '6.00000000' },
      { system_key: null, user_id: alice.uid, amount: '-4.00000000', balance_after: '0.00000000' },
      { system_key: 'game_house:3', user_id: null, amount: '4.00000000', balance_after: '4.00000000' },
      { system_key: null, user_id: alice.uid, amount: '9.00000000', balance_after: '9.00000000' },
      { system_key: 'game_house:3', user_id: null, amount: '-9.00000000', balance_after: '-5.00000000' },
    ]);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: alice.token });
    expect((info.data.balances as { key: string; amount: string }[]).find((b) => b.key === 'game')?.amount).toBe('9.00000000');
    // One house figure: shard 0 holds 6, shard 3 holds −5.
    expect((await systemBalanceUnits(t.database.db, 'game_house')).get('game')).toBe(units(1));
    for (const [asset, total] of await journalTotals(t.database.db)) expect(total, asset).toBe(0n);
  });
});
