/**
 * GET /api/share and the operators' share routes: each language's content or zh-tw's, an image only from the
 * operator's own uploads, every change audited as `share.content_set`, bad input refused and changing nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { multipart, png } from '../uploads/upload-fixtures.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('share content (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser;
  withTestApp({ kind, dataDir: 'reef-share-', env: { UPLOAD_PER_MINUTE: '0' } }, async (app) => {
    t = app;
    alice = await t.signIn();
  });

  const read = (language: string) => t.call({ method: 'GET', url: '/api/share', headers: { 'accept-language': language } });
  const set = (language: string, payload: object, token = t.admin.token) => t.call({ method: 'POST', url: `/api/admin/share/${language}`, token, payload });
  const upload = async (user: SignedInUser) => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png(4) }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    return res.data as string;
  };
  const audits = async () =>
    rowsOf<{ user_id: number; payload: Record<string, unknown> }>(
      await t.database.db.execute(sql`select user_id, payload from business_events where type = 'share.content_set' order by id`),
    );
  const snapshot = async () => ({ rows: (await t.call({ method: 'GET', url: '/api/admin/share', token: t.admin.token })).data.list, audits: await audits() });

  it('answers the seeded zh-tw content to anyone, signed in or not, and to every language without its own', async () => {
    const zh = await read('zh-tw');
    expect(zh).toMatchObject({ http: 200, status: 200, data: { language: 'zh-tw', img: null } });
    expect(zh.data.title).toContain('Reef');
    for (const language of ['en-us', 'de-de', 'pt-br']) expect((await read(language)).data).toEqual(zh.data);
  });

  it("sets a language's content with the operator's own image, audited with before and after", async () => {
    const img = await upload(t.admin);
    const res = await set('en-us', { title: '  Join me on Reef  ', img, synopsis: 'Sign in with your wallet.\nExplore the Red Sea.' });
    expect(res).toMatchObject({ status: 200, data: { language: 'en-us', title: 'Join me on Reef', img, updated_by: t.admin.uid } });
    expect((await read('en-us')).data).toEqual({
      language: 'en-us',
      title: 'Join me on Reef',
      img,
      synopsis: 'Sign in with your wallet.\nExplore the Red Sea.',
    });
    expect((await read('zh-tw')).data.language).toBe('zh-tw');
    const second = await set('en-us', { title: 'Come to the reef', img: null, synopsis: 'Dive in.' });
    expect(second.status).toBe(200);
    const events = await audits();
    expect(events.slice(-2)).toEqual([
      {
        user_id: t.admin.uid,
        payload: { language: 'en-us', before: null, after: { title: 'Join me on Reef', img, synopsis: 'Sign in with your wallet.\nExplore the Red Sea.' } },
      },
      {
        user_id: t.admin.uid,
        payload: {
          language: 'en-us',
          before: { title: 'Join me on Reef', img, synopsis: 'Sign in with your wallet.\nExplore the Red Sea.' },
          after: { title: 'Come to the reef', img: null, synopsis: 'Dive in.' },
        },
      },
    ]);
  });

  it("refuses someone else's upload and an address that is no upload, changing nothing", async () => {
    const before = await snapshot();
    const alicesImage = await upload(alice);
    for (const img of [alicesImage, `/uploads/${'0'.repeat(64)}.png`]) {
      expect(await set('de-de', { title: 'Reef', img, synopsis: 'x' })).toMatchObject({ status: 400, data: { code: 'SHARE_IMAGE_INVALID' } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a user who is not an operator on every operator route', async () => {
    const before = await snapshot();
    expect((await set('de-de', { title: 'Reef', img: null, synopsis: 'x' }, alice.token)).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/share', token: alice.token })).http).toBe(403);
    expect((await t.call({ method: 'DELETE', url: '/api/admin/share/en-us', token: alice.token })).http).toBe(403);
    expect((await set('de-de', { title: 'Reef', img: null, synopsis: 'x' }, '')).http).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['an unknown language', 'xx-xx', { title: 'Reef', img: null, synopsis: 'x' }],
    ['no title', 'de-de', { img: null, synopsis: 'x' }],
    ['an empty title', 'de-de', { title: '   ', img: null, synopsis: 'x' }],
    ['a title too long', 'de-de', { title: 'a'.repeat(61), img: null, synopsis: 'x' }],
    ['a title with a control character', 'de-de', { title: 'Re\u0000ef', img: null, synopsis: 'x' }],
    ['a title of the wrong type', 'de-de', { title: 42, img: null, synopsis: 'x' }],
    ['a synopsis too long', 'de-de', { title: 'Reef', img: null, synopsis: 'a'.repeat(301) }],
    ['no img field', 'de-de', { title: 'Reef', synopsis: 'x' }],
    ['an img that is not an upload address', 'de-de', { title: 'Reef', img: 'https://evil.example/a.png', synopsis: 'x' }],
    ['an unknown field', 'de-de', { title: 'Reef', img: null, synopsis: 'x', language: 'en-us' }],
  ])('refuses %s, changing nothing', async (_name, language, payload) => {
    const before = await snapshot();
    expect(await set(language, payload)).toMatchObject({ status: 400, data: { code: 'PARAMETER_ERROR' } });
    expect(await snapshot()).toEqual(before);
  });

  it('clears a language back to zh-tw (audited), and never clears zh-tw', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/admin/share/en-us', token: t.admin.token })).status).toBe(200);
    expect((await read('en-us')).data.language).toBe('zh-tw');
    expect((await audits()).at(-1)).toMatchObject({ payload: { language: 'en-us', after: null } });
    const before = await snapshot();
    expect(await t.call({ method: 'DELETE', url: '/api/admin/share/zh-tw', token: t.admin.token })).toMatchObject({
      status: 400,
      data: { code: 'SHARE_DEFAULT_REQUIRED' },
    });
    // Clearing a language that has no content of its own changes nothing and records nothing.
    expect((await t.call({ method: 'DELETE', url: '/api/admin/share/ru-ru', token: t.admin.token })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
