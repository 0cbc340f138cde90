/**
 * The remaining account and system calls (decision 077): the developer helpers exist only with DEV_LOGIN, GET /api/version
 * reports the configured build, POST /api/index values the caller's coin, POST /api/index/transferDate says whether
 * the exchange is open.
 */
import { sql } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('without DEV_LOGIN (%s)', (kind) => {
  let t: TestApp;
  withTestApp(kind, async (app) => {
    t = app;
  });

  it('has no developer helpers', async () => {
    for (const url of ['/api/dev_login', '/api/dev_key']) {
      const res = await t.call({ method: 'POST', url, payload: { uid: t.admin.uid } });
      expect(res).toMatchObject({ http: 404, status: 404 });
    }
  });

  it("reads the spec's short language codes in ?lang= and Accept-Language", async () => {
    const refusal = async (url: string, language?: string) =>
      (await t.call({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} })).msg;
    expect(await refusal('/api/user/info?lang=rus')).toBe('Вы не вошли в систему');
    expect(await refusal('/api/user/info?lang=en', 'ru-ru')).toBe('You are not logged in');
    expect(await refusal('/api/user/info', 'cn')).toBe(await refusal('/api/user/info', 'zh-CN'));
    expect(await refusal('/api/user/info?lang=xx', 'en')).toBe('You are not logged in');
    // A language in a path: the operator's share content for 'cn' is zh-cn's.
    const set = await t.call({
      method: 'POST',
      url: '/api/admin/share/cn',
      token: t.admin.token,
      payload: { title: 'Reef 简体', img: null, synopsis: '简介' },
    });
    expect(set.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/share?lang=cn' })).data).toMatchObject({ language: 'zh-cn', title: 'Reef 简体' });
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/share/fr', token: t.admin.token, payload: { title: 'x', img: null, synopsis: 'y' } })).data.code,
    ).toBe('PARAMETER_ERROR');
  });

  it('answers the default version', async () => {
    const res = await t.call({ method: 'GET', url: '/api/version' });
    expect(res.data).toEqual({ version: '0.0.0', commit: 'unknown', min_client_build: '0' });
  });
});

describe.each(databaseKinds)('with DEV_LOGIN (%s)', (kind) => {
  let t: TestApp;
  withTestApp({ kind, env: { DEV_LOGIN: 'true', APP_VERSION: '1.4.2', BUILD_COMMIT: 'abc1234', MIN_CLIENT_BUILD: '20261101T0000' } }, async (app) => {
    t = app;
  });

  it('signs in as a user by uid or address, creating an unknown address, and records it', async () => {
    const alice = await t.signIn();
    const byUid = await t.call({ method: 'POST', url: '/api/dev_login', payload: { uid: alice.uid } });
    expect(byUid.data).toMatchObject({ uid: alice.uid, account: alice.account.toLowerCase() });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: byUid.data.token })).data.uid).toBe(alice.uid);

    const fresh = '0x00000000000000000000000000000000000de701';
    const created = await t.call({ method: 'POST', url: '/api/dev_login', payload: { account: fresh } });
    expect(created.data.account).toBe(fresh);
    expect((await t.call({ method: 'POST', url: '/api/dev_login', payload: { account: fresh } })).data.uid).toBe(created.data.uid);

    const events = (await t.database.db.execute(sql`select user_id, payload from business_events where type = 'dev.login' order by id`)) as unknown as {
      rows: { user_id: number; payload: { created: boolean } }[];
    };
    expect(events.rows.map((row) => [row.user_id, row.payload.created])).toEqual([
      [alice.uid, false],
      [created.data.uid, true],
      [created.data.uid, false],
    ]);

    expect((await t.call({ method: 'POST', url: '/api/dev_login', payload: { uid: 2_000_000_000 } })).data.code).toBe('USER_NOT_FOUND');
    expect((await t.call({ method: 'POST', url: '/api/dev_login', payload: {} })).data.code).toBe('PARAMETER_ERROR');
  });

  it('makes a fresh key whose address is the new user', async () => {
    const res = await t.call({ method: 'POST', url: '/api/dev_key' });
    expect(res.status).toBe(200);
    expect(res.data.account).toBe(privateKeyToAccount(res.data.private_key).address.toLowerCase());
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: res.data.token })).data.uid).toBe(res.data.uid);
  });

  it('answers the configured version', async () => {
    expect((await t.call({ method: 'GET', url: '/api/version' })).data).toEqual({ version: '1.4.2', commit: 'abc1234', min_client_build: '20261101T0000' });
  });

  it('values the caller coin on POST /api/index and says when the exchange is open', async () => {
    const user = await t.signIn();
    const before = await t.call({ method: 'POST', url: '/api/index', token: user.token });
    expect(before.data.mine).toEqual({ coin: '0.00000000', value_usdt: null });
    expect((await t.call({ method: 'POST', url: '/api/index' })).http).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/index/transferDate' })).data).toMatchObject({ exchange_open: false, lakes: [] });

    const lake = await t.call({
      method: 'POST',
      url: '/api/admin/lakes',
      token: t.admin.token,
      payload: { base: 'coin', quote: 'usdt', reserve_base: '10000', reserve_quote: '50000', fee_rate: '0.003', burn_share: '0.5', main: true },
    });
    await t.fund(user.uid, 'coin', '2.5');
    const after = await t.call({ method: 'POST', url: '/api/index', token: user.token });
    expect(after.data.coin.price).toBe('5.00000000');
    expect(after.data.mine).toEqual({ coin: '2.50000000', value_usdt: '12.50000000' });

    const date = await t.call({ method: 'POST', url: '/api/index/transferDate' });
    expect(date.data).toMatchObject({ exchange_open: true, lakes: [{ id: lake.data.id, base: 'coin', quote: 'usdt', open: true }] });
    expect(date.data.day).toBe(date.data.now.slice(0, 10));
    await t.call({ method: 'POST', url: `/api/admin/lakes/${lake.data.id}`, token: t.admin.token, payload: { open: false } });
    expect((await t.call({ method: 'POST', url: '/api/index/transferDate' })).data.exchange_open).toBe(false);
  });
});
