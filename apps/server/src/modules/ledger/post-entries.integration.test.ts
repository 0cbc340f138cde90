/**
 * `postEntries` (decision 087): many balanced entries in a fixed number of statements, with the same postings,
 * balances after and refusals as `postEntry` called for each in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';
import { journalTotals, postEntries, postEntry, type EntryInput } from './ledger.service.js';

interface Line {
  entry_id: number;
  user_id: number | null;
  asset: string;
  amount: string;
  balance_after: string;
  kind: string;
  memo: string;
}

describe.each(databaseKinds)('postEntries on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const linesOf = async (entryIds: number[]): Promise<Line[]> =>
    (
      (await t.database.db.execute(sql`
        select entry_id::int as entry_id, user_id, asset, amount::text as amount, balance_after::text as balance_after, kind, memo
          from postings where entry_id in (${sql.join(
            entryIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`)) as unknown as { rows: Line[] }
    ).rows;

  /** Three entries over two users: a reward to each from the `rewards` account, then a transfer between them. */
  const entries = (a: number, b: number): EntryInput[] => [
    {
      kind: 'reward',
      memo: 'first',
      actorId: null,
      postings: [
        { account: { system: 'rewards', asset: 'usdt' }, amount: -toUnits('3.5'), kind: 'reward_paid' },
        { account: { userId: a, asset: 'usdt' }, amount: toUnits('2'), kind: 'reward_direct', memo: 'to a' },
        { account: { userId: b, asset: 'usdt' }, amount: toUnits('1.5'), kind: 'reward_indirect' },
      ],
    },
    {
      kind: 'reward',
      memo: 'second',
      actorId: null,
      postings: [
        { account: { system: 'rewards', asset: 'usdt' }, amount: -toUnits('0.00000001'), kind: 'reward_paid' },
        { account: { userId: a, asset: 'usdt' }, amount: toUnits('0.00000001'), kind: 'reward_direct' },
      ],
    },
    {
      kind: 'transfer',
      memo: 'third',
      actorId: a,
      postings: [
        { account: { userId: a, asset: 'usdt' }, amount: -toUnits('2.00000001'), kind: 'transfer_out' },
        { account: { userId: b, asset: 'usdt' }, amount: toUnits('2.00000001'), kind: 'transfer_in' },
      ],
    },
  ];

  /** The lines of a run with entry ids replaced by their position and users by a/b, to compare two runs. */
  const shape = (lines: Line[], ids: number[], a: number, b: number) =>
    lines.map((l) => ({ ...l, entry_id: ids.indexOf(l.entry_id), user_id: l.user_id === a ? 'a' : l.user_id === b ? 'b' : l.user_id }));

  it('writes what postEntry one at a time writes: the lines in order, each balance after, the balances', async () => {
    const [a1, b1, a2, b2] = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    const one: number[] = [];
    await t.database.db.transaction(async (tx) => {
      for (const entry of entries(a1.uid, b1.uid)) one.push((await postEntry(tx, entry)).entryId);
    });
    const batch = await t.database.db.transaction((tx) => postEntries(tx, entries(a2.uid, b2.uid)));
    expect(batch).toHaveLength(3);
    expect([...batch].sort((x, y) => x - y)).toEqual(batch);
    const batchLines = await linesOf(batch);
    // The rewards account's balance after differs between the runs (the first run moved it): compare the users' lines.
    const users = (lines: Line[]) => lines.filter((l) => l.user_id !== null);
    expect(shape(users(batchLines), batch, a2.uid, b2.uid)).toEqual(shape(users(await linesOf(one)), one, a1.uid, b1.uid));
    expect(users(batchLines).map((l) => l.balance_after)).toEqual(['2.00000000', '1.50000000', '2.00000001', '0.00000000', '3.50000001']);
    const system = batchLines.filter((l) => l.user_id === null);
    expect(system.map((l) => toUnits(l.balance_after) - toUnits(system[0]!.balance_after))).toEqual([0n, -1n]);
    const balances = await t.database.db.execute(
      sql`select user_id, balance::text as balance from ledger_accounts where asset = 'usdt' and user_id in (${a2.uid}, ${b2.uid}) order by user_id`,
    );
    expect((balances as unknown as { rows: { balance: string }[] }).rows.map((r) => r.balance)).toEqual(['0.00000000', '3.50000001']);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('refuses the whole batch when one line would take a user below zero, and an unknown user; nothing is written', async () => {
    const [a, b] = [await t.signIn(), await t.signIn()];
    const count = async () =>
      ((await t.database.db.execute(sql`select count(*)::int as n from journal_entries`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await count();
    const overdraw = entries(a.uid, b.uid);
    overdraw[2]!.postings[0]!.amount = -toUnits('2.00000002');
    overdraw[2]!.postings[1]!.amount = toUnits('2.00000002');
    await expect(t.database.db.transaction((tx) => postEntries(tx, overdraw))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(t.database.db.transaction((tx) => postEntries(tx, entries(a.uid, 2_000_000_000)))).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(await count()).toBe(before);
    expect(await t.database.db.transaction((tx) => postEntries(tx, []))).toEqual([]);
  });
});
