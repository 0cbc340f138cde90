/**
 * The cluster under faults (issue 27, decision 128): three built nodes behind nginx, on a PostgreSQL and a Redis of
 * this test's own (own-services.ts), so it can stop them without touching any other suite. While 500 users press buy
 * on a session of 200 cards, 100 send transfers and 200 chat members (100 pairs of friends) talk, and the nodes' job
 * runners settle miners and pledges and pay rewards:
 *   node 2 is killed (SIGKILL) in the middle of the burst, node 3 restarted (SIGTERM, start), node 2 started again,
 *   and Redis killed and started again.
 * The clients retry through the proxy as the web app does (fault-clients.ts). Afterwards PostgreSQL is stopped:
 * requests are answered at once with the 503 envelope, and the same node processes answer again once it is back.
 * At the end, from the database: every card sold exactly once and only to a buyer who was told so, every
 * acknowledged transfer applied once with the balances exact, every acknowledged message stored once and delivered
 * (live or by the catch-up), the settlements and rewards paid exactly once across the nodes, and the journal at zero
 * per asset. The figures (retries by cause, reconnect p99, the outage's answer times) are printed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fromUnits, toUnits, type AssetKey } from '@reef/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { requiredService } from '../apps/server/src/test/required-services.js';
import { rewardFacts, seedRewardLoad } from '../apps/server/src/test/rewards-kit.js';
import { expectSettledExactlyOnce } from '../apps/server/src/test/settlement-expect.js';
import { settlementFacts, seedSettlementLoad } from '../apps/server/src/test/settlement-kit.js';
import { callApi, signInOverHttp, type HttpUser } from '../apps/server/src/test/server-process.js';
import { seedUsers, starterCardType } from './fault-kit.js';
import { startCluster, type Cluster } from './cluster.js';
import { ChatMember, FaultStats, callRetrying, quantile, type Envelope } from './fault-clients.js';
import { startOwnPostgres, startOwnRedis, type OwnService } from './own-services.js';

// The PostgreSQL stage of CI (the machine's services are there, and so are the binaries this test starts its own from).
const databaseServer = requiredService('TEST_DATABASE_URL');
const redisServer = requiredService('REDIS_URL');
const admin = privateKeyToAccount(generatePrivateKey());
const DAY = 86_400_000;

const BUYERS = 500;
const CARDS = 200;
const SENDERS = 100;
/** Each sender sends at least this many, one a second, and goes on until the faults are over. */
const TRANSFERS_EACH = 5;
const CHAT_PAIRS = 100;
const PASSWORD = '246810';
const SEEDED = { settlementUsers: 20, minersPerUser: 2, positionsPerUser: 2, rewardMembers: 60, rewardPurchases: 80 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
    }),
  );
  return results;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `key: n` for each key, in the order first seen. */
function countBy<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
}

describe.runIf(databaseServer && redisServer)('the cluster under faults: a node killed, one restarted, Redis and PostgreSQL restarted', () => {
  let postgres: OwnService;
  let redis: OwnService;
  let cluster: Cluster;
  const stats = new FaultStats();
  let operator: HttpUser;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    redis = await startOwnRedis();
    cluster = await startCluster({
      nodes: 3,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      env: {
        ADMIN_ADDRESSES: admin.address,
        REALTIME_CHANNEL: `reef-faults-${randomUUID()}`,
        LOG_LEVEL: 'error',
        // The limits are on (their counters live in Redis, which this test restarts), high enough for the load.
        RATE_LIMIT_PER_MINUTE: '100000',
        SIGN_IN_PER_MINUTE: '10000',
        // Every client of this test comes from 127.0.0.1.
        SOCKETS_PER_IP: '1000',
        PAY_PASSWORD_PEPPER: randomBytes(24).toString('hex'),
        JOB_POLL_MS: '200',
        SETTLEMENT_POLL_SECONDS: '1',
        COMMUNITY_POLL_MS: '500',
      },
    });
    operator = await signInOverHttp(cluster.origin, admin);
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.remove();
    await postgres?.remove();
  }, 60_000);

  const post = (token: string, path: string, body?: unknown, key?: string) => callRetrying(cluster.origin, stats, { method: 'POST', path, token, body, key });
  const okData = (answer: Envelope) => {
    expect(answer.status, answer.msg).toBe(200);
    return answer.data;
  };

  async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ kind: 'postgres', url: postgres.url, onIdleError: () => undefined });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('sells every card once, applies every acknowledged transfer and message once, and settles once across the faults', async () => {
    const began = performance.now();
    const phases: string[] = [];
    const phase = (name: string) => {
      phases.push(`${name} ${((performance.now() - began) / 1000).toFixed(1)} s`);
      if (process.env.FAULTS_VERBOSE) console.log(phases.at(-1));
    };
    // The crowd, seeded in the database: buyers with 15 RUSD (one card at 10), senders with 100 USDT, chat members;
    // every one bound to the operator as referrer (decision 119) and signed in.
    const [buyers, senders, chatters] = await withDatabase(async (db) => {
      const seed = (count: number, funds: Partial<Record<AssetKey, string>>) =>
        seedUsers(db, { count, referrerId: operator.uid, operatorId: operator.uid, funds });
      return [await seed(BUYERS, { rusd: '15' }), await seed(SENDERS, { usdt: '100' }), await seed(2 * CHAT_PAIRS, {})];
    });
    phase('seeded');
    // The transaction password through the API: its hash needs the nodes' pepper.
    await inParallel(senders, 16, async (sender) => okData(await post(sender.token, '/api/user/password', { password: PASSWORD, confirm: PASSWORD })));
    const members: ChatMember[] = [];
    await inParallel(
      Array.from({ length: CHAT_PAIRS }, (_, i) => i),
      16,
      async (i) => {
        const [a, b] = [chatters[2 * i]!, chatters[2 * i + 1]!];
        const request = okData(await post(a.token, '/api/chat/friend-requests', { uid: b.uid, note: '' }));
        okData(await post(b.token, `/api/chat/friend-requests/${request.id}/accept`));
        members[2 * i] = new ChatMember(cluster.origin, a, b.uid, stats);
        members[2 * i + 1] = new ChatMember(cluster.origin, b, a.uid, stats);
      },
    );
    await inParallel(members, 20, (member) => member.connect());
    phase('funded and connected');

    // Work for the job runners: miners and pledges with ten days due, and purchases whose rewards are unpaid.
    const start = new Date(Math.floor(Date.now() / DAY) * DAY - 10 * DAY);
    await withDatabase(async (db) => {
      await seedSettlementLoad(db, {
        users: SEEDED.settlementUsers,
        minersPerUser: SEEDED.minersPerUser,
        positionsPerUser: SEEDED.positionsPerUser,
        start,
        cycleDays: 3,
        releaseDays: 2,
      });
      await seedRewardLoad(db, { members: SEEDED.rewardMembers, purchases: SEEDED.rewardPurchases });
    });

    const type = okData(await post(operator.token, '/api/admin/cards/types', starterCardType('Fault coral')));
    const opensAt = Date.now() + 2_000;
    okData(
      await post(operator.token, '/api/admin/cards/sessions', {
        card_type_id: type.id,
        opens_at: new Date(opensAt).toISOString(),
        closes_at: new Date(opensAt + 3_600_000).toISOString(),
        stock: CARDS,
      }),
    );

    // The load: the burst at the session's opening, transfers and chat until the faults are over.
    let faultsOver = false;
    const buying = Promise.all(
      buyers.map(async (buyer) => {
        await pause(opensAt - Date.now() + Math.random() * 200);
        const key = randomUUID();
        for (;;) {
          const answer = await post(buyer.token, `/api/project/card/${type.id}`, undefined, key);
          if (answer.status === 200) return { buyer, card: answer.data.card as { id: number; price: string } };
          if (answer.data?.code === 'CARD_SOLD_OUT') return { buyer, card: null };
          // Not open yet on this node's clock: nothing was applied, so the same key is pressed again.
          if (answer.data?.code !== 'CARD_SESSION_NOT_OPEN') throw new Error(`buy refused: ${JSON.stringify(answer)}`);
          await pause(50);
        }
      }),
    );
    const transferring = Promise.all(
      senders.map(async (sender, i) => {
        const to = senders[(i + 1) % SENDERS]!;
        const done: { amount: string; fee: string; entry: number }[] = [];
        await pause(opensAt - Date.now() + (i % 10) * 100);
        for (let n = 0; n < TRANSFERS_EACH || !faultsOver; n++) {
          const amount = `1.${String(i).padStart(2, '0')}${n}`;
          const answer = await post(sender.token, '/api/finance/other/trade', { to: String(to.uid), amount, asset: 'usdt', password: PASSWORD }, randomUUID());
          const data = okData(answer);
          done.push({ amount: data.amount, fee: data.fee, entry: data.entry_id });
          await pause(1_000);
        }
        return { sender, to, done };
      }),
    );
    const talking = Promise.all(
      members.map(async (member, i) => {
        await pause(opensAt - Date.now() + (i % 20) * 50);
        for (let n = 0; !faultsOver; n++) {
          member.send(`message ${n} from ${member.user.uid}`);
          await pause(1_000);
        }
      }),
    );

    // The faults, on a timetable from the opening.
    const at = (offset: number) => pause(opensAt + offset - Date.now());
    const faults = (async () => {
      // Node 2 dies in the middle of the burst and comes back; once it answers, node 3 is restarted (a rolling
      // restart: one node away at a time); then Redis goes away for a second and a half.
      await at(150);
      await cluster.nodes[1]!.kill('SIGKILL');
      phase('node 2 killed');
      await cluster.nodes[1]!.start();
      phase('node 2 back');
      await cluster.nodes[2]!.kill('SIGTERM');
      phase('node 3 stopped');
      await cluster.nodes[2]!.start();
      phase('node 3 back');
      await redis.stop();
      await pause(1_500);
      await redis.start();
      phase('Redis back');
      // Two more seconds of load on the recovered cluster.
      await pause(2_000);
      faultsOver = true;
    })();
    // FAULTS_VERBOSE: what the database waits on, each second of the load (the cause of any slow request).
    let sampling = !!process.env.FAULTS_VERBOSE;
    const sampler = (async () => {
      if (!sampling) return;
      const handle = await openDatabase({ kind: 'postgres', url: postgres.url, onIdleError: () => undefined });
      while (sampling) {
        try {
          const rows = rowsOf<{ state: string; wait: string; query: string; n: number; oldest: string }>(
            await handle.db.execute(
              sql`select state, coalesce(wait_event_type || ':' || wait_event, '-') as wait, left(regexp_replace(query, '\s+', ' ', 'g'), 90) as query, count(*)::int as n, max(now() - xact_start)::text as oldest from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid() and state <> 'idle' group by 1, 2, 3 order by n desc limit 4`,
            ),
          );
          console.log(`${((Date.now() - opensAt) / 1000).toFixed(0)} s: ${rows.map((r) => `${r.n}× ${r.state} ${r.wait} ${r.oldest} ${r.query}`).join(' | ')}`);
        } catch {
          // the database restarting
        }
        await pause(1_000);
      }
      await handle.close();
    })();
    const [bought, transfers] = await Promise.all([buying, transferring, talking, faults]);
    sampling = false;
    await sampler;
    phase('load over');
    await expect.poll(() => members.reduce((n, m) => n + m.pending, 0), { timeout: 60_000, interval: 250 }).toBe(0);
    await inParallel(members, 20, (member) => member.catchUp());
    phase('chat caught up');

    // PostgreSQL stopped: every request is answered at once, with the envelope; the same processes recover.
    const pidsBefore = cluster.nodes.map((node) => node.pid());
    await postgres.stop();
    const outage = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const began = performance.now();
        const response = await fetch(`${cluster.origin}/api/user/info`, { headers: { authorization: `Bearer ${buyers[i]!.token}` } });
        const text = await response.text();
        let body: Envelope | string = text;
        try {
          body = JSON.parse(text) as Envelope;
        } catch {
          // not the envelope: the assertion below shows the text
        }
        return { http: response.status, body, ms: performance.now() - began };
      }),
    );
    await postgres.start();
    const downAt = performance.now();
    await expect
      .poll(async () => (await callApi(cluster.origin, 'GET', '/api/user/info', buyers[0]!.token).catch(() => ({ status: 0 }))).status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(200);
    const recoveredMs = performance.now() - downAt;
    const pidsAfterRestarts = cluster.nodes.map((node) => node.pid());

    // Figures.
    const causes = [...stats.retries.entries()].map(([cause, n]) => `${cause} ${n}`).join(', ');
    console.log(
      [
        `cluster faults: ${BUYERS} buyers on ${CARDS} cards, ${SENDERS} senders (${transfers.reduce((n, t) => n + t.done.length, 0)} transfers), ${2 * CHAT_PAIRS} chat members (${members.reduce((n, m) => n + m.acknowledged.size, 0)} messages)`,
        `  requests retried ${stats.totalRetries} (${causes || 'none'})`,
        `  sockets reconnected ${stats.reconnectMs.length}, reconnect p50 ${quantile(stats.reconnectMs, 0.5).toFixed(0)} ms, p99 ${quantile(stats.reconnectMs, 0.99).toFixed(0)} ms`,
        `  phases: ${phases.join(', ')}`,
        `  time-outs by path: ${countBy(stats.timeouts, (t) => t.path)}`,
        `  time-outs by 5 s after the opening: ${countBy(stats.timeouts, (t) => `${Math.floor((t.at - opensAt) / 5000) * 5} s`)}`,
        `  PostgreSQL down: answers in ${Math.max(...outage.map((o) => o.ms)).toFixed(0)} ms at most (HTTP ${[...new Set(outage.map((o) => o.http))].join('/')}), answering again ${recoveredMs.toFixed(0)} ms after its start`,
      ].join('\n'),
    );

    // The outage's answers: at once, the envelope, the service-unavailable code, and no node restarted for it.
    for (const answer of outage) {
      expect(answer.ms).toBeLessThan(5_000);
      expect(answer.http).toBe(503);
      expect(answer.body).toMatchObject({ status: 503, data: { code: 'SERVICE_UNAVAILABLE' } });
    }
    expect(pidsAfterRestarts).toEqual(pidsBefore);
    expect(
      cluster.nodes.every((node) => node.running()),
      cluster.nodes.map((node) => `node ${node.index + 1}:\n${node.log()}`).join('\n---\n'),
    ).toBe(true);
    // The sockets that were on the killed and the restarted node came back, through the proxy.
    expect(stats.reconnectMs.length).toBeGreaterThan(0);

    // Cards: exactly CARDS sold, each once, each to a buyer who was told so, and every other buyer told "sold out".
    const winners = bought.filter((b) => b.card !== null);
    expect(winners).toHaveLength(CARDS);
    await withDatabase(async (db) => {
      const sold = rowsOf<{ id: string; owner_id: number }>(
        await db.execute(sql`select c.id::text as id, c.owner_id from cards c join card_sessions s on s.id = c.session_id where s.card_type_id = ${type.id}`),
      );
      expect(sold).toHaveLength(CARDS);
      expect(new Set(sold.map((c) => c.owner_id)).size).toBe(CARDS);
      expect(new Map(sold.map((c) => [Number(c.id), c.owner_id]))).toEqual(new Map(winners.map((w) => [w.card!.id, w.buyer.uid])));
      const session = rowsOf<{ sold: number }>(await db.execute(sql`select sold from card_sessions where card_type_id = ${type.id}`));
      expect(session).toEqual([{ sold: CARDS }]);

      // Transfers: one journal entry per acknowledged transfer, and every sender's balance exact to the unit.
      const acknowledged = transfers.flatMap((t) => t.done);
      expect(acknowledged.length).toBeGreaterThanOrEqual(SENDERS * TRANSFERS_EACH);
      const entries = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from journal_entries where kind = 'transfer'`));
      expect(new Set(entries.map((e) => Number(e.id)))).toEqual(new Set(acknowledged.map((d) => d.entry)));
      const expected = new Map<number, bigint>(senders.map((s) => [s.uid, toUnits('100')]));
      for (const { sender, to, done } of transfers) {
        for (const d of done) {
          expected.set(sender.uid, expected.get(sender.uid)! - toUnits(d.amount) - toUnits(d.fee));
          expected.set(to.uid, expected.get(to.uid)! + toUnits(d.amount));
        }
      }
      const balances = rowsOf<{ user_id: number; balance: string }>(
        await db.execute(
          sql`select user_id, sum(amount)::text as balance from postings where asset = 'usdt' and user_id in (${sql.join(
            senders.map((s) => sql`${s.uid}`),
            sql`, `,
          )}) group by user_id`,
        ),
      );
      expect(new Map(balances.map((b) => [b.user_id, toUnits(b.balance)]))).toEqual(expected);

      // The journal is zero per asset.
      const unbalanced = rowsOf<{ asset: string }>(await db.execute(sql`select asset from postings group by asset having sum(amount) <> 0`));
      expect(unbalanced).toEqual([]);
    });

    // Chat: every acknowledged message stored once, and each one reached its friend (live or by the catch-up).
    for (const member of members) {
      const stored = await member.everything();
      const mine = stored.filter((m) => m.from.uid === member.user.uid);
      expect(new Set(mine.map((m) => m.client_id)).size).toBe(mine.length);
      expect(new Map(mine.map((m) => [m.client_id!, m.id]))).toEqual(member.acknowledged);
      const friend = members.find((m) => m.user.uid === member.friendUid)!;
      expect([...friend.received.keys()].sort((a, b) => a - b)).toEqual(mine.map((m) => m.id));
    }

    // Job runners: every due period settled once and every purchase rewarded once, across nodes that died mid-run.
    // Due by now, by the rule of decision 056: a period a day from the miner's start, up to its period days and its
    // total output.
    const due = () =>
      withDatabase(async (db) =>
        Number(
          rowsOf<{ n: string }>(
            await db.execute(
              sql`select coalesce(sum(least(period_days, floor(extract(epoch from (now() - started_at)) / 86400)::integer + 1, ceil(total_output / daily_output)::integer)), 0)::text as n from mining_miners`,
            ),
          )[0]!.n,
        ),
      );
    const positions = SEEDED.settlementUsers * SEEDED.positionsPerUser;
    await expect.poll(async () => (await withDatabase(settlementFacts)).periodsCreated - (await due()), { timeout: 60_000, interval: 500 }).toBe(0);
    // Three days of interest and a release over two days, all due ten days after the start.
    await expect.poll(async () => (await withDatabase(settlementFacts)).periodsPaid, { timeout: 60_000, interval: 500 }).toBe(positions * 5);
    await expect
      .poll(() => withDatabase(async (db) => (await rewardFacts(db)).events), { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(SEEDED.rewardPurchases);
    await withDatabase(async (db) => {
      const settled = await expectSettledExactlyOnce(db);
      expect(settled.periodsCreated).toBeGreaterThanOrEqual(SEEDED.settlementUsers * SEEDED.minersPerUser * 10);
      const rewards = await rewardFacts(db);
      expect(rewards.duplicates).toBe(0);
      expect(rewards.unbalanced).toBe(0);
      expect(fromUnits(rewards.paidFromSystem)).toBe(fromUnits(rewards.decided));
      const cursor = rowsOf<{ caught_up: boolean }>(
        await db.execute(sql`select (select last_id from event_consumers where name = 'rewards') >= (select max(id) from business_events) as caught_up`),
      );
      expect(cursor).toEqual([{ caught_up: true }]);
    });
    await Promise.all(members.map((member) => member.close()));
  }, 600_000);
});
