/**
 * The session-open burst (issues 11 and 26, decision 051): a session with 200 starter cards is open and 2,000
 * signed-in users press "buy" at once (BENCH_BURST_USERS and BENCH_BURST_STOCK change the load; issue 11 ran 500 on 100), over and over, for the run's duration (each press its own Idempotency-Key). Reports
 * the presses answered per second and their p99 beside the target (issue 26: p99 ≤ 250 ms on both databases, the
 * last card sold within 300 ms; issue 11: PostgreSQL ≥ 1,000 answered/s), and checks that no more than the stock
 * was sold and that no card was sold twice. Also prints when the last card sold and each answer's latency
 * (the first wave waits for the sale; the rest are refusals, decision 061). `npm run bench` runs it on PGlite and,
 * with DATABASE_URL, on PostgreSQL; `npm run bench:cards` runs only this section (`BENCH_KINDS=pglite|postgres`
 * picks the databases).
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toUnits } from '@reef/contract';
import { buildApp } from '../src/app.js';
import * as clock from '../src/core/clock.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { postEntry, type PostingInput } from '../src/modules/ledger/ledger.service.js';
import { benchConfig, benchSignIn, runAlone } from './common.js';

const run = promisify(execFile);
const USERS = Number(process.env.BENCH_BURST_USERS ?? process.env.BENCH_CARD_USERS ?? 2_000);
const STOCK = Number(process.env.BENCH_BURST_STOCK ?? process.env.BENCH_CARD_STOCK ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
export const BURST_TARGET = { answeredPerSecond: 1000, p99Ms: 250, lastSaleMs: 300 };

export interface BurstResult {
  answeredPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  sold: number;
  codes: Record<string, number>;
  byCode: Record<string, { n: number; p50: number; p99: number; max: number }>;
  soldWithinMs: number;
  errors: number;
  /** The load: users pressing, cards on sale. */
  users: number;
  stock: number;
  /** Answers that were a sale (BOUGHT): never more than `sold` (a sale still in flight when the load ended has none). */
  boughtAnswers: number;
  /** The stock sold out, each card to one buyer, and each sale answered BOUGHT once. */
  exactlyOnce: boolean;
}

export async function runCardsBurstBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<BurstResult> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const database = await open();
  const app = await buildApp({ config: benchConfig(adminWallet), db: database.db });
  try {
    const admin = await benchSignIn(app)(adminWallet);
    // Every buyer invited by the admin: a starter card pays referral rewards, so it needs a referrer (decision 119).
    const signIn = benchSignIn(app, { referrer: admin.uid });
    const asAdmin = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin.token}` } }).then((r) => r.json());
    const users: { token: string; uid: number }[] = [];
    for (let i = 0; i < USERS; i += 25) users.push(...(await Promise.all(Array.from({ length: Math.min(25, USERS - i) }, () => signIn()))));
    await database.db.transaction(async (tx) => {
      const postings: PostingInput[] = users.flatMap((u) => [
        { account: { userId: u.uid, asset: 'rusd' as const }, amount: toUnits('100'), kind: 'adjustment' },
        { account: { userId: u.uid, asset: 'fuel' as const }, amount: toUnits('100'), kind: 'adjustment' },
      ]);
      const total = toUnits('100') * BigInt(users.length);
      postings.push({ account: { system: 'adjustment', asset: 'rusd' }, amount: -total, kind: 'adjustment' });
      postings.push({ account: { system: 'adjustment', asset: 'fuel' }, amount: -total, kind: 'adjustment' });
      await postEntry(tx, { kind: 'adjustment', memo: 'bench', actorId: admin.uid, postings });
    });
    const type = await asAdmin('/api/admin/cards/types', {
      name: 'Bench',
      start_price: '10',
      price_step_bp: 500,
      fuel_fee_bp: 1000,
      trade_points: '0',
      hold_days: 1,
      list_window_days: 1,
      platform_fee_bp: 500,
      renewal_fee_bp: 100,
    });
    const now = clock.nowMs();
    await asAdmin('/api/admin/cards/sessions', {
      card_type_id: type.data.id,
      opens_at: new Date(now - 1000).toISOString(),
      closes_at: new Date(now + 3_600_000).toISOString(),
      stock: STOCK,
    });

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const script = path.resolve(import.meta.dirname, 'cards-burst-load.mjs');
    const config = JSON.stringify({ url: address, tokens: users.map((u) => u.token), duration: DURATION_S, typeId: type.data.id });
    const { stdout } = await run(process.execPath, [script, config], { maxBuffer: 64 * 1024 * 1024 });
    const r = JSON.parse(stdout);
    // Sales the load left in flight still commit after it ended: the app stops taking requests and finishes
    // them first, then one statement reads the books at one moment.
    await app.close();
    // Exactly once: the cards, the session's sold count and the buyers' caps agree, and each sale was answered once.
    const [books] = (
      (await database.db.execute(
        sql`select (select count(*)::int from cards) as cards, (select coalesce(sum(sold), 0)::int from card_sessions) as sold,
                   (select coalesce(sum(bought), 0)::int from card_session_buyers) as bought,
                   (select count(distinct owner_id)::int from cards) as owners`,
      )) as unknown as { rows: { cards: number; sold: number; bought: number; owners: number }[] }
    ).rows;
    const sold = { n: books!.cards };
    // Fewer than the stock may be sold inside a short window on a slow machine; more would be a bug.
    if (sold.n > STOCK) throw new Error(`the burst sold ${sold.n} cards of a stock of ${STOCK}`);
    if (books!.sold !== sold.n || books!.bought !== sold.n) {
      throw new Error(`${sold.n} cards exist but the session counts ${books!.sold} sold and the buyers ${books!.bought}`);
    }
    // A sale still in flight when the load ended was never answered; an answer without its card would be a bug.
    if ((r.codes.BOUGHT ?? 0) > sold.n) throw new Error(`${r.codes.BOUGHT} presses were answered BOUGHT but ${sold.n} cards were sold`);
    return {
      answeredPerSecond: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      total: r.requests.total,
      sold: sold.n,
      codes: r.codes,
      byCode: r.byCode,
      soldWithinMs: r.soldWithinMs,
      errors: r.errors + r.non2xx,
      users: USERS,
      stock: STOCK,
      boughtAnswers: r.codes.BOUGHT ?? 0,
      exactlyOnce: sold.n === STOCK && books!.owners === STOCK && (r.codes.BOUGHT ?? 0) === STOCK,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

export function burstLines(kind: string, r: BurstResult): string[] {
  const target = `target p99 ≤ ${BURST_TARGET.p99Ms} ms, last card within ${BURST_TARGET.lastSaleMs} ms${kind === 'postgres' ? `, ≥ ${BURST_TARGET.answeredPerSecond} answered/s` : ''}`;
  return [
    `Session-open burst on ${kind}: ${r.users} users pressing buy at once on a session of ${r.stock} starter cards, ${DURATION_S} s`,
    `  answered ${r.answeredPerSecond.toFixed(0).padStart(6)} presses/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${target})`,
    `  ${r.total} presses: ${Object.entries(r.codes)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ')}; sold ${r.sold} of ${r.stock}${r.errors ? `; errors ${r.errors}` : ''}`,
    `  last card sold ${r.soldWithinMs} ms after the start; latency by answer: ${Object.entries(r.byCode)
      .map(([code, l]) => `${code} p50 ${l.p50} / p99 ${l.p99} / max ${l.max} ms`)
      .join('; ')}`,
    '  (measured on whatever else the machine is running at the time: compare runs of the same load)',
  ];
}

await runAlone(import.meta.url, async (kind, open) => {
  for (const line of burstLines(kind, await runCardsBurstBench(kind, open))) console.log(line);
  console.log('');
});
