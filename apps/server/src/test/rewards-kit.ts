/**
 * Load for the reward engine's tests and bench (decision 065): a referral tree built through the users service,
 * levels set on `users.level` (what the community consumer maintains), and miner purchases made through the real
 * mining service, so the engine reads the very `mining.purchased` events production writes.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import type { Database } from '../db/client.js';
import { rewardPostings, users } from '../db/schema/index.js';
import { adjustBalance, journalTotals, systemBalanceUnits } from '../modules/ledger/ledger.service.js';
import { buy, createProduct } from '../modules/mining/mining.service.js';
import { findOrCreateUser } from '../modules/users/users.service.js';

const randomAccount = () => `0x${randomBytes(20).toString('hex')}`;

/** A new user under `referrerId` (null: a root). */
export function createMember(db: Database, referrerId: number | null): Promise<number> {
  return db.transaction((tx) => findOrCreateUser(tx, randomAccount(), referrerId));
}

/** What the community consumer keeps up to date; the engine only reads it. */
export async function setLevel(db: Database, userId: number, level: number): Promise<void> {
  await db.update(users).set({ level }).where(eq(users.id, userId));
}

/** A miner at 100 USDT a unit, on sale; created by a fresh operator user. */
export async function createTestMiner(db: Database): Promise<number> {
  const operatorId = await createMember(db, null);
  const product = await createProduct(db, operatorId, {
    name: 'Reward test miner',
    price: '100',
    price_asset: 'usdt',
    period_days: 30,
    multiple: '1.5',
    daily_output: '5',
    output_asset: 'coin',
  });
  return product.id;
}

/** Funds the buyer with exactly the price, then buys `quantity` units through the mining service. */
export async function buyMiners(db: Database, buyerId: number, productId: number, quantity: number): Promise<void> {
  await db.transaction((tx) =>
    adjustBalance(tx, { actorId: buyerId, userId: buyerId, asset: 'usdt', amount: toUnits('100') * BigInt(quantity), memo: 'reward test funding' }),
  );
  await buy(
    db,
    { id: buyerId, account: '', role: 'user', roles: [], serviceAgent: false, frozen: false, tokenHash: '' },
    productId,
    { quantity, asset: 'usdt' },
    undefined,
  );
}

export interface RewardLoad {
  users: number[];
  productId: number;
}

/**
 * `members` users in a tree where user i hangs under user floor((i - 1) / fanOut) (a complete fan-out tree; with
 * `chain`, the first `chain` users form one line instead), levels cycling 0..3, then `purchases` purchases of 1–3
 * units by users picked round-robin from the deepest half.
 */
export async function seedRewardLoad(db: Database, options: { members: number; purchases: number; fanOut?: number; chain?: number }): Promise<RewardLoad> {
  const fanOut = options.fanOut ?? 3;
  const chain = options.chain ?? 0;
  const ids: number[] = [];
  for (let i = 0; i < options.members; i += 1) {
    const parent = i === 0 ? null : i < chain ? ids[i - 1]! : ids[Math.floor((i - 1) / fanOut)]!;
    ids.push(await createMember(db, parent));
  }
  await db.execute(
    sql`update ${users} set level = (id % 4) where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const productId = await createTestMiner(db);
  const buyers = ids.slice(Math.floor(ids.length / 2));
  for (let p = 0; p < options.purchases; p += 1) await buyMiners(db, buyers[p % buyers.length]!, productId, 1 + (p % 3));
  return { users: ids, productId };
}

export interface RewardFacts {
  /** reward_postings rows. */
  rows: number;
  /** Distinct purchase events rewarded. */
  events: number;
  /** Sum of the amounts the engine decided (units). */
  decided: bigint;
  /** What the `rewards` system account paid out (units, positive). */
  paidFromSystem: bigint;
  /** Per asset, the ledger's sum of all postings: zero when balanced. */
  unbalanced: number;
  /** (event, beneficiary, kind) keys seen more than once. */
  duplicates: number;
}

export async function rewardFacts(db: Database): Promise<RewardFacts> {
  const result = await db.execute(sql`
    select count(*)::int as rows, count(distinct ${rewardPostings.eventId})::int as events, coalesce(sum(${rewardPostings.amount}), 0)::text as decided,
      (select count(*)::int from (select 1 from ${rewardPostings} where event_id is not null group by event_id, beneficiary_id, kind having count(*) > 1) d) as duplicates
      from ${rewardPostings}`);
  const row = (result as unknown as { rows: { rows: number; events: number; decided: string; duplicates: number }[] }).rows[0]!;
  const totals = await journalTotals(db);
  return {
    rows: row.rows,
    events: row.events,
    decided: toUnits(row.decided),
    paidFromSystem: -((await systemBalanceUnits(db, 'rewards')).get('usdt') ?? 0n),
    unbalanced: [...totals.values()].filter((v) => v !== 0n).length,
    duplicates: row.duplicates,
  };
}
