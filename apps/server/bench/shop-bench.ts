/**
 * The points shop under load (issue 15, decisions 073-074), two parts on one database:
 * - order and pay: 50 signed-in users each place an order for one piece of virtual goods with ample stock and pay
 *   it with the transaction password (`POST /api/point/order`, then `POST /api/point/pay/id/:id`), over and over.
 *   Reports orders paid per second and each step's p99. Every payment verifies the password with scrypt (~50 ms of
 *   one core, at most cores − 1 at once, decision 063), which bounds the paid rate by design.
 * - the burst: 300 users at once each order one piece of virtual goods with 100 in stock and pay it: exactly 100
 *   must be paid, the rest refused SHOP_OUT_OF_STOCK, the stock at zero.
 * Afterwards the journal must sum to zero per asset and `shop_sales` hold what the paid orders cost; the phase
 * fails otherwise. `npm run bench` runs it on PGlite and, with DATABASE_URL, on PostgreSQL; `npm run bench:shop`
 * runs only this phase (`BENCH_KINDS=pglite|postgres` picks the databases).
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fromUnits, toUnits } from '@reef/contract';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { journalTotals, postEntry, systemBalanceUnits, type PostingInput } from '../src/modules/ledger/ledger.service.js';
import { benchConfig, benchSignIn, runAlone } from './common.js';

const run = promisify(execFile);
const STEADY_USERS = 50;
const BURST_USERS = 300;
const STOCK = 100;
const PASSWORD = '135790';
const FUNDS = '100000';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const LOAD = path.resolve(import.meta.dirname, 'shop-load.mjs');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ShopResult {
  paid: number;
  paidPerSecond: number;
  order: Latencies;
  pay: Latencies;
  refusals: Record<string, number>;
  errors: number;
  burst: { outcomes: Record<string, number>; latency: Latencies; allAnsweredMs: number; paid: number; stockLeft: number };
  sales: string;
}

async function loadProcess<T>(role: 'steady' | 'burst', config: object): Promise<T> {
  const { stdout } = await run(process.execPath, [LOAD, role, JSON.stringify(config)], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

export async function runShopBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<ShopResult> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const database = await open();
  const app = await buildApp({ config: benchConfig(adminWallet), db: database.db });
  try {
    const signIn = benchSignIn(app);
    const admin = await signIn(adminWallet);
    const asAdmin = async (url: string, payload: object) => {
      const res = (await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin.token}` } })).json();
      if (res.status !== 200) throw new Error(`${url} failed: ${JSON.stringify(res)}`);
      return res.data;
    };
    const users: { token: string; uid: number }[] = [];
    for (let i = 0; i < BURST_USERS; i += 25) users.push(...(await Promise.all(Array.from({ length: 25 }, () => signIn()))));
    // Points credited through the ledger, one adjustment entry for every buyer (as the cards burst funds).
    await database.db.transaction(async (tx) => {
      const postings: PostingInput[] = users.map((u) => ({
        account: { userId: u.uid, asset: 'mineral' as const },
        amount: toUnits(FUNDS),
        kind: 'adjustment',
      }));
      postings.push({ account: { system: 'adjustment', asset: 'mineral' }, amount: -toUnits(FUNDS) * BigInt(users.length), kind: 'adjustment' });
      await postEntry(tx, { kind: 'adjustment', memo: 'bench', actorId: admin.uid, postings });
    });
    // The transaction password set once through its endpoint; its scrypt hash copied to the other buyers, so the
    // set-up does not spend 300 derivations (each buyer still pays through the real verification).
    const first = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      payload: { password: PASSWORD, confirm: PASSWORD },
      headers: { authorization: `Bearer ${users[0]!.token}` },
    });
    if (first.json().status !== 200) throw new Error(`setting a buyer's password failed: ${first.body}`);
    const others = users.slice(1).map((u) => u.uid);
    await database.db.execute(
      sql`update users set pay_password_hash = (select pay_password_hash from users where id = ${users[0]!.uid}) where id in (${sql.join(
        others.map((uid) => sql`${uid}`),
        sql`, `,
      )})`,
    );

    const ample = await asAdmin('/api/admin/shop/goods', { title: 'Bench voucher', price: '1', asset: 'mineral', stock: 1_000_000, kind: 'virtual' });
    const limited = await asAdmin('/api/admin/shop/goods', { title: 'Bench drop', price: '1', asset: 'mineral', stock: STOCK, kind: 'virtual' });

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const steady = await loadProcess<{
      requests: { average: number };
      errors: number;
      non2xx: number;
      refusals: Record<string, number>;
      order: Latencies;
      pay: Latencies;
    }>('steady', { url: address, tokens: users.slice(0, STEADY_USERS).map((u) => u.token), goodsId: ample.id, password: PASSWORD, duration: DURATION_S });
    const burst = await loadProcess<{ outcomes: Record<string, number>; latency: Latencies; allAnsweredMs: number }>('burst', {
      url: address,
      tokens: users.map((u) => u.token),
      goodsId: limited.id,
      password: PASSWORD,
    });
    await app.close();

    const paidOf = async (goodsId: number) =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from shop_orders where goods_id = ${goodsId} and paid_at is not null`))[0]!
        .n;
    const paid = await paidOf(ample.id);
    const burstPaid = await paidOf(limited.id);
    const [left] = rowsOf<{ stock: number }>(await database.db.execute(sql`select stock from shop_goods where id = ${limited.id}`));
    if (burstPaid !== STOCK || left!.stock !== 0 || burst.outcomes['paid:complete'] !== STOCK || burst.outcomes.SHOP_OUT_OF_STOCK !== BURST_USERS - STOCK) {
      throw new Error(`the burst did not sell exactly the stock: ${burstPaid} paid, ${left!.stock} left, outcomes ${JSON.stringify(burst.outcomes)}`);
    }
    for (const [asset, total] of await journalTotals(database.db)) {
      if (total !== 0n) throw new Error(`the journal does not sum to zero in ${asset} after the shop bench: ${fromUnits(total)}`);
    }
    const [cost] = rowsOf<{ units: string }>(
      await database.db.execute(sql`select coalesce(sum(amount), 0)::text as units from shop_orders where paid_at is not null and asset = 'mineral'`),
    );
    const sales = (await systemBalanceUnits(database.db, 'shop_sales')).get('mineral') ?? 0n;
    if (sales !== toUnits(cost!.units)) throw new Error(`shop_sales holds ${fromUnits(sales)} but the paid orders cost ${cost!.units}`);
    if (steady.errors || steady.non2xx || Object.keys(steady.refusals).length) {
      throw new Error(`order and pay answered errors or refusals under load: ${JSON.stringify(steady.refusals)}, errors ${steady.errors + steady.non2xx}`);
    }
    return {
      paid,
      paidPerSecond: paid / DURATION_S,
      order: steady.order,
      pay: steady.pay,
      refusals: steady.refusals,
      errors: steady.errors + steady.non2xx,
      burst: { ...burst, paid: burstPaid, stockLeft: left!.stock },
      sales: fromUnits(sales),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

export function shopLines(kind: string, r: ShopResult): string[] {
  return [
    `Points shop on ${kind}: ${STEADY_USERS} users ordering and paying virtual goods with ample stock, ${DURATION_S} s`,
    `  order + pay ${r.paidPerSecond.toFixed(1).padStart(6)} orders paid/s (${r.paid})   POST /api/point/order p50 ${r.order.p50} / p99 ${r.order.p99} ms   POST /api/point/pay/id/:id p50 ${r.pay.p50} / p99 ${r.pay.p99} ms`,
    `  (every payment verifies the transaction password with scrypt, one derivation per spare core: that bounds the paid rate)`,
    `Burst on ${kind}: ${BURST_USERS} users at once each ordering and paying 1 of ${STOCK} in stock`,
    `  ${Object.entries(r.burst.outcomes)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(
        ', ',
      )}; ${r.burst.paid} paid, stock left ${r.burst.stockLeft}; all answered in ${r.burst.allAnsweredMs} ms, order-and-pay p50 ${r.burst.latency.p50} / p99 ${r.burst.latency.p99} ms`,
    `  checked: exactly the stock paid; journal sums to zero; shop_sales ${r.sales} = what the paid orders cost`,
    '  (measured on whatever else the machine is running at the time: compare runs of the same load)',
  ];
}

await runAlone(import.meta.url, async (kind, open) => {
  for (const line of shopLines(kind, await runShopBench(kind, open))) console.log(line);
  console.log('');
});
