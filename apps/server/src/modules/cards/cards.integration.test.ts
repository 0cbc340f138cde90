import { afterAll, describe, expect, it } from 'vitest';
import { cardsApi } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { createJobRunner } from '../../infra/jobs/job-runner.js';
import { eventsOfUser } from '../events/events.service.js';
import { journalTotals } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { registerCardJobs } from './session-jobs.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const cardType = {
  name: 'Coral',
  names: { 'en-us': 'Coral card', 'zh-tw': '珊瑚卡' },
  start_price: '100',
  price_step_bp: 500,
  fuel_fee_bp: 1000,
  trade_points: '1',
  hold_days: 2,
  list_window_days: 3,
  platform_fee_bp: 500,
  renewal_fee_bp: 200,
};

describe.each(databaseKinds)('cards: types, sessions and starter cards on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, poor: SignedInUser, noFuel: SignedInUser;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true' } }, async (app) => {
    t = app;
    [alice, bob, poor, noFuel] = await Promise.all([t.signIn(), t.signIn(), t.signIn(), t.signIn()]);
    for (const u of [alice, bob]) {
      await t.fund(u.uid, 'rusd', '1000');
      await t.fund(u.uid, 'fuel', '100');
    }
    await t.fund(poor.uid, 'rusd', '99.99');
    await t.fund(poor.uid, 'fuel', '100');
    await t.fund(noFuel.uid, 'rusd', '1000');
    await t.fund(noFuel.uid, 'fuel', '9.99');
  });
  afterAll(() => clock.setClockOffset(0));

  const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = t.admin.token) =>
    t.call({ method, url: `/api/admin/cards${url}`, token, ...(payload ? { payload } : {}) });
  const user = (u: SignedInUser, method: 'GET' | 'POST', url: string, options: { key?: string; payload?: Record<string, unknown>; lang?: string } = {}) =>
    t.call({
      method,
      url: `/api/project/card${url}`,
      token: u.token,
      headers: { ...(options.key ? { 'idempotency-key': options.key } : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const balance = async (u: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: u.token })).data.balances.find((b: { key: string }) => b.key === asset).amount as string;
  const serverNow = async () => Date.parse((await t.call({ method: 'GET', url: '/api/project/card/session' })).data.now);
  const at = (now: number, offsetMs: number) => new Date(now + offsetMs).toISOString();
  const advance = (ms: number) => t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { advance_ms: ms } });

  let typeId: number;
  let sessionId: number;

  it('lets operators create and edit card types, audited; users are refused', async () => {
    const refused = await admin('POST', '/types', cardType, alice.token);
    expect([refused.http, refused.data.code]).toEqual([403, 'FORBIDDEN']);
    expect((await admin('GET', '/types', undefined, alice.token)).data.code).toBe('FORBIDDEN');

    const created = await admin('POST', '/types', cardType);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Coral', start_price: '100.00000000', obtainable_bp: 9500, per_user_cap: 1, active: true });
    typeId = created.data.id;
    const edited = await admin('POST', `/types/${typeId}`, { per_user_cap: 2, image: '' });
    expect(edited.data).toMatchObject({ per_user_cap: 2 });

    for (const bad of [
      { ...cardType, start_price: '0' },
      { ...cardType, start_price: '1.001' },
      { ...cardType, start_price: '-5' },
      { ...cardType, platform_fee_bp: 10_001 },
      { ...cardType, platform_fee_bp: 600, obtainable_bp: 9500 },
      { ...cardType, name: '' },
      { ...cardType, image: 'http://evil.example/x.png' },
      { ...cardType, extra: 1 },
    ]) {
      expect((await admin('POST', '/types', bad)).data.code, JSON.stringify(bad)).toBe('PARAMETER_ERROR');
    }
    expect((await admin('POST', `/types/${typeId}`, { platform_fee_bp: 600 })).data.code).toBe('PARAMETER_ERROR');
    expect((await admin('POST', '/types/999999', { per_user_cap: 3 })).data.code).toBe('NOT_FOUND');
    expect((await admin('POST', '/types/abc', { per_user_cap: 3 })).data.code).toBe('PARAMETER_ERROR');

    const audits = (await eventsOfUser(t.database.db, t.admin.uid)).filter((e) => e.type === 'card.admin_changed');
    expect(audits.map((e) => e.type === 'card.admin_changed' && [e.target, e.action])).toEqual([
      ['card_type', 'create'],
      ['card_type', 'update'],
    ]);
    const update = audits[1]!;
    expect(update.type === 'card.admin_changed' && [update.before?.per_user_cap, update.after?.per_user_cap]).toEqual([1, 2]);
  });

  it('refuses buying before a session, and shows the next session with its countdown', async () => {
    const now = await serverNow();
    const created = await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, HOUR), closes_at: at(now, 2 * HOUR), stock: 3 });
    expect(created.data).toMatchObject({ state: 'not_started', stored_state: 'scheduled', stock: 3, sold: 0, left: 3, per_user_cap: 2 });
    sessionId = created.data.id;
    expect((await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, 90 * 60_000), closes_at: at(now, 3 * HOUR), stock: 1 })).data.code).toBe(
      'CARD_SESSION_OVERLAP',
    );
    expect((await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, 2 * HOUR), closes_at: at(now, HOUR), stock: 1 })).data.code).toBe(
      'PARAMETER_ERROR',
    );
    expect(
      (await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, HOUR), closes_at: at(now, 2 * HOUR), stock: 1 }, bob.token)).data.code,
    ).toBe('FORBIDDEN');

    const list = await user(alice, 'GET', '', { lang: 'zh-TW' });
    expect(cardsApi.listCardTypes.response.safeParse(list.data).success).toBe(true);
    const item = list.data.list.find((c: { id: number }) => c.id === typeId);
    expect(item).toMatchObject({ name: '珊瑚卡', fuel_fee: '10.00000000', bought_by_me: 0, session: { id: sessionId, state: 'not_started', left: 3 } });
    expect(Date.parse(item.session.opens_at) - Date.parse(list.data.now)).toBeGreaterThan(HOUR - 60_000);

    const early = await user(alice, 'POST', `/${typeId}`, { key: 'early-press-1' });
    expect(early.data.code).toBe('CARD_SESSION_NOT_OPEN');
    expect(await balance(alice, 'rusd')).toBe('1000.00000000');
  });

  it('opens the session on the job runner when the clock reaches it, and sells a starter card', async () => {
    const runner = createJobRunner({ db: t.database.db, log: { error: () => {}, warn: () => {} } });
    registerCardJobs(runner, t.database.db);
    await advance(HOUR);
    await runner.runDue();
    const sessions = await admin('GET', `/sessions?type=${typeId}`);
    expect(sessions.data.list[0]).toMatchObject({ id: sessionId, state: 'open', stored_state: 'open' });

    const bought = await user(alice, 'POST', `/${typeId}`, { key: 'alice-buy-0001', lang: 'en-US' });
    expect(bought.status).toBe(200);
    expect(cardsApi.buyStarterCard.response.safeParse(bought.data).success).toBe(true);
    expect(bought.data).toMatchObject({
      session_id: sessionId,
      balance_rusd: '900.00000000',
      balance_fuel: '90.00000000',
      card: { name: 'Coral card', state: 'warehouse', price: '100.00000000', fuel_fee: '10.00000000', next_price: '105.00000000', obtainable: '99.75000000' },
    });
    expect(bought.data.card).toMatchObject({ listable: false, renewable: false, auto_sell: false });

    // The same key replays the same answer and charges once.
    const again = await user(alice, 'POST', `/${typeId}`, { key: 'alice-buy-0001' });
    expect(again.data).toEqual(bought.data);
    expect(await balance(alice, 'rusd')).toBe('900.00000000');
    expect((await user(alice, 'POST', `/${typeId + 1}`, { key: 'alice-buy-0001' })).data.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const events = (await eventsOfUser(t.database.db, alice.uid)).filter((e) => e.type === 'card.bought');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ card_id: bought.data.card.id, price: '100.00000000', fuel_fee: '10.00000000', entry_id: bought.data.entry_id });

    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/all', token: alice.token });
    expect(bills.data.list.slice(0, 2).map((b: { kind: string; memo: string }) => [b.kind, b.memo])).toEqual([
      ['card_fuel_fee', `card ${bought.data.card.id}`],
      ['card_buy', `card ${bought.data.card.id}`],
    ]);
  });

  it('refuses, with its own reason each, what may not be bought — and charges nothing', async () => {
    // The cap (2 per user in this session).
    expect((await user(alice, 'POST', `/${typeId}`, { key: 'alice-buy-0002' })).status).toBe(200);
    expect((await user(alice, 'POST', `/${typeId}`, { key: 'alice-buy-0003' })).data.code).toBe('CARD_LIMIT_REACHED');
    expect(await balance(alice, 'rusd')).toBe('800.00000000');

    const short = await user(poor, 'POST', `/${typeId}`, { key: 'poor-buy-00001', lang: 'en-US' });
    expect([short.data.code, short.msg]).toEqual(['INSUFFICIENT_RUSD', 'Insufficient RUSD: please charge RUSD first']);
    const shortFuel = await user(noFuel, 'POST', `/${typeId}`, { key: 'nofuel-buy-0001', lang: 'zh-CN' });
    expect([shortFuel.data.code, shortFuel.msg]).toEqual(['INSUFFICIENT_FUEL', '燃料点不足，请先补充燃料点']);
    expect([await balance(poor, 'rusd'), await balance(noFuel, 'fuel')]).toEqual(['99.99000000', '9.99000000']);

    // A refusal is not replayed: the same key runs again once the user can pay.
    await t.fund(poor.uid, 'rusd', '0.01');
    expect((await user(poor, 'POST', `/${typeId}`, { key: 'poor-buy-00001' })).status).toBe(200);

    // Stock 3: alice ×2 + poor; bob finds it sold out.
    const soldOut = await user(bob, 'POST', `/${typeId}`, { key: 'bob-buy-000001' });
    expect(soldOut.data.code).toBe('CARD_SOLD_OUT');
    expect(await balance(bob, 'rusd')).toBe('1000.00000000');

    expect((await user(bob, 'POST', '/999999')).data.code).toBe('NOT_FOUND');
    for (const bad of ['/0', '/-1', '/1.5', '/abc', '/99999999999']) expect((await user(bob, 'POST', bad)).data.code, bad).toBe('PARAMETER_ERROR');
    expect((await user(bob, 'POST', `/${typeId}`, { key: 'short' })).data.code).toBe('PARAMETER_ERROR');
  });

  it('lists my cards and shows a card with its history; someone else’s card is not found', async () => {
    const mine = await user(alice, 'GET', '/my?limit=10');
    expect(cardsApi.listMyCards.response.safeParse(mine.data).success).toBe(true);
    expect(mine.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(mine.data.list.map((c: { state: string }) => c.state)).toEqual(['warehouse', 'warehouse']);
    expect((await user(alice, 'GET', '/my?state=sold')).data.total).toBe(0);
    expect((await user(alice, 'GET', '/my?state=gone')).data.code).toBe('PARAMETER_ERROR');

    const cardId = mine.data.list[0].id as number;
    const detail = await user(alice, 'GET', `/my/${cardId}`);
    expect(cardsApi.getMyCard.response.safeParse(detail.data).success).toBe(true);
    expect(detail.data.history).toEqual([expect.objectContaining({ event: 'bought', price: '100.00000000', owner: alice.uid, owner_label: 'you' })]);
    expect(detail.data.rules).toMatchObject({ id: typeId, hold_days: 2 });

    expect((await user(bob, 'GET', `/my/${cardId}`)).data.code).toBe('NOT_FOUND');
    expect((await user(bob, 'GET', '/my/987654')).data.code).toBe('NOT_FOUND');
    expect((await user(bob, 'GET', '/my/x')).data.code).toBe('PARAMETER_ERROR');

    // Past the holding time the card may be listed or renewed; the server says so at its own time.
    await advance(2 * DAY);
    const later = await user(alice, 'GET', `/my/${cardId}`);
    expect(later.data.card).toMatchObject({ listable: true, renewable: true });
  });

  it('closes the session on the job runner; a late close never lets a buy through', async () => {
    // The clock is now past the window (2 days on): buying is refused although the close job has not run.
    expect((await user(bob, 'POST', `/${typeId}`, { key: 'bob-late-00001' })).data.code).toBe('CARD_SESSION_NOT_OPEN');
    const runner = createJobRunner({ db: t.database.db, log: { error: () => {}, warn: () => {} } });
    registerCardJobs(runner, t.database.db);
    await runner.runDue();
    expect((await admin('GET', `/sessions?type=${typeId}&state=closed`)).data.list.map((s: { id: number }) => s.id)).toEqual([sessionId]);
  });

  it('lets operators edit, open, close and cancel sessions, audited, refusing what no longer applies', async () => {
    const now = await serverNow();
    const s = (await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, HOUR), closes_at: at(now, 2 * HOUR), stock: 5 })).data;
    expect((await admin('POST', `/sessions/${s.id}`, { stock: 7, per_user_cap: 1 })).data).toMatchObject({ stock: 7, per_user_cap: 1 });
    const opened = await admin('POST', `/sessions/${s.id}/open`);
    expect(opened.data).toMatchObject({ state: 'open', stored_state: 'open' });
    expect(Date.parse(opened.data.opens_at)).toBeLessThanOrEqual((await serverNow()) + 1000);
    expect((await admin('POST', `/sessions/${s.id}`, { opens_at: at(now, 30 * 60_000) })).data.code).toBe('CARD_SESSION_STARTED');
    expect((await user(bob, 'POST', `/${typeId}`, { key: 'bob-open-00001' })).status).toBe(200);
    expect((await admin('POST', `/sessions/${s.id}`, { stock: 0 })).data.code).toBe('CARD_STOCK_BELOW_SOLD');
    const closed = await admin('POST', `/sessions/${s.id}/close`);
    expect(closed.data).toMatchObject({ state: 'closed', stored_state: 'closed', sold: 1 });
    expect((await user(bob, 'POST', `/${typeId}`, { key: 'bob-open-00002' })).data.code).toBe('CARD_SESSION_NOT_OPEN');
    expect((await admin('POST', `/sessions/${s.id}/close`)).data.code).toBe('CARD_SESSION_CLOSED');
    expect((await admin('POST', `/sessions/${s.id}/open`)).data.code).toBe('CARD_SESSION_CLOSED');
    expect((await admin('POST', `/sessions/${s.id}`, { stock: 9 })).data.code).toBe('CARD_SESSION_CLOSED');

    const future = (await admin('POST', '/sessions', { card_type_id: typeId, opens_at: at(now, 5 * HOUR), closes_at: at(now, 6 * HOUR), stock: 5 })).data;
    expect((await admin('POST', `/sessions/${future.id}`, { cancelled: true })).data).toMatchObject({ stored_state: 'cancelled', state: 'closed' });
    expect((await admin('POST', '/sessions/424242/open')).data.code).toBe('NOT_FOUND');
    expect((await admin('POST', `/sessions/${future.id}/open`, undefined, bob.token)).data.code).toBe('FORBIDDEN');

    const actions = (await eventsOfUser(t.database.db, t.admin.uid))
      .filter((e) => e.type === 'card.admin_changed' && e.target === 'session' && (e.target_id === s.id || e.target_id === future.id))
      .map((e) => e.type === 'card.admin_changed' && e.action);
    expect(actions).toEqual(['create', 'update', 'open', 'close', 'create', 'cancel']);
  });

  it('writes a weekly schedule’s sessions ahead, once, with their jobs', async () => {
    const created = await admin('POST', '/schedules', { card_type_id: typeId, weekdays: [1, 3, 5], open_minute: 600, duration_minutes: 120, stock: 10 });
    expect(created.data).toMatchObject({ weekdays: [1, 3, 5], open_minute: 600, duration_minutes: 120, per_user_cap: 2, active: true });
    const sessions = (await admin('GET', `/sessions?type=${typeId}&state=scheduled&limit=100`)).data.list.filter(
      (s: { schedule_id: number | null }) => s.schedule_id === created.data.id,
    );
    expect(sessions.length).toBeGreaterThanOrEqual(5);
    expect(sessions.length).toBeLessThanOrEqual(7);
    for (const s of sessions) {
      const opens = new Date(s.opens_at);
      expect([1, 3, 5]).toContain(((opens.getUTCDay() + 6) % 7) + 1);
      expect([opens.getUTCHours(), opens.getUTCMinutes()]).toEqual([10, 0]);
      expect(Date.parse(s.closes_at) - opens.getTime()).toBe(2 * HOUR);
    }
    const runner = createJobRunner({ db: t.database.db, log: { error: () => {}, warn: () => {} } });
    registerCardJobs(runner, t.database.db);
    await runner.runDue();
    const again = (await admin('GET', `/sessions?type=${typeId}&limit=100`)).data.list.filter(
      (s: { schedule_id: number | null }) => s.schedule_id === created.data.id,
    );
    expect(again.length).toBe(sessions.length);

    expect((await admin('POST', '/schedules', { card_type_id: typeId, weekdays: [8], open_minute: 0, duration_minutes: 60, stock: 1 })).data.code).toBe(
      'PARAMETER_ERROR',
    );
    expect((await admin('POST', '/schedules', { card_type_id: typeId, weekdays: [1, 1], open_minute: 0, duration_minutes: 60, stock: 1 })).data.code).toBe(
      'PARAMETER_ERROR',
    );
    expect((await admin('POST', `/schedules/${created.data.id}`, { active: false })).data.active).toBe(false);
  });

  it('keeps the journal balanced per asset', async () => {
    for (const [asset, sum] of await journalTotals(t.database.db)) expect(sum, asset).toBe(0n);
  });
});
