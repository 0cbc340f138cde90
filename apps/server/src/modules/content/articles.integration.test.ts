/**
 * Operator-written articles and announcements (decision 078) served with the built-in help set: per-language text with a
 * fallback, pinned first, by category, an image only from the operator's own uploads, audited, hidden ones gone,
 * an unknown id NOT_FOUND, and HTML or script in Markdown kept as text for the client to render inert.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { multipart, png } from '../uploads/upload-fixtures.js';
import { imagesOf } from './articles.service.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('images in Markdown', () => {
  it('finds every image address', () => {
    expect(imagesOf('a ![x](/uploads/a.png) b ![y](<https://e.x/p.png> "t") [link](/not-an-image)')).toEqual(['/uploads/a.png', 'https://e.x/p.png']);
  });
});

describe.each(databaseKinds)('operator articles (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser;
  withTestApp({ kind, dataDir: 'reef-articles-', env: { UPLOAD_PER_MINUTE: '0' } }, async (app) => {
    t = app;
    alice = await t.signIn();
  });

  const get = (url: string, language = 'zh-tw') => t.call({ method: 'GET', url, headers: { 'accept-language': language } });
  const create = (payload: object, token = t.admin.token) => t.call({ method: 'POST', url: '/api/admin/articles', token, payload });
  const update = (id: number, payload: object, token = t.admin.token) => t.call({ method: 'POST', url: `/api/admin/articles/${id}`, token, payload });
  const upload = async (user: SignedInUser) => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png(4) }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    return res.data as string;
  };

  it('publishes a pinned announcement in two languages, read in each and with a fallback, and audits it', async () => {
    const img = await upload(t.admin);
    const res = await create({
      kind: 'announcement',
      pinned: true,
      texts: [
        { language: 'en', title: 'Maintenance tonight', body: `The exchange pauses at 22:00.\n\n![map](${img})` },
        { language: 'zh-tw', title: '今晚維護', body: '交易所 22:00 暫停。' },
      ],
    });
    expect(res.status).toBe(200);
    const id = String(res.data.id);
    expect(res.data.texts.map((x: { language: string }) => x.language).sort()).toEqual(['en-us', 'zh-tw']);

    expect((await get(`/api/article/${id}`, 'en-us')).data).toMatchObject({
      id,
      kind: 'announcement',
      category: 'news',
      pinned: true,
      title: 'Maintenance tonight',
      language: 'en-us',
    });
    expect((await get(`/api/article/${id}`, 'zh-tw')).data).toMatchObject({ title: '今晚維護', language: 'zh-tw' });
    // German was not written: the default language's text.
    expect((await get(`/api/article/${id}`, 'de-de')).data).toMatchObject({ title: '今晚維護', language: 'zh-tw' });

    const pinned = await get('/api/article?pinned=true&kind=announcement&limit=1', 'en-us');
    expect(pinned.data.list[0]).toMatchObject({ id, title: 'Maintenance tonight', summary: 'The exchange pauses at 22:00.', pinned: true });
    // Pinned heads the whole list too, above the help set.
    expect((await get('/api/article?limit=5', 'en-us')).data.list[0].id).toBe(id);

    const audits = rowsOf<{ user_id: number; payload: { article_id: number; before: unknown; after: { pinned: boolean; languages: string[] } } }>(
      await t.database.db.execute(sql`select user_id, payload from business_events where type = 'article.changed' order by id`),
    );
    expect(audits.at(-1)).toMatchObject({ user_id: t.admin.uid, payload: { article_id: Number(id), before: null, after: { pinned: true } } });
  });

  it('keeps the help set as a category and lists by category', async () => {
    const help = await get('/api/article?category=help&limit=100', 'en-us');
    expect(help.data.list.length).toBeGreaterThan(0);
    expect(help.data.list.every((a: { category: string }) => a.category === 'help')).toBe(true);
    const news = await get('/api/article?category=news&limit=100', 'en-us');
    expect(news.data.list.every((a: { category: string }) => a.category === 'news')).toBe(true);
    const all = await get('/api/article?limit=100', 'en-us');
    expect(all.data.total).toBe(help.data.total + news.data.total);
    expect((await get('/api/article/withdrawal', 'en-us')).data).toMatchObject({ category: 'help', title: 'Withdrawing to your wallet' });
  });

  it('answers NOT_FOUND for an id that does not exist, and for a hidden article', async () => {
    for (const id of ['999999', '99999999999', 'no-such-article']) expect((await get(`/api/article/${id}`)).data.code).toBe('NOT_FOUND');
    const res = await create({ kind: 'article', texts: [{ language: 'en-us', title: 'Soon gone', body: 'x' }] });
    expect((await update(res.data.id, { hidden: true })).data.hidden).toBe(true);
    expect((await get(`/api/article/${res.data.id}`)).data.code).toBe('NOT_FOUND');
    expect((await get('/api/article?category=news&limit=100')).data.list.map((a: { id: string }) => a.id)).not.toContain(String(res.data.id));
    expect((await update(2_000_000, { pinned: true })).data.code).toBe('NOT_FOUND');
  });

  it('keeps script and HTML in Markdown as text (the client renders no raw HTML)', async () => {
    const body = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const res = await create({ kind: 'article', texts: [{ language: 'en-us', title: '<b>Bold</b>', body }] });
    const read = await get(`/api/article/${res.data.id}`, 'en-us');
    expect(read.data).toMatchObject({ title: '<b>Bold</b>', body });
  });

  it("refuses someone else's image, bad input and non-operators, changing nothing", async () => {
    const before = (await t.call({ method: 'GET', url: '/api/admin/articles?limit=100', token: t.admin.token })).data.total;
    const theirs = await upload(alice);
    expect((await create({ kind: 'article', texts: [{ language: 'en-us', title: 'x', body: `![v](${theirs})` }] })).data.code).toBe('ARTICLE_IMAGE_INVALID');
    expect((await create({ kind: 'article', texts: [{ language: 'en-us', title: 'x', body: '![v](https://tracker.example/p.png)' }] })).data.code).toBe(
      'ARTICLE_IMAGE_INVALID',
    );
    for (const payload of [
      { kind: 'article', texts: [] },
      { kind: 'news', texts: [{ language: 'en', title: 'x', body: 'y' }] },
      { kind: 'article', texts: [{ language: 'fr', title: 'x', body: 'y' }] },
      {
        kind: 'article',
        texts: [
          { language: 'en', title: 'x', body: 'y' },
          { language: 'en-us', title: 'x', body: 'y' },
        ],
      },
      { kind: 'article', texts: [{ language: 'en', title: 'x\u0000', body: 'y' }] },
    ]) {
      expect((await create(payload)).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await create({ kind: 'article', texts: [{ language: 'en', title: 'x', body: 'y' }] }, alice.token)).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/articles?limit=100', token: t.admin.token })).data.total).toBe(before);
  });
});
