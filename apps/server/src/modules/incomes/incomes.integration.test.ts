import { describe, expect, it } from 'vitest';
import { rewardBillKind, toUnits, type AssetKey, type RewardKind } from '@reef/contract';
import { postEntry } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import * as incomes from './incomes.service.js';

describe.each(databaseKinds)('incomes on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;

  /** Test setup through the real ledger: a reward line from the `rewards` system account to a user. */
  const reward = (user: SignedInUser, rewardKind: RewardKind, asset: AssetKey, amount: string) =>
    t.database.db.transaction((tx) =>
      postEntry(tx, {
        kind: 'reward',
        actorId: null,
        memo: `${rewardKind} test`,
        postings: [
          { account: { system: 'rewards', asset }, amount: -toUnits(amount), kind: rewardBillKind(rewardKind) },
          { account: { userId: user.uid, asset }, amount: toUnits(amount), kind: rewardBillKind(rewardKind) },
        ],
      }),
    );

  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signIn();
    bob = await t.signIn();
    await reward(alice, 'direct', 'usdt', '1.5');
    await reward(alice, 'direct', 'usdt', '2.25');
    await reward(alice, 'direct', 'coin', '10');
    await reward(alice, 'indirect', 'usdt', '0.00000001');
    await reward(alice, 'same_level', 'usdt', '3');
    await reward(bob, 'dividend', 'usdt', '100');
    // Not income: a plain funding line must not count.
    await t.fund(alice.uid, 'usdt', '1000');
  });

  const get = (url: string, user: SignedInUser | null = alice) => t.call({ method: 'GET', url, token: user?.token });

  it('totals the reward lines per kind and asset, in all and today', async () => {
    const res = await get('/api/user/incomes');
    expect(res.status).toBe(200);
    expect(res.data.list).toEqual([
      { kind: 'direct', asset: 'coin', total: '10.00000000', today: '10.00000000' },
      { kind: 'direct', asset: 'usdt', total: '3.75000000', today: '3.75000000' },
      { kind: 'indirect', asset: 'usdt', total: '0.00000001', today: '0.00000001' },
      { kind: 'same_level', asset: 'usdt', total: '3.00000000', today: '3.00000000' },
    ]);
    expect(res.data.total).toEqual([
      { asset: 'coin', amount: '10.00000000' },
      { asset: 'usdt', amount: '6.75000001' },
    ]);
    expect(res.data.today).toEqual(res.data.total);
    expect((await get('/api/user/incomes', bob)).data.total).toEqual([{ asset: 'usdt', amount: '100.00000000' }]);
    expect((await get('/api/user/incomes', null)).http).toBe(401);
  });

  it("counts only lines since 00:00 UTC as today's", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const later = await incomes.incomes(t.database.db, alice.uid, tomorrow);
    expect(later.total).toEqual([
      { asset: 'coin', amount: '10.00000000' },
      { asset: 'usdt', amount: '6.75000001' },
    ]);
    expect(later.today).toEqual([
      { asset: 'coin', amount: '0.00000000' },
      { asset: 'usdt', amount: '0.00000000' },
    ]);
  });

  it('answers nothing but zeros for a user without rewards', async () => {
    const carol = await t.signIn();
    expect((await get('/api/user/incomes', carol)).data).toEqual({ list: [], total: [], today: [] });
    const award = await get('/api/user/award', carol);
    expect(award.data.list).toEqual(['direct', 'indirect', 'dividend', 'performance', 'same_level'].map((k) => ({ kind: k, totals: [] })));
  });

  it('lists every reward kind with its totals', async () => {
    const res = await get('/api/user/award');
    expect(res.data.list).toEqual([
      {
        kind: 'direct',
        totals: [
          { asset: 'coin', amount: '10.00000000' },
          { asset: 'usdt', amount: '3.75000000' },
        ],
      },
      { kind: 'indirect', totals: [{ asset: 'usdt', amount: '0.00000001' }] },
      { kind: 'dividend', totals: [] },
      { kind: 'performance', totals: [] },
      { kind: 'same_level', totals: [{ asset: 'usdt', amount: '3.00000000' }] },
    ]);
    expect((await get('/api/user/award', null)).http).toBe(401);
  });

  it("pages the user's own lines of one kind, newest first", async () => {
    const first = await get('/api/user/award_log/direct?page=1&limit=2');
    expect(first.data).toMatchObject({ kind: 'direct', page: 1, limit: 2, total: 3 });
    expect(first.data.list.map((l: { asset: string; amount: string; kind: string }) => [l.kind, l.asset, l.amount])).toEqual([
      ['reward_direct', 'coin', '10.00000000'],
      ['reward_direct', 'usdt', '2.25000000'],
    ]);
    const second = await get('/api/user/award_log/direct?page=2&limit=2');
    expect(second.data.list.map((l: { amount: string }) => l.amount)).toEqual(['1.50000000']);
    expect(second.data.list[0]).toMatchObject({ balance_after: '1.50000000', memo: 'direct test' });
    // Bob's dividend is not Alice's.
    expect((await get('/api/user/award_log/dividend')).data).toMatchObject({ list: [], total: 0 });
    expect((await get('/api/user/award_log/dividend', bob)).data.total).toBe(1);
    expect((await get('/api/user/award_log/performance')).data.total).toBe(0);
  });

  it('refuses unknown kinds and bad pages as parameter errors', async () => {
    for (const url of [
      '/api/user/award_log/reward_direct',
      '/api/user/award_log/Direct',
      '/api/user/award_log/1',
      '/api/user/award_log/transfer_in',
      '/api/user/award_log/direct?page=0',
      '/api/user/award_log/direct?limit=101',
      '/api/user/award_log/direct?page=abc',
    ]) {
      const res = await get(url);
      expect([res.status, res.data.code], url).toEqual([400, 'PARAMETER_ERROR']);
    }
    expect((await get('/api/user/award_log/direct', null)).http).toBe(401);
  });
});
