/**
 * The session-open burst of issue 11: a session with 100 starter cards opens and 2,000 buy requests from 500
 * users arrive at once. Exactly 100 are sold, nobody pays without a card, every refusal names its reason, and the
 * balances and the journal sum to zero per asset — on PGlite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { createJobRunner } from '../../infra/jobs/job-runner.js';
import { journalTotals, postEntry, type PostingInput } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { registerCardJobs } from './session-jobs.js';

const USERS = 500;
const PRESSES_PER_USER = 4;
const STOCK = 100;
/** Users who cannot pay: the first lack RUSD, the next lack fuel points. */
const NO_RUSD = 40;
const NO_FUEL = 40;
const REFUSALS = new Set(['CARD_SOLD_OUT', 'CARD_LIMIT_REACHED', 'INSUFFICIENT_RUSD', 'INSUFFICIENT_FUEL']);

describe.each(databaseKinds)('cards: the session-open burst on %s', (kind) => {
  let t: TestApp;
  let users: SignedInUser[];
  let typeId: number;
  let sessionId: number;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true' } }, async (app) => {
    t = app;
    users = [];
    // Real sign-ins, 25 at a time (the signatures are checked as for any user).
    for (let i = 0; i < USERS; i += 25) users.push(...(await Promise.all(Array.from({ length: Math.min(25, USERS - i) }, () => t.signIn()))));
    // Funding in one journal entry from the adjustment account (500 admin calls would only slow the set-up).
    await t.database.db.transaction(async (tx) => {
      const postings: PostingInput[] = [];
      users.forEach((u, i) => {
        const rusd = i < NO_RUSD ? '9.99' : '25';
        const fuel = i >= NO_RUSD && i < NO_RUSD + NO_FUEL ? '0.5' : '5';
        postings.push({ account: { userId: u.uid, asset: 'rusd' }, amount: toUnits(rusd), kind: 'adjustment' });
        postings.push({ account: { userId: u.uid, asset: 'fuel' }, amount: toUnits(fuel), kind: 'adjustment' });
      });
      const total = (asset: 'rusd' | 'fuel') => postings.filter((p) => p.account.asset === asset).reduce((s, p) => s + p.amount, 0n);
      postings.push({ account: { system: 'adjustment', asset: 'rusd' }, amount: -total('rusd'), kind: 'adjustment' });
      postings.push({ account: { system: 'adjustment', asset: 'fuel' }, amount: -total('fuel'), kind: 'adjustment' });
      await postEntry(tx, { kind: 'adjustment', memo: 'burst test funding', actorId: t.admin.uid, postings });
    });
    const type = await t.call({
      method: 'POST',
      url: '/api/admin/cards/types',
      token: t.admin.token,
      payload: {
        name: 'Burst',
        start_price: '10',
        price_step_bp: 500,
        fuel_fee_bp: 1000,
        trade_points: '0',
        hold_days: 1,
        list_window_days: 1,
        platform_fee_bp: 500,
        renewal_fee_bp: 100,
      },
    });
    typeId = type.data.id;
    const now = Date.parse((await t.call({ method: 'GET', url: '/api/project/card/session' })).data.now);
    const session = await t.call({
      method: 'POST',
      url: '/api/admin/cards/sessions',
      token: t.admin.token,
      payload: { card_type_id: typeId, opens_at: new Date(now + 60_000).toISOString(), closes_at: new Date(now + 3_600_000).toISOString(), stock: STOCK },
    });
    sessionId = session.data.id;
  });

  it('sells exactly the stock to 2,000 presses from 500 users, refuses the rest with a reason, charges only buyers', { timeout: 600_000 }, async () => {
    // The session opens: the clock reaches it and its job runs.
    clock.advanceClock(60_000);
    const runner = createJobRunner({ db: t.database.db, log: { error: () => {}, warn: () => {} } });
    registerCardJobs(runner, t.database.db);
    await runner.runDue();

    // Each user presses four times: twice with one key (a double tap the page did not catch), then two new keys.
    const presses = users.flatMap((u, i) =>
      Array.from({ length: PRESSES_PER_USER }, (_, n) => ({ user: u, index: i, key: `burst-${u.uid}-${n < 2 ? 0 : n - 1}` })),
    );
    const started = performance.now();
    const answers = await Promise.all(
      presses.map(async (p) => ({
        ...p,
        answer: await t.call({
          method: 'POST',
          url: `/api/project/card/${typeId}`,
          token: p.user.token,
          headers: { 'idempotency-key': p.key, 'accept-language': 'en-US' },
        }),
      })),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(answers).toHaveLength(USERS * PRESSES_PER_USER);

    // Every answer is a purchase or a refusal that names its reason.
    for (const { answer } of answers) {
      expect(answer.http).toBe(200);
      if (answer.status === 200) continue;
      expect(answer.status).toBe(400);
      expect(REFUSALS.has(answer.data.code), answer.data.code).toBe(true);
      expect(answer.msg.length).toBeGreaterThan(5);
    }
    const bought = new Map<number, Set<number>>();
    for (const { user, answer } of answers) {
      if (answer.status !== 200) continue;
      const cards = bought.get(user.uid) ?? new Set<number>();
      cards.add(answer.data.card.id);
      bought.set(user.uid, cards);
    }
    const soldCards = [...bought.values()].reduce((n, s) => n + s.size, 0);
    expect(soldCards).toBe(STOCK);
    // A replayed key answered the same card; nobody holds more than the cap (1).
    for (const cards of bought.values()) expect(cards.size).toBe(1);

    const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [session] = await rows<{ sold: number; stock: number }>(sql`select sold, stock from card_sessions where id = ${sessionId}`);
    expect(session).toEqual({ sold: STOCK, stock: STOCK });
    const [cardCount] = await rows<{ n: number }>(sql`select count(*)::int as n from cards where card_type_id = ${typeId}`);
    expect(cardCount!.n).toBe(STOCK);
    const [events] = await rows<{ n: number }>(sql`select count(*)::int as n from business_events where type = 'card.bought'`);
    expect(events!.n).toBe(STOCK);

    // Nobody charged without a card: each user's spend is exactly their cards × (10 RUSD, 1 fuel point).
    const balances = await rows<{ user_id: number; asset: string; balance: string }>(
      sql`select user_id, asset, balance::text from ledger_accounts where user_id is not null and asset in ('rusd', 'fuel')`,
    );
    const byUser = new Map<string, bigint>(balances.map((b) => [`${b.user_id}:${b.asset}`, toUnits(b.balance)]));
    users.forEach((u, i) => {
      const cards = BigInt(bought.get(u.uid)?.size ?? 0);
      const rusd = toUnits(i < NO_RUSD ? '9.99' : '25');
      const fuel = toUnits(i >= NO_RUSD && i < NO_RUSD + NO_FUEL ? '0.5' : '5');
      expect(byUser.get(`${u.uid}:rusd`), `uid ${u.uid} rusd`).toBe(rusd - cards * toUnits('10'));
      expect(byUser.get(`${u.uid}:fuel`), `uid ${u.uid} fuel`).toBe(fuel - cards * toUnits('1'));
    });
    // Those who could not pay were told why, and got no card.
    for (const { index, answer, user } of answers) {
      if (index < NO_RUSD) expect(['INSUFFICIENT_RUSD', 'CARD_SOLD_OUT'], `uid ${user.uid}`).toContain(answer.data.code);
      else if (index < NO_RUSD + NO_FUEL) expect(['INSUFFICIENT_FUEL', 'CARD_SOLD_OUT'], `uid ${user.uid}`).toContain(answer.data.code);
    }

    // The books: every asset's postings and every asset's balances sum to zero.
    for (const [asset, total] of await journalTotals(t.database.db)) expect(total, asset).toBe(0n);
    for (const b of await rows<{ asset: string; total: string }>(sql`select asset, sum(balance)::text as total from ledger_accounts group by asset`)) {
      expect(toUnits(b.total), b.asset).toBe(0n);
    }
    const codes = new Map<string, number>();
    for (const { answer } of answers) codes.set(answer.data?.code ?? 'OK', (codes.get(answer.data?.code ?? 'OK') ?? 0) + 1);
    console.info(`[cards burst ${kind}] ${answers.length} presses answered in ${seconds.toFixed(2)} s:`, Object.fromEntries(codes));
  });
});
