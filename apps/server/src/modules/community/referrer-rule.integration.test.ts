/**
 * The referrer rule (issue 25 §13, decision 119) on the shipped default: each purchase that pays referral rewards —
 * a starter card, a market order, a miner, a pledge (and its confirmation quote) — is refused to a buyer with no
 * referrer, in their language, and nothing changes (balances, stock, cards, orders, miners, positions, entries); the
 * same buyer passes once bound. A team's head without a referrer (a root of the tree) buys freely; a kind the operator
 * does not count pays no rewards and is not guarded. The switch is a change of terms: an auditor and a plain user are
 * refused, an operator's change waits for an administrator, an administrator's is audited in its transaction.
 */
import { sql } from 'drizzle-orm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, nowMs, setClockOffset } from '../../core/clock.js';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { createCardType, fundedUser, openSession, rowsOf, useTestClock } from '../../test/cards-market-kit.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FUNDS = { rusd: '1000', fuel: '100', trade: '10', usdt: '10000' };

describe.each(databaseKinds)('the referrer rule for purchases (%s)', (kind) => {
  let t: TestApp;
  let typeId: number, minerId: number, pledgeId: number;
  let sponsor: SignedInUser, orphan: SignedInUser, loner: SignedInUser, user: SignedInUser, operator: SignedInUser, auditor: SignedInUser;
  // Everyone signs in before the tests move the business clock (a sign-in message is dated on the real clock).
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true', TOKEN_TTL_HOURS: '2160' }, referrerRule: 'shipped' }, async (app) => {
    t = app;
    useTestClock();
    [sponsor, orphan, loner, user] = [await fundedUser(t, FUNDS), await fundedUser(t, FUNDS), await fundedUser(t, FUNDS), await fundedUser(t, FUNDS)];
    const withRole = async (role: 'operator' | 'auditor') => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      expect((await admin('/api/admin/roles/grant', { account: wallet.address, role })).status).toBe(200);
      return t.signIn(wallet);
    };
    [operator, auditor] = [await withRole('operator'), await withRole('auditor')];
  });
  afterAll(() => setClockOffset(0));

  const admin = (url: string, payload: Record<string, unknown>, token = t.admin.token) => t.call({ method: 'POST', url, token, payload });
  const setRule = (required: boolean, token = t.admin.token) => admin('/api/admin/community/qualifying/referrer', { required }, token);
  const starter = (u: SignedInUser, lang = 'en-US') =>
    t.call({ method: 'POST', url: `/api/project/card/${typeId}`, token: u.token, headers: { 'accept-language': lang } });
  const order = (u: SignedInUser) =>
    t.call({ method: 'POST', url: '/api/project/card/order', token: u.token, payload: { card_type_id: typeId, min_price: '90', max_price: '110' } });
  const miner = (u: SignedInUser) =>
    t.call({ method: 'POST', url: `/api/project/mining_machine/${minerId}`, token: u.token, payload: { quantity: 1, asset: 'usdt' } });
  const pledge = (u: SignedInUser) => t.call({ method: 'POST', url: `/api/project/pledge/${pledgeId}`, token: u.token, payload: { amount: '100' } });
  const quote = (u: SignedInUser) => t.call({ method: 'POST', url: `/api/project/pledge/${pledgeId}/preview`, token: u.token, payload: { amount: '100' } });
  const buys = { starter, order, miner, pledge, quote };

  /** What a refusal must leave as it was: the buyer's balances and every table a purchase writes. */
  const snapshot = async (u: SignedInUser) => ({
    balances: (await t.call({ method: 'GET', url: '/api/user/info', token: u.token })).data.balances,
    rows: rowsOf(
      await t.database.db.execute(sql`select
        (select count(*)::int from journal_entries) as entries,
        (select count(*)::int from cards) as cards,
        (select coalesce(sum(sold), 0)::int from card_sessions) as sold,
        (select count(*)::int from card_orders) as orders,
        (select count(*)::int from mining_miners) as miners,
        (select count(*)::int from pledge_positions) as positions,
        (select coalesce(sum(locked_total), 0)::text from pledge_products) as locked`),
    ),
  });

  beforeAll(async () => {
    typeId = await createCardType(t, { hold_days: 1 });
    await openSession(t, typeId, { stock: 50, perUserCap: 5 });
    const mined = await admin('/api/admin/mining/products', {
      name: 'Reef miner',
      price: '100',
      price_asset: 'usdt',
      period_days: 30,
      multiple: '1.5',
      daily_output: '40',
      output_asset: 'coin',
    });
    expect(mined.status, mined.msg).toBe(200);
    minerId = mined.data.id;
    const now = nowMs();
    const pledged = await admin('/api/admin/pledge/products', {
      name: 'Reef pledge',
      product_type: 'fixed',
      asset: 'usdt',
      interest_asset: 'coin',
      cycle_days: 3,
      annual_rate: '0.365',
      min_lock: '100',
      max_per_user: '1000',
      total_cap: '5000',
      fee_rate: '0.01',
      sale_starts_at: new Date(now + HOUR).toISOString(),
      sale_ends_at: new Date(now + HOUR + DAY).toISOString(),
      dividend_at: new Date(now + HOUR + DAY).toISOString(),
      release_days: 2,
    });
    expect(pledged.status, pledged.msg).toBe(200);
    pledgeId = pledged.data.id;
    advanceClock(HOUR + 60_000);
  });

  it('is on by default and shown with the qualifying rules', async () => {
    const rules = await t.call({ method: 'GET', url: '/api/admin/community/qualifying', token: t.admin.token });
    expect(rules.data.referrer_required).toBe(true);
  });

  it('refuses every purchase that pays referral rewards to a buyer with no referrer, in their language, and changes nothing', async () => {
    const before = await snapshot(orphan);
    for (const [name, buy] of Object.entries(buys)) {
      const refused = await buy(orphan);
      expect([name, refused.status, refused.data?.code]).toEqual([name, 400, 'REFERRER_REQUIRED']);
    }
    expect((await starter(orphan, 'en-US')).msg).toBe('Please bind your referees first');
    expect((await starter(orphan, 'zh-TW')).msg).toBe('請先綁定推薦人');
    expect((await starter(orphan, 'de-DE')).msg).toBe('Bitte binden Sie zuerst Ihren Werber');
    expect(await snapshot(orphan)).toEqual(before);
  });

  it('lets the same buyer through once bound, and a team head with no referrer (a root of the tree) all along', async () => {
    expect((await t.call({ method: 'POST', url: '/api/binding', token: orphan.token, payload: { uid: sponsor.uid } })).status).toBe(200);
    for (const [name, buy] of Object.entries(buys)) expect([name, (await buy(orphan)).status]).toEqual([name, 200]);
    // The sponsor bound nobody but now heads a team: binding would hang the whole team under someone else.
    for (const [name, buy] of Object.entries(buys)) expect([name, (await buy(sponsor)).status]).toEqual([name, 200]);
  });

  it('does not guard a kind the operator does not count (it pays no referral rewards)', async () => {
    expect((await admin('/api/admin/community/qualifying/kinds/miner', { counts: false })).status).toBe(200);
    expect((await miner(loner)).status).toBe(200);
    expect((await pledge(loner)).data.code).toBe('REFERRER_REQUIRED');
    expect((await admin('/api/admin/community/qualifying/kinds/miner', { counts: true })).status).toBe(200);
    expect((await miner(loner)).data.code).toBe('REFERRER_REQUIRED');
  });

  it('is a change of terms: refused to an auditor and a user, an operator asks, an administrator switches it, audited', async () => {
    for (const refused of [await setRule(false, auditor.token), await setRule(false, user.token)]) {
      expect([refused.http, refused.data.code]).toEqual([403, 'FORBIDDEN']);
    }
    const asked = await setRule(false, operator.token);
    expect([asked.http, asked.data.status]).toEqual([202, 'pending']);
    expect((await t.call({ method: 'GET', url: '/api/admin/community/qualifying', token: t.admin.token })).data.referrer_required).toBe(true);
    expect((await miner(user)).data.code).toBe('REFERRER_REQUIRED');

    const off = await setRule(false);
    expect([off.status, off.data.referrer_required]).toEqual([200, false]);
    const audit = await t.call({ method: 'GET', url: '/api/admin/audit?action=qualifying/referrer', token: t.admin.token });
    expect(audit.data.list[0]).toMatchObject({ actor: t.admin.uid, request: { required: false }, after: { referrer_required: false } });
    const changed = rowsOf<{ payload: Record<string, unknown> }>(
      await t.database.db.execute(sql`select payload from business_events where type = 'community.admin_changed' order by id desc limit 1`),
    );
    expect(changed[0]?.payload).toMatchObject({ target: 'referrer_rule', before: { required: true }, after: { required: false } });

    // Off: every purchase goes through without a referrer.
    for (const [name, buy] of Object.entries(buys)) expect([name, (await buy(user)).status]).toEqual([name, 200]);
    expect((await setRule(true)).data.referrer_required).toBe(true);
  });
});
