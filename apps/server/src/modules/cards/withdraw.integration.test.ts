/**
 * Withdrawing a listing (decision 060) through the real endpoints, on PGlite and PostgreSQL: someone else's or an
 * unknown card, a card not listed, a card a buyer already got; a withdrawal puts the card back in the warehouse,
 * ends the listing and takes it off the market; and a withdrawal racing a buy order that would match the same
 * listing: exactly one of them wins, never both.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
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
  listCard,
  openSession,
  placeOrder,
  rowsOf,
  useTestClock,
} from '../../test/cards-market-kit.js';

describe.each(databaseKinds)('withdrawing a listing on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser;
  let typeId: number, session: number;
  const aliceCards: number[] = [];

  const withdraw = (u: SignedInUser, cardId: number) => t.call({ method: 'DELETE', url: `/api/project/card/hanging/${cardId}`, token: u.token });
  const cardRow = async (id: number) =>
    rowsOf<{ owner_id: number; state: string; auto_sell: boolean }>(
      await t.database.db.execute(sql`select owner_id, state, auto_sell from cards where id = ${id}`),
    )[0]!;
  const listingStates = async (cardId: number) =>
    rowsOf<{ state: string }>(await t.database.db.execute(sql`select state from card_listings where card_id = ${cardId} order by id`)).map((r) => r.state);

  withTestApp(kind, async (app) => {
    t = app;
    useTestClock();
    typeId = await createCardType(t);
    [alice, bob, carol] = [await fundedUser(t, { rusd: '5000', fuel: '100', trade: '20' }), await fundedUser(t), await fundedUser(t)];
    session = await openSession(t, typeId);
    for (let i = 0; i < 8; i += 1) aliceCards.push(await buyStarter(t, alice, typeId));
    await closeSession(t, session);
    advanceDays(1);
  });

  it("refuses someone else's card and an unknown id (NOT_FOUND) and a card in the warehouse (CARD_NOT_LISTED); nothing changes", async () => {
    const [first] = aliceCards;
    expect((await listCard(t, alice, first!)).status).toBe(200);
    for (const [user, id] of [
      [bob, first!],
      [carol, first!],
      [alice, 987_654_321],
    ] as const) {
      const res = await withdraw(user, id);
      expect([id, res.status, res.data.code]).toEqual([id, 400, 'NOT_FOUND']);
    }
    expect(await cardRow(first!)).toMatchObject({ owner_id: alice.uid, state: 'listed' });
    expect(await listingStates(first!)).toEqual(['listed']);
    const inWarehouse = await withdraw(alice, aliceCards[1]!);
    expect([inWarehouse.status, inWarehouse.data.code]).toEqual([400, 'CARD_NOT_LISTED']);
  });

  it('takes the listing off the market: the card is back in the warehouse with auto-sell off, the listing ended withdrawn', async () => {
    const id = aliceCards[0]!;
    expect((await t.call({ method: 'POST', url: `/api/project/card/auto/${id}`, token: alice.token, payload: { auto: true } })).status).toBe(200);
    const res = await withdraw(alice, id);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ card_id: id, state: 'ended', outcome: 'withdrawn', match_id: null });
    expect(await cardRow(id)).toEqual({ owner_id: alice.uid, state: 'warehouse', auto_sell: false });
    expect(await listingStates(id)).toEqual(['withdrawn']);
    const market = await t.call({ method: 'GET', url: `/api/project/card/market?type=${typeId}`, token: bob.token });
    expect(market.data.list.map((l: { card_id: number }) => l.card_id)).not.toContain(id);
    const sales = await t.call({ method: 'GET', url: '/api/project/card/mySale?state=ended', token: alice.token });
    expect(sales.data.list.find((s: { card_id: number }) => s.card_id === id)).toMatchObject({ outcome: 'withdrawn' });
    const history = await t.call({ method: 'GET', url: `/api/project/card/my/${id}`, token: alice.token });
    expect(history.data.history.map((h: { event: string }) => h.event)).toEqual(['bought', 'listed', 'auto_sell_on', 'withdrawn']);
    expect((await eventsOfUser(t.database.db, alice.uid)).map((e) => e.type)).toContain('card.withdrawn');
    // Once more: nothing left to withdraw. It can be listed again, at the same next step.
    expect((await withdraw(alice, id)).data.code).toBe('CARD_NOT_LISTED');
    const again = await listCard(t, alice, id);
    expect([again.status, again.data.price]).toEqual([200, res.data.price]);
  });

  it('a seller whose listing a buyer already got is told so (CARD_ALREADY_MATCHED); the buyer keeps the card', async () => {
    const id = aliceCards[0]!;
    session = await openSession(t, typeId);
    const order = await placeOrder(t, bob, typeId, '105', '105');
    expect([order.status, order.data.state, order.data.card_id]).toEqual([200, 'completed', id]);
    const late = await withdraw(alice, id);
    expect([late.status, late.data.code]).toEqual([400, 'CARD_ALREADY_MATCHED']);
    // Someone who never sold it learns nothing; the new owner has nothing listed.
    expect((await withdraw(carol, id)).data.code).toBe('NOT_FOUND');
    expect((await withdraw(bob, id)).data.code).toBe('CARD_NOT_LISTED');
    expect(await cardRow(id)).toMatchObject({ owner_id: bob.uid, state: 'warehouse' });
    await closeSession(t, session);
  });

  it('a withdrawal racing a buy order for the same listing: exactly one wins, the loser is refused or waits and is refunded', async () => {
    const racing = aliceCards.slice(2, 8);
    for (const id of racing) expect((await listCard(t, alice, id)).status).toBe(200);
    const bobBefore = await balanceOf(t, bob, 'rusd');
    session = await openSession(t, typeId);
    // Each order's band holds exactly one listing's price (105): it takes the oldest still listed.
    const outcomes = await Promise.all(
      racing.flatMap((id, i) => [
        withdraw(alice, id).then((res) => ({ who: 'withdraw', id, res })),
        placeOrder(t, bob, typeId, '105', '105', `race-${kind}-${i}`).then((res) => ({ who: 'order', id, res })),
      ]),
    );
    const withdrawn = outcomes.filter((o) => o.who === 'withdraw' && o.res.status === 200).map((o) => o.id);
    const lost = outcomes.filter((o) => o.who === 'withdraw' && o.res.status !== 200);
    for (const o of lost) expect(o.res.data.code).toBe('CARD_ALREADY_MATCHED');
    const matched = outcomes.filter((o) => o.who === 'order' && o.res.data.state === 'completed').map((o) => o.res.data.card_id as number);
    for (const o of outcomes.filter((x) => x.who === 'order')) expect([o.res.status, ['completed', 'waiting'].includes(o.res.data.state)]).toEqual([200, true]);
    console.info(`[withdraw race ${kind}] withdrawn ${withdrawn.length}, sold ${matched.length}`);
    // Every racing card went exactly one way: withdrawn (alice's, in the warehouse) or sold (bob's), never both.
    expect([...withdrawn, ...matched].sort()).toEqual([...racing].sort());
    expect(lost.map((o) => o.id).sort()).toEqual([...matched].sort());
    for (const id of withdrawn)
      expect([id, await cardRow(id), await listingStates(id)]).toEqual([id, { owner_id: alice.uid, state: 'warehouse', auto_sell: false }, ['withdrawn']]);
    for (const id of matched) expect([id, (await cardRow(id)).owner_id, await listingStates(id)]).toEqual([id, bob.uid, ['sold']]);
    // Orders that found nothing wait, and the session's end gives their reservations back in full.
    await closeSession(t, session);
    expect(toUnits(await balanceOf(t, bob, 'rusd'))).toBe(toUnits(bobBefore) - BigInt(matched.length) * toUnits('105'));
    expect(await escrowBalances(t)).toMatchObject({ rusd: '0.00000000' });
    await expectBooksBalanced(t);
  });
});
