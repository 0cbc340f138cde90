import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('articles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, language?: string) => t.call({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

  it('lists the help set without sign-in, newest first, in the request language (zh-tw by default)', async () => {
    const res = await get('/api/article?limit=100');
    expect(res.status).toBe(200);
    expect(res.data.total).toBeGreaterThanOrEqual(15);
    expect(res.data.list).toHaveLength(res.data.total);
    const dates = res.data.list.map((a: { published: string }) => a.published);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.data.list.find((a: { id: string }) => a.id === 'withdrawal').title).toBe('提現到您的錢包');
    const english = await get('/api/article?limit=100', 'en-US,en;q=0.9');
    expect(english.data.list.find((a: { id: string }) => a.id === 'withdrawal')).toMatchObject({
      kind: 'article',
      title: 'Withdrawing to your wallet',
      summary: expect.stringMatching(/^A withdrawal sends USDT/),
    });
  });

  it('filters by kind and pages', async () => {
    const faqs = await get('/api/article?kind=faq', 'en-us');
    expect(faqs.data.list.length).toBeGreaterThan(0);
    expect(faqs.data.list.every((a: { kind: string }) => a.kind === 'faq')).toBe(true);
    const announcements = await get('/api/article?kind=announcement', 'de-de');
    expect(announcements.data.list.map((a: { id: string }) => a.id).sort()).toEqual(['platform-launch', 'security-notice']);
    const page1 = await get('/api/article?limit=5&page=1', 'en-us');
    const page2 = await get('/api/article?limit=5&page=2', 'en-us');
    expect(page1.data).toMatchObject({ page: 1, limit: 5 });
    expect(page2.data.list).toHaveLength(5);
    expect(page2.data.list[0].id).not.toBe(page1.data.list[0].id);
    const beyond = await get('/api/article?page=1000', 'en-us');
    expect(beyond.data.list).toEqual([]);
  });

  it('reads one article as Markdown in the request language', async () => {
    const res = await get('/api/article/transaction-password', 'ru-RU');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: 'transaction-password', kind: 'article', language: 'ru-ru', title: 'Пароль транзакций и его блокировка' });
    expect(res.data.body).toContain('## ');
    const zh = await get('/api/article/transaction-password', 'zh-CN');
    expect(zh.data.title).toBe('交易密码与锁定');
  });

  it('refuses unknown and malformed ids and bad queries with localized messages', async () => {
    const missing = await get('/api/article/no-such-article', 'en-us');
    expect(missing).toMatchObject({ http: 200, status: 400, msg: 'Not found', data: { code: 'NOT_FOUND' } });
    const malformed = await get('/api/article/..%2Fetc', 'en-us');
    expect(malformed).toMatchObject({ status: 400, msg: 'Parameter error', data: { code: 'PARAMETER_ERROR' } });
    const tooLong = await get(`/api/article/${'a'.repeat(65)}`, 'zh-tw');
    expect(tooLong).toMatchObject({ status: 400, msg: '參數錯誤' });
    const badKind = await get('/api/article?kind=blog', 'en-us');
    expect(badKind.data.code).toBe('PARAMETER_ERROR');
    const badLimit = await get('/api/article?limit=1000', 'en-us');
    expect(badLimit.data.code).toBe('PARAMETER_ERROR');
  });
});
