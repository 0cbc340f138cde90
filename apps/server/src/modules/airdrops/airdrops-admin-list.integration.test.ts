/**
 * The operators' list of airdrop campaigns (issue 16: the console's airdrops page): every campaign, newest first, its
 * state at the server's time, allow-list size and claims; narrowed by state, paged; read by the console's reading
 * roles (an auditor too), refused to an ordinary user and to a request without a session.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Listed {
  id: number;
  state: string;
  restricted: boolean;
  address_count: number;
  claims: number;
  amount: string;
  rules: Record<string, unknown>;
}

describe.each(databaseKinds)('the operators’ airdrop list on %s', (kind) => {
  let t: TestApp, member: SignedInUser, auditor: SignedInUser;
  const ids: Record<'open' | 'listed' | 'scheduled' | 'ended', number> = { open: 0, listed: 0, scheduled: 0, ended: 0 };

  withTestApp(kind, async (app) => {
    t = app;
    member = await t.signIn(undefined, t.admin.uid);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/roles/grant', token: t.admin.token, payload: { account: wallet.address, role: 'auditor' } })).status,
    ).toBe(200);
    auditor = await t.signIn(wallet);
    const create = async (payload: Record<string, unknown>) => {
      const res = await t.call({ method: 'POST', url: '/api/admin/airdrops', token: t.admin.token, payload });
      expect(res.status, JSON.stringify(res)).toBe(200);
      return res.data.id as number;
    };
    ids.open = await create({ asset: 'coin', amount: '2', starts_at: at(-HOUR), ends_at: at(HOUR), rules: { per_referrer_cap: 5 } });
    ids.listed = await create({ asset: 'usdt', amount: '1', starts_at: at(-HOUR), ends_at: at(HOUR), addresses: [member.account, auditor.account] });
    ids.scheduled = await create({ asset: 'coin', amount: '1', starts_at: at(HOUR), ends_at: at(2 * HOUR) });
    ids.ended = await create({ asset: 'coin', amount: '1', starts_at: at(-2 * HOUR), ends_at: at(-HOUR) });
    expect((await t.call({ method: 'POST', url: `/api/airdrops/${ids.open}/claim`, token: member.token })).status).toBe(200);
  });

  const list = (query: string, token = t.admin.token) => t.call({ method: 'GET', url: `/api/admin/airdrops${query}`, token });

  it('lists every campaign newest first with its state, allow-list size and claims', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ page: 1, limit: 20, total: 4 });
    const rows = res.data.list as Listed[];
    expect(rows.map((r) => r.id)).toEqual([ids.ended, ids.scheduled, ids.listed, ids.open]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.open)).toMatchObject({ state: 'open', restricted: false, address_count: 0, claims: 1, amount: '2.00000000' });
    expect(byId.get(ids.open)!.rules).toMatchObject({ per_referrer_cap: 5, min_recharge: null });
    expect(byId.get(ids.listed)).toMatchObject({ state: 'open', restricted: true, address_count: 2, claims: 0 });
    expect(byId.get(ids.scheduled)).toMatchObject({ state: 'scheduled', claims: 0 });
    expect(byId.get(ids.ended)).toMatchObject({ state: 'ended', claims: 0 });
  });

  it('narrows by state and pages', async () => {
    const ofState = async (state: string) => ((await list(`?state=${state}`)).data.list as Listed[]).map((r) => r.id);
    expect(await ofState('open')).toEqual([ids.listed, ids.open]);
    expect(await ofState('scheduled')).toEqual([ids.scheduled]);
    expect(await ofState('ended')).toEqual([ids.ended]);
    const second = await list('?page=2&limit=3');
    expect(second.data).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect((second.data.list as Listed[]).map((r) => r.id)).toEqual([ids.open]);
    for (const query of ['?state=live', '?page=0', '?limit=101']) expect((await list(query)).data.code, query).toBe('PARAMETER_ERROR');
  });

  it('is read by an auditor, refused to an ordinary user and without a session', async () => {
    expect((await list('', auditor.token)).data.total).toBe(4);
    expect((await list('', member.token)).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/airdrops' })).http).toBe(401);
    // The auditor reads but does not create.
    const create = await t.call({
      method: 'POST',
      url: '/api/admin/airdrops',
      token: auditor.token,
      payload: { asset: 'coin', amount: '1', starts_at: at(-HOUR), ends_at: at(HOUR) },
    });
    expect(create.http).toBe(403);
    expect((await list('')).data.total).toBe(4);
  });
});
