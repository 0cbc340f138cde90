import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase, databaseKinds } from '../../test/harness.js';
import { expectSettledExactlyOnce } from '../../test/settlement-expect.js';
import { seedSettlementLoad } from '../../test/settlement-kit.js';
import { settleMining } from '../mining/mining.service.js';
import { settlePledge } from './pledge.service.js';

const DAY = 86_400_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('settlements (%s)', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const expectExactlyOnce = () => expectSettledExactlyOnce(database.db);

  it('pays each due period once however often it runs, and catches up a 10-day outage in order', async () => {
    const start = new Date(Date.UTC(2027, 0, 10));
    const load = await seedSettlementLoad(database.db, { users: 30, minersPerUser: 2, positionsPerUser: 2, start, cycleDays: 5, releaseDays: 3 });
    // Small batches, so the catch-up takes many statements.
    const first = await settleMining(database.db, start, {}, 7);
    expect(first).toEqual({ miners: 60, bubbles: 60 });
    expect((await settlePledge(database.db, start, {}, 7)).lines).toBe(60);
    expect(await settleMining(database.db, start, {}, 7)).toEqual({ miners: 0, bubbles: 0 });
    expect((await settlePledge(database.db, start, {}, 7)).lines).toBe(0);
    await expectExactlyOnce();

    // Ten days without a run, then one run: days 2..11 of every miner; interest days 2..5, then the three releases.
    const later = new Date(start.getTime() + 10 * DAY);
    expect(await settleMining(database.db, later, {}, 7)).toEqual({ miners: 60, bubbles: 600 });
    expect((await settlePledge(database.db, later, {}, 7)).lines).toBe(60 * 7);
    const facts = await expectExactlyOnce();
    expect(facts.periodsCreated).toBe(60 * 11);
    expect(facts.periodsPaid).toBe(60 * 8);

    // In order: every position's periods were paid in due order, and the batches went earliest-due first.
    const outOfOrder = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::integer as n from (
          select due_at < lag(due_at) over (order by id) as back from pledge_settlements where product_id = ${load.pledgeProductId}) s
         where back`),
    )[0]!.n;
    expect(outOfOrder).toBe(0);
    // The same figures as if it had never stopped: each line is dated at its period, each bubble ripens on its day.
    const dated = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::integer as n from pledge_settlements s join pledge_positions p on p.id = s.position_id
         where s.due_at <> case when s.kind = 'interest' then p.dividend_at + make_interval(secs => s.period * 86400)
                                else p.unlock_at + make_interval(secs => s.period * 86400) end`),
    )[0]!.n;
    expect(dated).toBe(0);
    const lines = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::integer as n from postings p join pledge_settlements s on s.entry_id = p.entry_id and s.user_id = p.user_id
         and p.kind = 'pledge_' || s.kind and p.created_at = s.due_at`),
    )[0]!.n;
    expect(lines).toBeGreaterThanOrEqual(60 * 8);
    // Every position is released: its holder is no longer 'pledged'.
    const stillPledged = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::integer as n from users u join pledge_positions p on p.user_id = u.id where u.pledged`),
    )[0]!.n;
    expect(stillPledged).toBe(0);
    const events = rowsOf<{ type: string; n: number }>(
      await database.db.execute(sql`select type, count(*)::integer as n from business_events where type like 'pledge.%' group by type order by type`),
    );
    expect(events.find((e) => e.type === 'pledge.released')?.n).toBe(60 * 3);
    expect(events.find((e) => e.type === 'pledge.settled')?.n).toBeGreaterThan(0);
  });

  it('two settlements at once pay once', async () => {
    const start = new Date(Date.UTC(2027, 5, 1));
    await seedSettlementLoad(database.db, { users: 40, minersPerUser: 1, positionsPerUser: 1, start, cycleDays: 3, releaseDays: 2 });
    const later = new Date(start.getTime() + 6 * DAY);
    await Promise.all([
      settleMining(database.db, later, {}, 5),
      settleMining(database.db, later, {}, 5),
      settlePledge(database.db, later, {}, 5),
      settlePledge(database.db, later, {}, 5),
    ]);
    await expectExactlyOnce();
  });

  it('the ledger still refuses, at commit, an entry that does not balance (its check now runs once per entry)', async () => {
    const attempt = database.db.transaction(async (tx) => {
      const entry = rowsOf<{ id: number }>(await tx.execute(sql`insert into journal_entries (kind) values ('probe') returning id`))[0]!.id;
      const account = rowsOf<{ id: number }>(await tx.execute(sql`select id from ledger_accounts where system_key = 'pledge_interest' limit 1`))[0]!.id;
      await tx.execute(
        sql`insert into postings (entry_id, account_id, asset, amount, balance_after, kind) values (${entry}, ${account}, 'coin', 1, 0, 'probe')`,
      );
      await tx.execute(
        sql`insert into postings (entry_id, account_id, asset, amount, balance_after, kind) values (${entry}, ${account}, 'coin', 1, 0, 'probe')`,
      );
    });
    await expect(attempt).rejects.toThrow();
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::integer as n from postings where kind = 'probe'`))[0]!.n).toBe(0);
  });
});
