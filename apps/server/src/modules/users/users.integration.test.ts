import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { downlineSizeByDepth } from './users.service.js';

describe.each(databaseKinds)('referrer binding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const bind = (user: SignedInUser, address: unknown) => t.call({ method: 'POST', url: '/api/binding', token: user.token, payload: { address } });
  const inviteOf = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.invite_address;

  it('binds a referrer by wallet address, whatever its letter case', async () => {
    const referrer = await t.signIn();
    const user = await t.signIn();
    const res = await bind(user, referrer.account.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.data.invite_address).toBe(referrer.account);
    expect(await inviteOf(user)).toBe(referrer.account);
  });

  it('refuses rebinding, self, an unknown address, and bad input — changing nothing', async () => {
    const referrer = await t.signIn();
    const other = await t.signIn();
    const user = await t.signIn();
    expect((await bind(user, referrer.account)).status).toBe(200);
    expect((await bind(user, other.account)).data.code).toBe('REFERRER_ALREADY_BOUND');
    expect(await inviteOf(user)).toBe(referrer.account);

    const lonely = await t.signIn();
    expect((await bind(lonely, lonely.account)).data.code).toBe('REFERRER_SELF');
    expect((await bind(lonely, '0x000000000000000000000000000000000000dEaD')).data.code).toBe('REFERRER_NOT_FOUND');
    for (const address of [undefined, '', 'abc', 42, '0x123', `${referrer.account}00`]) {
      expect((await bind(lonely, address)).data.code).toBe('PARAMETER_ERROR');
    }
    expect(await inviteOf(lonely)).toBeNull();
  });

  it('binds by uid (the invite link id) and shows who the referrer is', async () => {
    const referrer = await t.signIn();
    expect((await t.call({ method: 'POST', url: '/api/user/setInfo', token: referrer.token, payload: { nickname: 'Coral' } })).status).toBe(200);
    const user = await t.signIn();
    const res = await t.call({ method: 'POST', url: '/api/binding', token: user.token, payload: { uid: referrer.uid } });
    expect(res.status).toBe(200);
    expect(res.data.invite_address).toBe(referrer.account);
    const info = (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data;
    expect(info.invite_address).toBe(referrer.account);
    expect(info.referrer).toEqual({
      uid: referrer.uid,
      nickname: 'Coral',
      address: `${referrer.account.slice(0, 4)}...${referrer.account.slice(-4)}`,
      avatar: null,
    });
  });

  it('refuses an unknown uid, its own uid, and both or neither of address and uid — changing nothing', async () => {
    const other = await t.signIn();
    const user = await t.signIn();
    const bindBody = (payload: unknown) => t.call({ method: 'POST', url: '/api/binding', token: user.token, payload: payload as object });
    expect((await bindBody({ uid: 2_000_000_000 })).data.code).toBe('REFERRER_NOT_FOUND');
    // Past the database's integer: refused as input, not failed in the database.
    expect((await bindBody({ uid: 3_000_000_000 })).data.code).toBe('PARAMETER_ERROR');
    expect((await bindBody({ uid: user.uid })).data.code).toBe('REFERRER_SELF');
    expect((await bindBody({})).data.code).toBe('PARAMETER_ERROR');
    expect((await bindBody({ uid: other.uid, address: other.account })).data.code).toBe('PARAMETER_ERROR');
    expect((await bindBody({ uid: String(other.uid) })).data.code).toBe('PARAMETER_ERROR');
    const info = (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data;
    expect(info.invite_address).toBeNull();
    expect(info.referrer).toBeNull();
  });

  it('refuses a referrer inside the user own downline (a cycle), at any depth', async () => {
    const a = await t.signIn();
    const b = await t.signIn(undefined, a.uid);
    const c = await t.signIn(undefined, b.uid);
    const d = await t.signIn(undefined, c.uid);
    expect((await bind(a, b.account)).data.code).toBe('REFERRER_CYCLE');
    expect((await bind(a, d.account)).data.code).toBe('REFERRER_CYCLE');
    expect(await inviteOf(a)).toBeNull();
  });

  it('refuses crossing bindings made at the same time: one wins, no cycle forms', async () => {
    const x = await t.signIn();
    const y = await t.signIn();
    const [first, second] = await Promise.all([bind(x, y.account), bind(y, x.account)]);
    const codes = [first.status === 200 ? 'OK' : first.data.code, second.status === 200 ? 'OK' : second.data.code].sort();
    expect(codes).toEqual(['OK', 'REFERRER_CYCLE']);
  });

  it('keeps the whole downline per depth in one query, including subtrees bound later', async () => {
    const root = await t.signIn();
    const child1 = await t.signIn(undefined, root.uid);
    const child2 = await t.signIn(undefined, root.uid);
    await t.signIn(undefined, child1.uid);
    // A subtree that exists before its top binds to the root moves as a whole.
    const top = await t.signIn();
    const topChild = await t.signIn(undefined, top.uid);
    await t.signIn(undefined, topChild.uid);
    expect((await bind(top, child2.account)).status).toBe(200);

    expect(await downlineSizeByDepth(t.database.db, root.uid)).toEqual([
      { depth: 1, size: 2 },
      { depth: 2, size: 2 },
      { depth: 3, size: 1 },
      { depth: 4, size: 1 },
    ]);
    expect(await downlineSizeByDepth(t.database.db, top.uid)).toEqual([
      { depth: 1, size: 1 },
      { depth: 2, size: 1 },
    ]);
  });
});
