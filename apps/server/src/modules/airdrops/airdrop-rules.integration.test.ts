/**
 * Issue 9 §3 (decision 037): airdrops farmed with fresh wallets. Each eligibility rule an operator sets
 * refuses the farmed claim with a localized error naming the rule and changes nothing; users who meet
 * the rules still claim; the per-referrer cap holds exactly under concurrent claims.
 */
import { describe, expect, it } from 'vitest';
import { eventsOfUser } from '../events/events.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;

describe.each(databaseKinds)('airdrop eligibility rules on %s', (kind) => {
  let t: TestApp, referrer: SignedInUser;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true' } }, async (app) => {
    t = app;
    referrer = await t.signIn(undefined, t.admin.uid);
  });

  const now = async () => Date.parse((await t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { advance_ms: 0 } })).data.now);
  const campaign = async (rules: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const start = await now();
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/airdrops',
      token: t.admin.token,
      payload: {
        asset: 'coin',
        amount: '5',
        starts_at: new Date(start - HOUR).toISOString(),
        ends_at: new Date(start + 24 * HOUR).toISOString(),
        rules,
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data.id as number;
  };
  const claim = (user: SignedInUser, id: number, language = 'en') =>
    t.call({ method: 'POST', url: `/api/airdrops/${id}/claim`, token: user.token, headers: { 'accept-language': language } });
  const listed = async (user: SignedInUser, id: number) =>
    (
      (await t.call({ method: 'GET', url: '/api/airdrops', token: user.token })).data.list as { id: number; eligible: boolean; ineligible: string | null }[]
    ).find((c) => c.id === id)!;
  const coin = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === 'coin').amount as string;
  /** A refused claim names the rule, moves nothing and records no claim event. */
  const expectRefused = async (user: SignedInUser, id: number, code: string, en: string) => {
    const before = await coin(user);
    const res = await claim(user, id);
    expect(res).toMatchObject({ status: 400, msg: en, data: { code } });
    expect(await coin(user)).toBe(before);
    expect((await eventsOfUser(t.database.db, user.uid)).filter((e) => e.type === 'airdrop.claimed')).toEqual([]);
    expect(await listed(user, id)).toMatchObject({ eligible: false, ineligible: code });
  };

  it('minimum recharged amount: a fresh wallet is refused, one with credited recharges claims', async () => {
    const id = await campaign({ min_recharge: { asset: 'usdt', amount: '100' } });
    const farmed = await t.signIn(undefined, referrer.uid);
    await expectRefused(farmed, id, 'AIRDROP_MIN_RECHARGE', 'This airdrop needs more recharged first');
    // Operator credit is not a recharge: only credited deposits count.
    await t.fund(farmed.uid, 'usdt', '500');
    await expectRefused(farmed, id, 'AIRDROP_MIN_RECHARGE', 'This airdrop needs more recharged first');
    // Two reviewed recharges of 60 and 50 add up past 100.
    for (const amount of ['60', '50']) {
      const voucher = `0x${amount.padStart(64, 'a')}`;
      const submitted = await t.call({ method: 'POST', url: '/api/finance/recharge', token: farmed.token, payload: { amount, voucher } });
      expect(submitted.status, submitted.msg).toBe(200);
      expect((await t.call({ method: 'POST', url: `/api/admin/deposits/${submitted.data.id}/approve`, token: t.admin.token })).status).toBe(200);
    }
    expect(await listed(farmed, id)).toMatchObject({ eligible: true, ineligible: null });
    expect((await claim(farmed, id)).status).toBe(200);
  });

  it('minimum holding of an asset: refused below it, claims at it', async () => {
    const id = await campaign({ min_holding: { asset: 'usdt', amount: '10' } });
    const farmed = await t.signIn(undefined, referrer.uid);
    await t.fund(farmed.uid, 'usdt', '9.99999999');
    await expectRefused(farmed, id, 'AIRDROP_MIN_HOLDING', 'This airdrop needs a larger holding');
    await t.fund(farmed.uid, 'usdt', '0.00000001');
    expect((await claim(farmed, id)).status).toBe(200);
  });

  it('allow-list: an address outside it is refused, one on it claims', async () => {
    const listedUser = await t.signIn(undefined, referrer.uid);
    const farmed = await t.signIn(undefined, referrer.uid);
    const id = await campaign({}, { addresses: [listedUser.account] });
    await expectRefused(farmed, id, 'AIRDROP_NOT_ELIGIBLE', 'Your address is not eligible for this airdrop');
    expect((await claim(listedUser, id)).status).toBe(200);
  });

  it('per-referrer cap: the third invitee of one referrer is refused, another referrer’s invitee claims', async () => {
    const id = await campaign({ per_referrer_cap: 2 });
    const invitees = [await t.signIn(undefined, referrer.uid), await t.signIn(undefined, referrer.uid), await t.signIn(undefined, referrer.uid)];
    expect((await claim(invitees[0]!, id)).status).toBe(200);
    expect((await claim(invitees[1]!, id)).status).toBe(200);
    await expectRefused(invitees[2]!, id, 'AIRDROP_REFERRER_CAP', "This airdrop has reached its limit for your referrer's invitees");
    const elsewhere = await t.signIn(undefined, (await t.signIn(undefined, t.admin.uid)).uid);
    expect((await claim(elsewhere, id)).status).toBe(200);
  });

  it('per-referrer cap holds exactly under 12 concurrent claims by invitees of one referrer', async () => {
    const id = await campaign({ per_referrer_cap: 5 });
    const host = await t.signIn(undefined, t.admin.uid);
    const invitees = await Promise.all(Array.from({ length: 12 }, () => t.signIn(undefined, host.uid)));
    const answers = await Promise.all(invitees.map((user) => claim(user, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.data).toEqual({ code: 'AIRDROP_REFERRER_CAP', cap: 5 });
    const credited = await Promise.all(invitees.map(coin));
    expect(credited.filter((amount) => amount === '5.00000000')).toHaveLength(5);
  });

  it('minimum account age: a wallet signed in a minute ago is refused, in every language; it claims once old enough', async () => {
    const id = await campaign({ min_account_age_hours: 2 });
    const farmed = await t.signIn(undefined, referrer.uid);
    await expectRefused(farmed, id, 'AIRDROP_ACCOUNT_TOO_NEW', 'Your account is too new for this airdrop');
    const messages = new Set<string>();
    for (const language of ['zh-TW', 'zh-CN', 'en', 'pt-BR', 'de', 'ru']) messages.add((await claim(farmed, id, language)).msg);
    expect(messages.size).toBe(6);
    await t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { advance_ms: 2 * HOUR + 1000 } });
    try {
      expect((await claim(farmed, id)).status).toBe(200);
    } finally {
      // Sign-in messages carry real time: later tests sign in again.
      await t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { offset_ms: 0 } });
    }
  });

  it('operators change the rules: validated, audited as a business event, shown on the campaign', async () => {
    const id = await campaign({});
    const user = await t.signIn(undefined, referrer.uid);
    const set = (payload: Record<string, unknown>, token = t.admin.token) => t.call({ method: 'PUT', url: `/api/admin/airdrops/${id}/rules`, token, payload });
    for (const bad of [
      { min_recharge: { asset: 'gold', amount: '1' } },
      { min_recharge: { asset: 'usdt', amount: '0' } },
      { min_holding: { asset: 'usdt', amount: 1 } },
      { min_account_age_hours: -1 },
      { min_account_age_hours: 1.5 },
      { per_referrer_cap: 0 },
      { addresses: ['0x123'] },
    ]) {
      expect((await set(bad)).data, JSON.stringify(bad)).toEqual({ code: 'PARAMETER_ERROR' });
    }
    expect((await set({ per_referrer_cap: 1 }, user.token)).http).toBe(403);
    const changed = await set({ min_holding: { asset: 'coin', amount: '1000' }, per_referrer_cap: 3 });
    expect(changed.status, changed.msg).toBe(200);
    expect(changed.data.rules).toEqual({
      min_recharge: null,
      min_account_age_hours: null,
      min_holding: { asset: 'coin', amount: '1000.00000000' },
      per_referrer_cap: 3,
    });
    const events = (await eventsOfUser(t.database.db, t.admin.uid)).filter((e) => e.type === 'airdrop.rules_set');
    expect(events.at(-1)).toMatchObject({ type: 'airdrop.rules_set', user_id: t.admin.uid, campaign_id: id, rules: changed.data.rules });
    await expectRefused(user, id, 'AIRDROP_MIN_HOLDING', 'This airdrop needs a larger holding');
    // Cleared again: the user claims.
    expect((await set({})).status).toBe(200);
    expect((await claim(user, id)).status).toBe(200);
  });
});
