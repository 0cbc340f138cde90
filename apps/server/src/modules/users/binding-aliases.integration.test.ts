/** POST /api/user/spread and /api/user/addParent: the spec's other names for POST /api/binding, with its rules and errors. */
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('binding aliases (%s)', (kind) => {
  let t: TestApp;
  withTestApp(kind, async (app) => {
    t = app;
  });
  const inviteOf = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.invite_address;

  describe.each(['/api/user/spread', '/api/user/addParent'])('%s', (url) => {
    const bind = (user: SignedInUser | null, payload: unknown) => t.call({ method: 'POST', url, token: user?.token, payload: payload as object });

    it('binds by uid or by address and answers as /api/binding does', async () => {
      const referrer = await t.signIn();
      const byUid = await t.signIn();
      expect(await bind(byUid, { uid: referrer.uid })).toMatchObject({ status: 200, data: { invite_address: referrer.account } });
      expect(await inviteOf(byUid)).toBe(referrer.account);
      const byAddress = await t.signIn();
      expect((await bind(byAddress, { address: referrer.account.toLowerCase() })).data.invite_address).toBe(referrer.account);
    });

    it('refuses what /api/binding refuses, with the same codes, changing nothing', async () => {
      const referrer = await t.signIn();
      const other = await t.signIn();
      const user = await t.signIn();
      expect((await bind(user, { uid: referrer.uid })).status).toBe(200);
      expect((await bind(user, { uid: other.uid })).data.code).toBe('REFERRER_ALREADY_BOUND');
      expect((await t.call({ method: 'POST', url: '/api/binding', token: user.token, payload: { uid: other.uid } })).data.code).toBe('REFERRER_ALREADY_BOUND');
      expect(await inviteOf(user)).toBe(referrer.account);

      const lonely = await t.signIn();
      expect((await bind(lonely, { uid: lonely.uid })).data.code).toBe('REFERRER_SELF');
      expect((await bind(lonely, { uid: 2_000_000_000 })).data.code).toBe('REFERRER_NOT_FOUND');
      expect((await bind(lonely, { uid: referrer.uid, address: referrer.account })).data.code).toBe('PARAMETER_ERROR');
      expect((await bind(lonely, { address: '<script>' })).data.code).toBe('PARAMETER_ERROR');
      expect(await inviteOf(lonely)).toBeNull();
      expect((await bind(null, { uid: referrer.uid })).http).toBe(401);
    });
  });
});
