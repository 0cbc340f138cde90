/**
 * The card market end to end through the real endpoints (decisions 053–054), on PGlite and PostgreSQL: the bad
 * inputs of issue 11 (someone else's card, before the holding time, already listed, bad price bands, a non-leader,
 * buying outside a session, replays), a match and what each side sees, release at session end, auto-listing at
 * session open, renewal, the leader's split and the operators' views and cancellation.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventsOfUser } from '../events/events.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import {
  advanceDays,
  balanceOf,
  buyStarter,
  closeSession,
  createCardType,
  escrowBalances,
  expectBooksBalanced,
  fundedUser,
  HOUR_MS,
  listCard,
  openSession,
  placeOrder,
  rowsOf,
  useTestClock,
} from '../../test/cards-market-kit.js';
import { advanceClock } from '../../core/clock.js';

interface CardDbRow {
  owner_id: number;
  state: string;
  price: string;
  auto_sell: boolean;
  list_by: string;
  hold_until: string;
  parent_card_id: number | null;
}

describe.each(databaseKinds)('card market on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser, dave: SignedInUser;
  let typeId: number, s1: number, aliceCard: number, bobCard: number;

  const card = async (id: number): Promise<CardDbRow> =>
    rowsOf<CardDbRow>(
      await t.database.db.execute(
        sql`select owner_id, state, price::text as price, auto_sell, list_by::text as list_by, hold_until::text as hold_until, parent_card_id from cards where id = ${id}`,
      ),
    )[0]!;
  const balances = async (u: SignedInUser) => [await balanceOf(t, u, 'rusd'), await balanceOf(t, u, 'fuel'), await balanceOf(t, u, 'trade')];
  const get = (u: SignedInUser, url: string) => t.call({ method: 'GET', url, token: u.token });
  const post = (u: SignedInUser, url: string, payload?: object, key?: string) =>
    t.call({ method: 'POST', url, token: u.token, payload, headers: key ? { 'idempotency-key': key } : {} });

  withTestApp(kind, async (app) => {
    t = app;
    useTestClock();
    typeId = await createCardType(t);
    [alice, bob, carol] = [await fundedUser(t), await fundedUser(t), await fundedUser(t)];
    // Dave joins under Alice (signed in before the tests move the clock: a sign-in message carries real time).
    dave = await t.signIn(undefined, alice.uid);
    for (const [asset, value] of Object.entries({ rusd: '1000', fuel: '100', trade: '10' })) await t.fund(dave.uid, asset, value);
    s1 = await openSession(t, typeId);
    aliceCard = await buyStarter(t, alice, typeId);
    bobCard = await buyStarter(t, bob, typeId);
  });

  it("someone else's card is refused for hanging, auto-sell and renewal, and nothing changes", async () => {
    const before = await card(aliceCard);
    for (const [method, url, payload] of [
      ['GET', `/api/project/card/hanging/${aliceCard}`],
      ['POST', `/api/project/card/hanging/${aliceCard}`],
      ['POST', `/api/project/card/auto/${aliceCard}`, { auto: true }],
      ['GET', `/api/project/card/renewal/${aliceCard}`],
      ['POST', `/api/project/card/renewal/${aliceCard}`],
      ['GET', `/api/project/card/hanging/987654`],
      ['POST', `/api/project/card/renewal/987654`],
    ] as const) {
      const res = await t.call({ method, url, token: bob.token, payload });
      expect([url, res.status, res.data.code]).toEqual([url, 400, 'NOT_FOUND']);
    }
    expect(await card(aliceCard)).toEqual(before);
    expect(await balances(bob)).toEqual(['900.00000000', '98.00000000', '10.00000000']);
  });

  it('listing and renewing before the holding time is over are refused; the preview says why and what listing would do', async () => {
    const preview = await get(alice, `/api/project/card/hanging/${aliceCard}`);
    expect(preview.data).toMatchObject({
      price: '100.00000000',
      list_price: '105.00000000',
      platform_fee: '10.50000000',
      obtainable: '94.50000000',
      listable: false,
      refusal: 'CARD_HOLDING',
    });
    expect((await listCard(t, alice, aliceCard)).data.code).toBe('CARD_HOLDING');
    expect((await post(alice, `/api/project/card/renewal/${aliceCard}`)).data.code).toBe('CARD_HOLDING');
    expect((await card(aliceCard)).state).toBe('warehouse');
  });

  it('an order is refused outside a session, and nothing is reserved', async () => {
    await closeSession(t, s1);
    advanceDays(1);
    advanceClock(HOUR_MS);
    const res = await placeOrder(t, bob, typeId, '100', '110');
    expect([res.status, res.data.code]).toEqual([400, 'CARD_SESSION_NOT_OPEN']);
    expect(await balances(bob)).toEqual(['900.00000000', '98.00000000', '10.00000000']);
  });

  it('a card is listed once its holding time is over, not twice, and waits as "not started" until a session opens', async () => {
    const listed = await listCard(t, alice, aliceCard);
    expect(listed.status).toBe(200);
    expect(listed.data).toMatchObject({ card_id: aliceCard, price: '105.00000000', obtainable: '94.50000000', state: 'not_started', outcome: null });
    expect((await listCard(t, alice, aliceCard)).data.code).toBe('CARD_ALREADY_LISTED');
    expect((await post(alice, `/api/project/card/renewal/${aliceCard}`)).data.code).toBe('CARD_NOT_IN_WAREHOUSE');
    const sales = await get(alice, '/api/project/card/mySale?state=not_started');
    expect(sales.data.list.map((s: { card_id: number }) => s.card_id)).toEqual([aliceCard]);
  });

  let s2: number;
  it('zero, negative, over-precise and upside-down price bands are refused and reserve nothing', async () => {
    s2 = await openSession(t, typeId);
    for (const [min, max] of [
      ['0', '110'],
      ['-5', '110'],
      ['100', '0'],
      ['1.123456789', '110'],
      ['100', '110.000000001'],
      ['111', '110'],
      ['abc', '110'],
    ]) {
      const res = await placeOrder(t, bob, typeId, min!, max!);
      expect([min, max, res.status, res.data.code]).toEqual([min, max, 400, 'PARAMETER_ERROR']);
    }
    const unknownType = await placeOrder(t, bob, 987654, '100', '110');
    expect(unknownType.data.code).toBe('NOT_FOUND');
    expect(await balances(bob)).toEqual(['900.00000000', '98.00000000', '10.00000000']);
  });

  let matchId: number;
  it('an order in the band buys the oldest listing at once: one entry moves the money, the card changes hands; a replay charges once', async () => {
    const key = 'order-key-0001';
    const res = await placeOrder(t, bob, typeId, '100', '110', key);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      state: 'completed',
      card_id: aliceCard,
      price: '105.00000000',
      reserved_rusd: '110.00000000',
      reserved_fuel: '2.20000000',
      reserved_trade: '1.00000000',
      balance_rusd: '795.00000000',
    });
    matchId = res.data.match_id;
    // Bob: 900 − 105; fuel 98 − 2.1 (2 % of 105); one trading point. Alice: 900 + 94.5 (105 less 10 %).
    expect(await balances(bob)).toEqual(['795.00000000', '95.90000000', '9.00000000']);
    expect(await balances(alice)).toEqual(['994.50000000', '98.00000000', '10.00000000']);
    const replay = await placeOrder(t, bob, typeId, '100', '110', key);
    expect(replay.data).toEqual(res.data);
    expect(await balances(bob)).toEqual(['795.00000000', '95.90000000', '9.00000000']);
    expect((await placeOrder(t, bob, typeId, '100', '111', key)).data.code).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(await card(aliceCard)).toMatchObject({ owner_id: bob.uid, state: 'warehouse', price: '105.00000000', auto_sell: false });
    const entries = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from card_matches m join journal_entries e on e.id = m.entry_id where m.id = ${matchId}`),
    );
    expect(entries[0]!.n).toBe(1);
    expect(await escrowBalances(t)).toMatchObject({ rusd: '0.00000000', fuel: '0.00000000', trade: '0.00000000' });
  });

  it('both sides see the match in their trading record, the seller sees the sale ended, the buyer the order completed', async () => {
    const seller = await get(alice, '/api/project/card/record');
    const buyer = await get(bob, '/api/project/card/record');
    expect(seller.data.list).toEqual([
      expect.objectContaining({ match_id: matchId, side: 'sell', counterparty: bob.uid, price: '105.00000000', seller_obtained: '94.50000000' }),
    ]);
    expect(buyer.data.list).toEqual([
      expect.objectContaining({ match_id: matchId, side: 'buy', counterparty: alice.uid, fuel_fee: '2.10000000', trade_points: '1.00000000' }),
    ]);
    expect((await get(carol, '/api/project/card/record')).data.total).toBe(0);
    const sales = await get(alice, '/api/project/card/mySale');
    expect(sales.data.list[0]).toMatchObject({ card_id: aliceCard, state: 'ended', outcome: 'sold', match_id: matchId });
    const orders = await get(bob, '/api/project/card/order');
    expect(orders.data.list[0]).toMatchObject({ state: 'completed', match_id: matchId, card_id: aliceCard });
    const events = (await eventsOfUser(t.database.db, bob.uid)).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['card.order_placed', 'card.matched']));
  });

  let carolOrder: number;
  it('the market lists live listings within a price band and by seller uid', async () => {
    expect((await listCard(t, bob, bobCard)).data.state).toBe('on_sale');
    const market = (query: string) => get(carol, `/api/project/card/market?${query}`);
    const all = await market(`type=${typeId}`);
    expect(all.data.list.map((l: { card_id: number }) => l.card_id)).toEqual([bobCard]);
    expect(all.data.list[0]).toMatchObject({ seller: bob.uid, price: '105.00000000', fuel_fee: '2.10000000', trade_points: '1.00000000' });
    expect(all.data.sessions.map((s: { id: number }) => s.id)).toContain(s2);
    expect((await market(`seller=${bob.uid}`)).data.total).toBe(1);
    expect((await market(`seller=${alice.uid}`)).data.total).toBe(0);
    expect((await market('min_price=105&max_price=105')).data.total).toBe(1);
    expect((await market('min_price=105.01')).data.total).toBe(0);
    expect((await market('max_price=104.99')).data.total).toBe(0);
    expect((await market('min_price=110&max_price=100')).data.code).toBe('PARAMETER_ERROR');
    expect((await market('min_price=0')).data.code).toBe('PARAMETER_ERROR');
    const detail = await get(carol, `/api/project/card/market/${all.data.list[0].listing_id}`);
    expect(detail.data).toMatchObject({ card_id: bobCard, rules: { id: typeId, price_step_bp: 500 }, session: { id: s2, state: 'open' } });
    // An order out of every listing's band waits, holding its reservation in escrow.
    const waiting = await placeOrder(t, carol, typeId, '200', '210');
    expect(waiting.data).toMatchObject({ state: 'waiting', reserved_rusd: '210.00000000', reserved_fuel: '4.20000000', balance_rusd: '790.00000000' });
    carolOrder = waiting.data.id;
    expect(await escrowBalances(t)).toMatchObject({ rusd: '210.00000000', fuel: '4.20000000', trade: '1.00000000' });
  });

  it('orders still waiting when the session closes are released in full', async () => {
    await closeSession(t, s2);
    expect(await balances(carol)).toEqual(['1000.00000000', '100.00000000', '10.00000000']);
    expect(await escrowBalances(t)).toMatchObject({ rusd: '0.00000000', fuel: '0.00000000', trade: '0.00000000' });
    const orders = await get(carol, '/api/project/card/order');
    expect(orders.data.list[0]).toMatchObject({ id: carolOrder, state: 'released' });
    expect((await eventsOfUser(t.database.db, carol.uid)).map((e) => e.type)).toContain('card.order_released');
    // A second close pass finds nothing more to release.
    expect((await get(bob, `/api/project/card/mySale`)).data.list[0]).toMatchObject({ card_id: bobCard, state: 'not_started' });
  });

  it('renewal moves the listing deadline one window for its fee; after the deadline it is refused and the next session lists the card', async () => {
    // Bob's bought card: held 1 day, then 2 days to list or renew.
    advanceDays(1);
    advanceClock(HOUR_MS);
    const preview = await get(bob, `/api/project/card/renewal/${aliceCard}`);
    expect(preview.data).toMatchObject({ price: '105.00000000', fee: '3.15000000', renewable: true, refusal: null });
    const before = await card(aliceCard);
    const key = 'renew-key-00001';
    const renewed = await post(bob, `/api/project/card/renewal/${aliceCard}`, undefined, key);
    expect(renewed.data).toMatchObject({ fee: '3.15000000', balance_rusd: '791.85000000', list_by: preview.data.new_list_by });
    expect((await post(bob, `/api/project/card/renewal/${aliceCard}`, undefined, key)).data).toEqual(renewed.data);
    expect(await balanceOf(t, bob, 'rusd')).toBe('791.85000000');
    expect(new Date((await card(aliceCard)).list_by).getTime() - new Date(before.list_by).getTime()).toBe(2 * 24 * HOUR_MS);
    advanceDays(4);
    expect((await post(bob, `/api/project/card/renewal/${aliceCard}`)).data.code).toBe('CARD_RENEWAL_EXPIRED');
    await openSession(t, typeId);
    expect(await card(aliceCard)).toMatchObject({ state: 'listed' });
    const listing = rowsOf<{ auto: boolean; price: string }>(
      await t.database.db.execute(sql`select auto, price::text as price from card_listings where card_id = ${aliceCard} and state = 'listed'`),
    );
    expect(listing).toEqual([{ auto: true, price: '110.25000000' }]);
  });

  it('auto-sell lists a card at the first session after its holding time; the switch is the owner’s only', async () => {
    const carolCard = await buyStarter(t, carol, typeId);
    expect((await post(carol, `/api/project/card/auto/${carolCard}`, { auto: true })).data).toEqual({ card_id: carolCard, auto_sell: true });
    expect((await post(bob, `/api/project/card/auto/${carolCard}`, { auto: false })).data.code).toBe('NOT_FOUND');
    expect((await card(carolCard)).auto_sell).toBe(true);
  });

  it('a non-leader may not set split rules; an operator makes a leader (audited) whose rule splits the team’s cards into pieces summing to the price', async () => {
    const refused = await post(alice, '/api/project/card/split', { mode: 'auto', threshold: '100', amount: '50' });
    expect([refused.status, refused.data.code]).toEqual([400, 'NOT_LEADER']);
    expect((await get(alice, '/api/project/card/split')).data).toMatchObject({ leader: false, settings: null });
    const notAdmin = await post(alice, `/api/admin/cards/leaders/${alice.uid}`, { leader: true });
    expect(notAdmin.http).toBe(403);
    const made = await post(t.admin, `/api/admin/cards/leaders/${alice.uid}`, { leader: true });
    expect(made.data).toEqual({ uid: alice.uid, leader: true });
    const audit = (await eventsOfUser(t.database.db, t.admin.uid)).filter((e) => e.type === 'card.admin_changed' && e.target === 'leader');
    expect(audit.at(-1)).toMatchObject({ target_id: alice.uid, before: { leader: false }, after: { leader: true } });
    expect((await post(alice, '/api/project/card/split', { mode: 'auto', threshold: '100', amount: '50' })).data).toEqual({
      mode: 'auto',
      threshold: '100.00000000',
      amount: '50.00000000',
    });
    // Dave joins under Alice and buys Bob's card (listed at 110.25 by the deadline rule): it splits 50 + 60.25.
    expect((await get(dave, '/api/project/card/split')).data).toMatchObject({ leader: false, effective: { mode: 'auto', amount: '50.00000000' } });
    const bought = await placeOrder(t, dave, typeId, '110', '111');
    expect(bought.data).toMatchObject({ state: 'completed', card_id: aliceCard, price: '110.25000000' });
    expect((await card(aliceCard)).state).toBe('split');
    const pieces = rowsOf<{ id: number; price: string; owner_id: number }>(
      await t.database.db.execute(sql`select id, price::text as price, owner_id from cards where parent_card_id = ${aliceCard} order by id`),
    );
    expect(pieces.map((p) => [p.price, p.owner_id])).toEqual([
      ['50.00000000', dave.uid],
      ['60.25000000', dave.uid],
    ]);
    const history = rowsOf<{ card_id: number; event: string }>(
      await t.database.db.execute(
        sql`select card_id, event from card_history where card_id in (${aliceCard}, ${pieces[0]!.id}, ${pieces[1]!.id}) and event like 'split%' order by id`,
      ),
    );
    expect(history.map((h) => h.event)).toEqual(['split', 'split_from', 'split_from']);
    const split = (await eventsOfUser(t.database.db, dave.uid)).find((e) => e.type === 'card.split');
    expect(split).toMatchObject({ card_id: aliceCard, price: '110.25000000', mode: 'auto', leader_id: alice.uid });
  });

  it('operators list orders and matches, and cancel a waiting order with a full refund (audited); a second cancel is refused', async () => {
    const waiting = await placeOrder(t, carol, typeId, '500', '600');
    expect(waiting.data.state).toBe('waiting');
    const orders = await get(t.admin, `/api/admin/cards/orders?state=waiting&uid=${carol.uid}`);
    expect(orders.data.list.map((o: { id: number }) => o.id)).toEqual([waiting.data.id]);
    expect((await get(t.admin, `/api/admin/cards/matches?uid=${alice.uid}`)).data.list.map((m: { id: number }) => m.id)).toContain(matchId);
    expect((await get(carol, '/api/admin/cards/orders')).http).toBe(403);
    const before = await balanceOf(t, carol, 'rusd');
    const cancelled = await post(t.admin, `/api/admin/cards/orders/${waiting.data.id}/cancel`, { reason: 'customer request' });
    expect(cancelled.data).toMatchObject({ id: waiting.data.id, state: 'cancelled', buyer: carol.uid, cancelled_by: t.admin.uid });
    expect(await balanceOf(t, carol, 'rusd')).toBe((Number(before) + 600).toFixed(8));
    expect((await post(t.admin, `/api/admin/cards/orders/${waiting.data.id}/cancel`, { reason: 'again' })).data.code).toBe('CARD_ORDER_NOT_CANCELLABLE');
    expect((await post(t.admin, `/api/admin/cards/orders/987654/cancel`, { reason: 'none' })).data.code).toBe('NOT_FOUND');
    const audit = (await eventsOfUser(t.database.db, t.admin.uid)).filter((e) => e.type === 'card.admin_changed' && e.target === 'order');
    expect(audit.at(-1)).toMatchObject({ target_id: waiting.data.id, action: 'cancel', before: { state: 'waiting' }, after: { state: 'cancelled' } });
  });

  it('the books balance per asset and no account is negative', async () => {
    await expectBooksBalanced(t);
  });
});
