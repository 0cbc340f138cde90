import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { multipart, png } from '../uploads/upload-fixtures.js';

describe.each(databaseKinds)('profile (user/setInfo) on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, env: { UPLOAD_PER_MINUTE: '1000' }, dataDir: 'reef-profile-' }, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
  });

  const setInfo = (user: SignedInUser, payload: unknown) => t.call({ method: 'POST', url: '/api/user/setInfo', token: user.token, payload: payload as object });
  const info = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data;
  const upload = async (user: SignedInUser): Promise<string> => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: png() }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
    return res.data as string;
  };

  it('sets a nickname (trimmed) and an avatar of the user own, and shows them in the user info', async () => {
    const avatar = await upload(alice);
    const res = await setInfo(alice, { nickname: '  Coral Crab 🦀 ', avatar });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ nickname: 'Coral Crab 🦀', avatar });
    expect(await info(alice)).toMatchObject({ nickname: 'Coral Crab 🦀', avatar });

    // One field at a time leaves the other as it is; null removes the avatar.
    expect((await setInfo(alice, { nickname: 'Crab' })).data).toEqual({ nickname: 'Crab', avatar });
    expect((await setInfo(alice, { avatar: null })).data).toEqual({ nickname: 'Crab', avatar: null });
    expect(await info(alice)).toMatchObject({ nickname: 'Crab', avatar: null });
  });

  it("refuses someone else's upload and an address that is no upload — changing nothing", async () => {
    await setInfo(bob, { nickname: 'Bob' });
    const alicesPicture = await upload(alice);
    expect((await setInfo(bob, { avatar: alicesPicture })).data.code).toBe('AVATAR_INVALID');
    expect((await setInfo(bob, { nickname: 'Thief', avatar: `/uploads/${'0'.repeat(64)}.png` })).data.code).toBe('AVATAR_INVALID');
    expect(await info(bob)).toMatchObject({ nickname: 'Bob', avatar: null });
  });

  it('refuses a bad nickname with a parameter error — changing nothing', async () => {
    await setInfo(bob, { nickname: 'Bob' });
    for (const payload of [
      {},
      { nickname: '' },
      { nickname: '   ' },
      { nickname: 'x'.repeat(21) },
      { nickname: 'a\u0000b' },
      { nickname: 'two\nlines' },
      { nickname: 42 },
      { nickname: 'Eve', uid: alice.uid },
    ]) {
      const res = await setInfo(bob, payload);
      expect(res.data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await info(bob)).nickname).toBe('Bob');
  });

  it('changes only the caller own profile', async () => {
    await setInfo(alice, { nickname: 'Alice' });
    await setInfo(bob, { nickname: 'Bobby' });
    expect((await info(alice)).nickname).toBe('Alice');
    expect((await info(bob)).nickname).toBe('Bobby');
  });

  it('needs a sign-in', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/setInfo', payload: { nickname: 'Ghost' } });
    expect(res.http).toBe(401);
  });
});
