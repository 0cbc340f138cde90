import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { eventsOfUser } from '../events/events.service.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(databaseKinds)('airdrops on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, orphan: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signIn(undefined, t.admin.uid);
    bob = await t.signIn(undefined, alice.uid);
    orphan = await t.signIn();
  });

  const create = (payload: Record<string, unknown>, token = t.admin.token) => t.call({ method: 'POST', url: '/api/admin/airdrops', token, payload });
  const open = (user: SignedInUser) => t.call({ method: 'GET', url: '/api/airdrops', token: user.token });
  const claim = (user: SignedInUser, id: number | string, key?: string, language?: string) =>
    t.call({
      method: 'POST',
      url: `/api/airdrops/${id}/claim`,
      token: user.token,
      headers: { ...(key ? { 'idempotency-key': key } : {}), ...(language ? { 'accept-language': language } : {}) },
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;

  let openId: number;
  let listedId: number;
  let futureId: number;
  let pastId: number;

  it('lets operators create campaigns, open to everyone or to an allow-list', async () => {
    const res = await create({ asset: 'coin', amount: '12.5', starts_at: at(-HOUR), ends_at: at(HOUR) });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ asset: 'coin', amount: '12.50000000', restricted: false, active: true, address_count: 0 });
    openId = res.data.id;
    const listed = await create({
      asset: 'usdt',
      amount: '1',
      starts_at: at(-HOUR),
      ends_at: at(HOUR),
      addresses: [alice.account, alice.account.toLowerCase(), orphan.account],
    });
    expect(listed.data).toMatchObject({ restricted: true, address_count: 2 });
    listedId = listed.data.id;
    futureId = (await create({ asset: 'coin', amount: '1', starts_at: at(HOUR), ends_at: at(2 * HOUR) })).data.id;
    pastId = (await create({ asset: 'coin', amount: '1', starts_at: at(-2 * HOUR), ends_at: at(-HOUR) })).data.id;
    expect(futureId).toBeGreaterThan(0);
    expect(pastId).toBeGreaterThan(0);
  });

  it('refuses bad campaigns, and non-operators', async () => {
    const good = { asset: 'coin', amount: '1', starts_at: at(-HOUR), ends_at: at(HOUR) };
    const bad: Record<string, unknown>[] = [
      {},
      { ...good, asset: 'gold' },
      { ...good, amount: undefined },
      { ...good, amount: 1 },
      { ...good, amount: '0' },
      { ...good, amount: '-1' },
      { ...good, amount: '1.000000001' },
      { ...good, starts_at: 'yesterday' },
      { ...good, ends_at: undefined },
      { ...good, ends_at: good.starts_at },
      { ...good, starts_at: good.ends_at, ends_at: good.starts_at },
      { ...good, addresses: [] },
      { ...good, addresses: ['0x123'] },
      { ...good, addresses: 'x' },
    ];
    for (const payload of bad) expect((await create(payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    expect((await create(good, alice.token)).http).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/admin/airdrops', payload: good })).http).toBe(401);
  });

  it('lists the open campaigns with claimed and eligible flags', async () => {
    const res = await open(alice);
    const ids = res.data.list.map((c: { id: number }) => c.id);
    expect(ids).toContain(openId);
    expect(ids).toContain(listedId);
    expect(ids).not.toContain(futureId);
    expect(ids).not.toContain(pastId);
    expect(res.data.list.find((c: { id: number }) => c.id === listedId)).toMatchObject({ eligible: true, claimed: false, restricted: true });
    expect((await open(bob)).data.list.find((c: { id: number }) => c.id === listedId)).toMatchObject({ eligible: false, claimed: false });
    expect((await open(bob)).data.list.find((c: { id: number }) => c.id === openId)).toMatchObject({ eligible: true, claimed: false });
    expect((await t.call({ method: 'GET', url: '/api/airdrops' })).http).toBe(401);
  });

  it('needs a bound referrer first, in every language', async () => {
    const en = await claim(orphan, openId, undefined, 'en-us');
    expect([en.status, en.data.code, en.msg]).toEqual([400, 'REFERRER_REQUIRED', 'Please bind your referees first']);
    expect((await claim(orphan, openId, undefined, 'zh-cn')).msg).toBe('请先绑定推荐人');
    expect((await claim(orphan, listedId)).data.code).toBe('REFERRER_REQUIRED');
    expect(await balance(orphan, 'coin')).toBe('0.00000000');
  });

  it('credits a claim once from the airdrop account, with a bill line', async () => {
    const res = await claim(alice, openId);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ campaign_id: openId, asset: 'coin', amount: '12.50000000', balance: '12.50000000' });
    expect(await balance(alice, 'coin')).toBe('12.50000000');
    expect((await eventsOfUser(t.database.db, alice.uid)).filter((e) => e.type === 'airdrop.claimed')).toEqual([
      expect.objectContaining({ campaign_id: openId, claim_id: res.data.id, asset: 'coin', amount: '12.50000000', entry_id: res.data.entry_id }),
    ]);
    const again = await claim(alice, openId, undefined, 'en-us');
    expect([again.data.code, again.msg]).toEqual(['AIRDROP_ALREADY_CLAIMED', 'You have already claimed this airdrop']);
    expect(await balance(alice, 'coin')).toBe('12.50000000');
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/coin?limit=1', token: alice.token });
    expect(bills.data.list[0]).toMatchObject({ kind: 'airdrop', amount: '12.50000000', memo: `airdrop ${openId}` });
    expect((await open(alice)).data.list.find((c: { id: number }) => c.id === openId)).toMatchObject({ claimed: true });
  });

  it('keeps restricted campaigns to their allow-list', async () => {
    const refused = await claim(bob, listedId);
    expect(refused.data.code).toBe('AIRDROP_NOT_ELIGIBLE');
    expect(await balance(bob, 'usdt')).toBe('0.00000000');
    expect((await claim(alice, listedId)).data).toMatchObject({ asset: 'usdt', amount: '1.00000000', balance: '1.00000000' });
  });

  it('refuses campaigns outside their window and unknown or malformed ids', async () => {
    expect((await claim(bob, futureId)).data.code).toBe('AIRDROP_NOT_ACTIVE');
    expect((await claim(bob, pastId)).data.code).toBe('AIRDROP_NOT_ACTIVE');
    expect((await claim(bob, 999_999)).data.code).toBe('NOT_FOUND');
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await claim(bob, id)).data.code, id).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'POST', url: `/api/airdrops/${openId}/claim` })).http).toBe(401);
    expect(await balance(bob, 'coin')).toBe('0.00000000');
  });

  it('replays a repeated Idempotency-Key instead of refusing, and refuses it for another campaign', async () => {
    const key = 'airdrop-claim-0001';
    const first = await claim(bob, openId, key);
    expect(first.data).toMatchObject({ balance: '12.50000000' });
    expect((await claim(bob, openId, key)).data).toEqual(first.data);
    expect((await claim(bob, listedId, key)).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await claim(bob, openId)).data.code).toBe('AIRDROP_ALREADY_CLAIMED');
    expect(await balance(bob, 'coin')).toBe('12.50000000');
  });

  it("lists the user's own claims, newest first, paginated", async () => {
    const mine = await t.call({ method: 'GET', url: '/api/airdrops/claims?page=1&limit=1', token: alice.token });
    expect(mine.data).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(mine.data.list).toEqual([expect.objectContaining({ campaign_id: listedId, asset: 'usdt', amount: '1.00000000' })]);
    const second = await t.call({ method: 'GET', url: '/api/airdrops/claims?page=2&limit=1', token: alice.token });
    expect(second.data.list).toEqual([expect.objectContaining({ campaign_id: openId, asset: 'coin' })]);
    const bobs = await t.call({ method: 'GET', url: '/api/airdrops/claims', token: bob.token });
    expect(bobs.data.list.map((c: { campaign_id: number }) => c.campaign_id)).toEqual([openId]);
    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=x']) {
      expect((await t.call({ method: 'GET', url: `/api/airdrops/claims?${query}`, token: bob.token })).data.code, query).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/airdrops/claims' })).http).toBe(401);
  });

  it('10 simultaneous claims by one user credit exactly once', async () => {
    const racer = await t.signIn(undefined, alice.uid);
    const id = (await create({ asset: 'rusd', amount: '3', starts_at: at(-HOUR), ends_at: at(HOUR) })).data.id;
    const before = (await systemBalanceUnits(t.database.db, 'airdrop')).get('rusd') ?? 0n;
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(racer, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['AIRDROP_ALREADY_CLAIMED']));
    expect(await balance(racer, 'rusd')).toBe('3.00000000');
    expect((await systemBalanceUnits(t.database.db, 'airdrop')).get('rusd')).toBe(before - toUnits('3'));
    expect((await t.call({ method: 'GET', url: '/api/airdrops/claims', token: racer.token })).data.total).toBe(1);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });
});
