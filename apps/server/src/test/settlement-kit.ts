/**
 * Settlement load for the crash, race and catch-up tests and the benchmark (decision 056): many holders with
 * running miners and pledge positions, written in a few set-based statements (going through the purchase and
 * lock endpoints one by one would take minutes for 100,000 rows), and the books kept balanced: the positions'
 * principal is moved into `pledge_locked` by one entry. Then `settlementFacts` reads back what was paid.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ASSET_KEYS, toUnits } from '@reef/contract';
import type { Database } from '../db/client.js';
import { adjustBalance, postEntry } from '../modules/ledger/ledger.service.js';
import { createProduct as createMiningProduct } from '../modules/mining/mining.service.js';
import { createProduct as createPledgeProduct } from '../modules/pledge/pledge.service.js';

const DAY_MS = 86_400_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SettlementLoad {
  operatorId: number;
  miningProductId: number;
  pledgeProductId: number;
  /** Day 1 of every miner starts here, and the first pledge interest falls due here. */
  start: Date;
}

export interface LoadOptions {
  users: number;
  minersPerUser: number;
  positionsPerUser: number;
  start: Date;
  /** Pledge release days (0: all at once at unlock). */
  releaseDays?: number;
  cycleDays?: number;
  periodDays?: number;
}

export async function seedSettlementLoad(db: Database, options: LoadOptions): Promise<SettlementLoad> {
  const { start } = options;
  const prefix = randomBytes(4).toString('hex');
  const cycleDays = options.cycleDays ?? 30;
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (account)
      select '0x' || ${prefix} || lpad(to_hex(g), 32, '0') from generate_series(1, ${options.users}) as g
      returning id`),
  ).map((r) => Number(r.id));
  const [first, last] = [Math.min(...ids), Math.max(...ids)];
  await db.execute(sql`
    insert into ledger_accounts (user_id, asset)
    select u.id, a.asset from users u cross join unnest(${sql.raw(`array[${ASSET_KEYS.map((a) => `'${a}'`).join(',')}]`)}::text[]) as a(asset)
     where u.id between ${first} and ${last}`);
  const operatorId = first;

  const mining = await createMiningProduct(db, operatorId, {
    name: 'Load miner',
    price: '100',
    price_asset: 'usdt',
    period_days: options.periodDays ?? 30,
    multiple: '1.5',
    daily_output: '6',
    output_asset: 'coin',
  });
  const dividendAt = new Date(start.getTime() - DAY_MS);
  const pledge = await createPledgeProduct(db, operatorId, {
    name: 'Load pledge',
    product_type: 'fixed',
    asset: 'usdt',
    interest_asset: 'coin',
    cycle_days: cycleDays,
    annual_rate: '0.1234',
    min_lock: '1',
    max_per_user: '1000000',
    total_cap: '100000000000',
    fee_rate: '0',
    sale_starts_at: new Date(start.getTime() - 3 * DAY_MS).toISOString(),
    sale_ends_at: new Date(start.getTime() - 2 * DAY_MS).toISOString(),
    dividend_at: dividendAt.toISOString(),
    release_days: options.releaseDays ?? 0,
  });

  // One entry funds the load: what users paid for miners is not modelled; the principal is locked for real.
  const principal = rowsOf<{ total: string }>(
    await db.execute(sql`
      select coalesce(sum(100 + (g % 97) + (g % 7) * 0.12345678), 0)::numeric(38, 8)::text as total
        from generate_series(1, ${options.users * options.positionsPerUser}) as g`),
  )[0]!.total;
  const entryId = await db.transaction(async (tx) => {
    const funded = await adjustBalance(tx, { actorId: operatorId, userId: operatorId, asset: 'usdt', amount: 1n, memo: 'settlement load' });
    if (options.positionsPerUser === 0) return funded.entry_id;
    const posted = await postEntry(tx, {
      kind: 'adjustment',
      memo: 'settlement load principal',
      actorId: operatorId,
      postings: [
        { account: { system: 'adjustment', asset: 'usdt' }, amount: -toUnits(principal), kind: 'adjustment' },
        { account: { system: 'pledge_locked', asset: 'usdt' }, amount: toUnits(principal), kind: 'adjustment' },
      ],
    });
    return posted.entryId;
  });

  if (options.positionsPerUser > 0) {
    await db.execute(sql`
      insert into pledge_positions (user_id, product_id, asset, interest_asset, amount, fee, principal, annual_rate, daily_interest,
                                    cycle_days, dividend_at, unlock_at, release_days, next_due_at, entry_id, created_at)
      select u.id, ${pledge.id}, 'usdt', 'coin', p.amount, 0, p.amount, 0.1234, trunc(p.amount * 0.1234 / 365, 8),
             ${cycleDays}, ${dividendAt.toISOString()}::timestamptz, ${pledge.unlock_at}::timestamptz, ${options.releaseDays ?? 0},
             ${start.toISOString()}::timestamptz, ${entryId}, ${dividendAt.toISOString()}::timestamptz
        from (select g, ${first} + (g - 1) % ${options.users} as user_id, (100 + (g % 97) + (g % 7) * 0.12345678)::numeric(38, 8) as amount
                from generate_series(1, ${options.users * options.positionsPerUser}) as g) p
        join users u on u.id = p.user_id
       order by p.g`);
    await db.execute(sql`update pledge_products set locked_total = ${principal}::numeric where id = ${pledge.id}`);
    await db.execute(sql`update users set pledged = true where id between ${first} and ${last}`);
  }
  if (options.minersPerUser > 0) {
    await db.execute(sql`
      insert into mining_miners (order_no, user_id, product_id, quantity, paid_asset, paid_amount, period_days, daily_output, total_output,
                                 output_asset, bubble_expiry_days, started_at, next_period_at, entry_id, created_at)
      select 'L' || ${prefix} || g, ${first} + (g - 1) % ${options.users}, ${mining.id}, 1, 'usdt', 100, ${mining.period_days}, 6, 150,
             'coin', 7, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz, ${entryId}, ${start.toISOString()}::timestamptz
        from generate_series(1, ${options.users * options.minersPerUser}) as g`);
  }
  return { operatorId, miningProductId: mining.id, pledgeProductId: pledge.id, start };
}

export interface SettlementFacts {
  bubbles: number;
  /** Σ periods_created over the miners: the bubbles there must be. */
  periodsCreated: number;
  bubbleOutput: string;
  produced: string;
  settlements: number;
  /** Σ (interest_paid + release_paid) over the positions: the settlement rows there must be. */
  periodsPaid: number;
  /** Σ of the users' pledge_interest lines, and what the positions' counters say was paid. */
  interestCredited: string;
  interestExpected: string;
  releaseCredited: string;
  releaseExpected: string;
  /** Bubbles whose period is not one more than the previous bubble of their miner (must be 0). */
  gaps: number;
  /** Per asset, the sum of every posting (all "0.00000000" when the books balance). */
  unbalanced: number;
}

export async function settlementFacts(db: Database): Promise<SettlementFacts> {
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
  const miners = await one<{ periods: string; produced: string }>(
    sql`select coalesce(sum(periods_created), 0)::text as periods, coalesce(sum(produced), 0)::numeric(38, 8)::text as produced from mining_miners`,
  );
  const bubbles = await one<{ n: string; total: string }>(
    sql`select count(*)::text as n, coalesce(sum(amount), 0)::numeric(38, 8)::text as total from mining_bubbles`,
  );
  const gaps = await one<{ n: string }>(sql`
    select count(*)::text as n from (
      select period - lag(period, 1, 0) over (partition by miner_id order by period) as step from mining_bubbles) s
     where step <> 1`);
  const positions = await one<{ periods: string; interest: string; released: string }>(sql`
    select coalesce(sum(interest_paid + release_paid), 0)::text as periods,
           coalesce(sum(daily_interest * interest_paid), 0)::numeric(38, 8)::text as interest,
           coalesce(sum(floor(principal * 100000000 * release_paid / greatest(release_days, 1)) / 100000000), 0)::numeric(38, 8)::text as released
      from pledge_positions`);
  const settlements = await one<{ n: string }>(sql`select count(*)::text as n from pledge_settlements`);
  const credited = await one<{ interest: string; released: string }>(sql`
    select coalesce(sum(amount) filter (where kind = 'pledge_interest'), 0)::numeric(38, 8)::text as interest,
           coalesce(sum(amount) filter (where kind = 'pledge_release'), 0)::numeric(38, 8)::text as released
      from postings where user_id is not null and kind in ('pledge_interest', 'pledge_release')`);
  const unbalanced = await one<{ n: string }>(sql`select count(*)::text as n from (select asset from postings group by asset having sum(amount) <> 0) s`);
  return {
    bubbles: Number(bubbles.n),
    periodsCreated: Number(miners.periods),
    bubbleOutput: bubbles.total,
    produced: miners.produced,
    settlements: Number(settlements.n),
    periodsPaid: Number(positions.periods),
    interestCredited: credited.interest,
    interestExpected: positions.interest,
    releaseCredited: credited.released,
    releaseExpected: positions.released,
    gaps: Number(gaps.n),
    unbalanced: Number(unbalanced.n),
  };
}
