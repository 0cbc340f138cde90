/**
 * The team figures at scale (issue 13 Done-when "Scale", decision 064): a referral tree of 100,000 users with a
 * chain 5,000 deep, 1,000,000 purchase events in the outbox; the community consumer's throughput (events/s, the
 * job's own code) and the p99 of GET /api/project/community for the root and the deepest member (target ≤ 20 ms
 * on PostgreSQL). The tree and the events are written set-based in SQL, not through the API. Standalone:
 * `npm run bench:community` (PostgreSQL too with DATABASE_URL). COMMUNITY_BENCH_USERS, COMMUNITY_BENCH_CHAIN and
 * COMMUNITY_BENCH_EVENTS scale it down for a quick look.
 */
import { sql } from 'drizzle-orm';
import { ASSET_KEYS } from '@reef/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle, Transaction } from '../src/db/client.js';
import { processCommunityEvents } from '../src/modules/community/community.service.js';
import { runRewards } from '../src/modules/rewards/rewards.service.js';
import { benchConfig, benchSignIn, runAlone } from './common.js';

/** The generated tree and load. Standalone runs default to the issue's full scale; `npm run bench` passes BENCH_SCALE. */
export interface CommunityBenchScale {
  users: number;
  chain: number;
  events: number;
  reads: number;
  /** Events per consumer transaction: the set-based update grows with the batch, the round trips shrink. */
  batch: number;
  /** The first this many events also go through the reward engine (its throughput on the deep tree). */
  rewardEvents: number;
}

export const FULL_SCALE: CommunityBenchScale = {
  users: Number(process.env.COMMUNITY_BENCH_USERS ?? 100_000),
  chain: Number(process.env.COMMUNITY_BENCH_CHAIN ?? 5_000),
  events: Number(process.env.COMMUNITY_BENCH_EVENTS ?? 1_000_000),
  reads: Number(process.env.COMMUNITY_BENCH_READS ?? 2_000),
  batch: Number(process.env.COMMUNITY_BENCH_BATCH ?? 1_000),
  rewardEvents: Number(process.env.COMMUNITY_BENCH_REWARD_EVENTS ?? 20_000),
};

/**
 * The phase inside `npm run bench`: the full scale takes hours on this 2-core machine (12.5 million closure rows for
 * the 5,000-deep chain alone, decision 064), so the everyday bench runs a 1,000-deep chain in 20,000 users with
 * 20,000 events; `npm run bench:community` runs the full one.
 */
export const BENCH_SCALE: CommunityBenchScale = { users: 20_000, chain: 1_000, events: 20_000, reads: 1_000, batch: 1_000, rewardEvents: 5_000 };

/**
 * Issue 26's reward-engine row (goals.ts): a chain 5,000 deep in 10,000 users, so about half the buyers sit in the
 * chain (2,500 generations deep on average), and every one of the 5,000 purchases goes through the engine.
 */
export const REWARDS_ROW_SCALE: CommunityBenchScale = { users: 10_000, chain: 5_000, events: 5_000, reads: 100, batch: 1_000, rewardEvents: 5_000 };

/** What the goal table takes from this phase: the reward engine's events per second, and that it rewarded each purchase once. */
export interface CommunityFigures {
  rewardsPerSecond: number;
  rewardedExactlyOnce: boolean;
}

let USERS = FULL_SCALE.users;
let CHAIN = FULL_SCALE.chain;
let EVENTS = FULL_SCALE.events;
let READS = FULL_SCALE.reads;
let BATCH = FULL_SCALE.batch;
let REWARD_EVENTS = FULL_SCALE.rewardEvents;
const READ_TARGET_MS = 20;
/** Children per member below the root, outside the chain. */
const FAN_OUT = 10;

/**
 * The chain: every (ancestor ≤ descendant) pair, CHAIN × (CHAIN + 1) / 2 rows, written descendant by descendant as
 * the binding writes them (a member's upline rows together); the fan-out tree under the root. The closure table's
 * indexes are dropped for the load and built once after it (a sorted build instead of 12.5 million insertions).
 */
async function seedPaths(tx: Transaction, tree: number): Promise<void> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const pk = rows<{ name: string; def: string }>(
    await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
                          where conrelid = 'referral_paths'::regclass and contype = 'p'`),
  );
  const indexes = rows<{ name: string; def: string }>(
    await tx.execute(sql`select indexname as name, indexdef as def from pg_indexes
                          where tablename = 'referral_paths' and indexname not in (select conname from pg_constraint where contype = 'p')`),
  );
  for (const c of pk) await tx.execute(sql.raw(`alter table referral_paths drop constraint ${c.name}`));
  for (const i of indexes) await tx.execute(sql.raw(`drop index ${i.name}`));
  await tx.execute(sql`
    insert into referral_paths (ancestor_id, descendant_id, depth)
    select a, d, d - a from generate_series(1, ${CHAIN}::int) d, lateral generate_series(1, d) a`);
  // The tree: each node's ancestors inside the tree by repeated parent, then the root above them all.
  await tx.execute(sql`
    insert into referral_paths (ancestor_id, descendant_id, depth)
    with recursive up(node, ancestor, depth) as (
      select h, h, 0 from generate_series(1, ${tree}::int) h
      union all
      select node, (ancestor - 1) / ${FAN_OUT}, depth + 1 from up where (ancestor - 1) / ${FAN_OUT} > 0)
    select ${CHAIN} + ancestor, ${CHAIN} + node, depth from up
    union all
    select 1, ${CHAIN} + node, max(depth) + 1 from up group by node`);
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const c of pk) await tx.execute(sql.raw(`alter table referral_paths add constraint ${c.name} ${c.def}`));
  for (const i of indexes) await tx.execute(sql.raw(i.def));
}

/**
 * Users 1..CHAIN form a chain (user k refers k + 1), so the chain's last member is CHAIN − 1 generations below
 * the root; users CHAIN + 1..USERS form a FAN_OUT-ary tree under the root. The closure rows are written from
 * that shape directly; then the figures' counts, as the binding would have kept them.
 */
async function seedTree(database: DatabaseHandle, rootAccount: string, deepAccount: string): Promise<void> {
  const db = database.db;
  const tree = USERS - CHAIN;
  await db.execute(sql`
    insert into users (id, account, referrer_id)
    select g, case g when 1 then ${rootAccount} when ${CHAIN} then ${deepAccount} else '0x' || lpad(to_hex(g), 40, '0') end,
           case when g = 1 then null when g <= ${CHAIN} then g - 1
                when (g - ${CHAIN} - 1) / ${FAN_OUT} = 0 then 1 else ${CHAIN} + (g - ${CHAIN} - 1) / ${FAN_OUT} end
      from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${USERS}::int)`);
  // Every user's ledger accounts, as sign-up opens them: the reward engine pays into them.
  await db.execute(sql`
    insert into ledger_accounts (user_id, asset)
    select g, a from generate_series(1, ${USERS}::int) g, unnest(${`{${ASSET_KEYS.join(',')}}`}::text[]) a`);
  // The closure rows of a tree just written: their foreign keys hold by construction, so the bulk load skips the
  // per-row checks (session_replication_role, in this transaction only).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await seedPaths(tx, tree);
  });
  await db.execute(sql`
    update community_members m set direct_count = c.direct, indirect_count = c.indirect
      from (select ancestor_id, count(*) filter (where depth = 1) as direct, count(*) filter (where depth >= 2) as indirect
              from referral_paths where depth >= 1 group by ancestor_id) c
     where m.user_id = c.ancestor_id`);
  // Three levels, so every batch's level recomputation has thresholds to weigh.
  await db.execute(sql`
    insert into community_levels (level, name, min_small_area, min_direct) values
      (1, 'V1', 1000, 2), (2, 'V2', 100000, 5), (3, 'V3', 10000000, 10)`);
  // As autovacuum would leave a table written once: statistics, and the visibility map the index-only upline reads use.
  await db.execute(sql`vacuum analyze`);
}

/** EVENTS miner purchases of 100 USDT, buyers spread over the whole tree (about CHAIN / USERS of them in the chain). */
async function seedEvents(database: DatabaseHandle): Promise<void> {
  const chunk = 100_000;
  for (let from = 1; from <= EVENTS; from += chunk) {
    const to = Math.min(EVENTS, from + chunk - 1);
    await database.db.execute(sql`
      insert into business_events (type, user_id, payload, occurred_at)
      select 'mining.purchased', (1 + (g::bigint * 7919) % ${USERS}::int)::int,
             jsonb_build_object('entry_id', g, 'miner_id', g, 'product_id', 1, 'order_no', 'M' || g, 'quantity', 1,
                                'asset', 'usdt', 'amount', '100.00000000'),
             now()
        from generate_series(${from}::int, ${to}::int) g`);
  }
  await database.db.execute(sql`analyze business_events`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function runCommunityBench(
  kind: 'pglite' | 'postgres',
  open: () => Promise<DatabaseHandle>,
  scale: CommunityBenchScale = FULL_SCALE,
): Promise<CommunityFigures> {
  ({ users: USERS, chain: CHAIN, events: EVENTS, reads: READS, batch: BATCH, rewardEvents: REWARD_EVENTS } = scale);
  const database = await open();
  const rootWallet = privateKeyToAccount(generatePrivateKey());
  const deepWallet = privateKeyToAccount(generatePrivateKey());
  const app = await buildApp({ config: benchConfig(privateKeyToAccount(generatePrivateKey())), db: database.db });
  try {
    const t0 = performance.now();
    await seedTree(database, rootWallet.address.toLowerCase(), deepWallet.address.toLowerCase());
    const t1 = performance.now();
    await seedEvents(database);
    const t2 = performance.now();
    const handled = await processCommunityEvents(database.db, { batchSize: BATCH });
    const t3 = performance.now();
    const consumeS = (t3 - t2) / 1000;

    const signIn = benchSignIn(app);
    const root = await signIn(rootWallet);
    const deep = await signIn(deepWallet);
    const measure = async (token: string) => {
      const times: number[] = [];
      let last: { figures: { team_total: number; team_performance: string } } | undefined;
      for (let i = 0; i < READS; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/project/community', headers: { authorization: `Bearer ${token}` } });
        times.push(performance.now() - s);
        last = res.json().data;
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), last: last! };
    };
    const rootRead = await measure(root.token);
    const deepRead = await measure(deep.token);
    // Every purchase is 100 and the root is everyone's ancestor: its team performance is 100 × the events not its own.
    const own = await database.db.execute(sql`select count(*)::int as n from business_events where type = 'mining.purchased' and user_id = 1`);
    const rootOwn = (own as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const expected = `${(EVENTS - rootOwn) * 100}.00000000`;
    const exact = rootRead.last.figures.team_performance === expected && rootRead.last.figures.team_total === USERS - 1;

    console.log(
      `Community team figures on ${kind}: ${USERS.toLocaleString('en')} users (a chain ${CHAIN.toLocaleString('en')} deep), ${EVENTS.toLocaleString('en')} purchase events`,
    );
    console.log(`  tree written in ${((t1 - t0) / 1000).toFixed(1)} s, events in ${((t2 - t1) / 1000).toFixed(1)} s`);
    console.log(
      `  consumer: ${handled.toLocaleString('en')} events in ${consumeS.toFixed(1)} s = ${Math.round(handled / consumeS).toLocaleString('en')} events/s (batches of ${BATCH})`,
    );
    const verdict = (p99: number) => (kind === 'postgres' ? (p99 <= READ_TARGET_MS ? 'met' : 'NOT met') : 'n/a (PGlite)');
    console.log(
      `  GET /api/project/community, root (depth 0): p50 ${rootRead.p50.toFixed(2)} ms, p99 ${rootRead.p99.toFixed(2)} ms   target p99 ≤ ${READ_TARGET_MS} ms on PostgreSQL: ${verdict(rootRead.p99)}`,
    );
    console.log(
      `  GET /api/project/community, depth ${CHAIN - 1}: p50 ${deepRead.p50.toFixed(2)} ms, p99 ${deepRead.p99.toFixed(2)} ms   target: ${verdict(deepRead.p99)}`,
    );
    console.log(
      `  (${READS} sequential in-process requests each); root's team performance exact: ${exact ? 'yes' : `NO (${rootRead.last.figures.team_performance}, expected ${expected})`}`,
    );
    if (!exact) throw new Error('the community figures lost or doubled a purchase');

    // The reward engine over the first events, on the same tree (buyers up to 5,000 generations deep).
    const r0 = performance.now();
    const rewarded = await runRewards(database.db, { maxEvents: REWARD_EVENTS });
    const rewardS = (performance.now() - r0) / 1000;
    // Every purchase with an upline (all but the root's own) decides at least its direct reward.
    const decided = await database.db.execute(sql`
      select (select count(*)::int from reward_postings) as n, (select count(distinct event_id)::int from reward_postings) as events,
             (select count(*)::int from (select user_id from business_events order by id limit ${REWARD_EVENTS}) e where user_id <> 1) as expected`);
    const facts = (decided as unknown as { rows: { n: number; events: number; expected: number }[] }).rows[0]!;
    console.log(
      `  reward engine: ${rewarded.toLocaleString('en')} events in ${rewardS.toFixed(1)} s = ${Math.round(rewarded / rewardS).toLocaleString('en')} events/s, ${facts.n.toLocaleString('en')} rewards decided for ${facts.events.toLocaleString('en')} purchases\n`,
    );
    if (rewarded !== Math.min(REWARD_EVENTS, EVENTS) || facts.events !== facts.expected) throw new Error('the reward engine skipped a purchase');
    // With every event rewarded, a second run must find nothing left (the cursor committed with the rewards).
    const again = REWARD_EVENTS >= EVENTS ? await runRewards(database.db) : 0;
    if (again !== 0) throw new Error(`the reward engine ran ${again} events a second time`);
    return { rewardsPerSecond: rewarded / rewardS, rewardedExactlyOnce: true };
  } finally {
    await app.close();
    await database.close();
  }
}

await runAlone(import.meta.url, async (kind, open) => {
  await runCommunityBench(kind, open);
});
