/**
 * GET /api/wechat/config and /api/wechat/auth through the real app: 'Not Supported' in the caller's language without
 * an official account; with one (pointed at a loopback fake of WeChat), a JS-SDK configuration whose signature
 * WeChat would accept, one token fetch for many calls, bad addresses refused before WeChat is asked.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, TEST_ORIGIN, withTestApp, type TestApp } from '../../test/harness.js';
import { startWechatFake, type WechatFake } from '../../test/wechat-fake.js';

let fake: WechatFake;
beforeAll(async () => {
  fake = await startWechatFake();
});
afterAll(() => fake.close());

describe.each(databaseKinds)('WeChat without an official account (%s)', (kind) => {
  let t: TestApp;
  withTestApp(kind, async (app) => {
    t = app;
  });

  it.each([
    ['zh-tw', '不支援'],
    ['en-us', 'Not Supported'],
    ['ru-ru', 'Не поддерживается'],
  ])('refuses both calls with a localized Not Supported (%s)', async (language, msg) => {
    for (const url of [
      `/api/wechat/config?url=${encodeURIComponent(`${TEST_ORIGIN}/index/`)}`,
      `/api/wechat/auth?redirect=${encodeURIComponent(`${TEST_ORIGIN}/index/`)}`,
    ]) {
      const res = await t.call({ method: 'GET', url, headers: { 'accept-language': language } });
      expect(res).toMatchObject({ http: 200, status: 400, msg, data: { code: 'WECHAT_NOT_SUPPORTED' } });
    }
  });
});

describe.each(databaseKinds)('WeChat with an official account (%s)', (kind) => {
  // Built in beforeAll: the fake's port is known only once it listens.
  let wechat: TestApp;
  beforeAll(async () => {
    fake.calls.token = 0;
    fake.calls.ticket = 0;
    wechat = await createTestApp(kind, { WECHAT_APP_ID: fake.appId, WECHAT_APP_SECRET: fake.secret, WECHAT_API_BASE_URL: fake.baseUrl });
  });
  afterAll(() => wechat?.close());

  const configFor = (url: string) => wechat.call({ method: 'GET', url: `/api/wechat/config?url=${encodeURIComponent(url)}` });

  it('says WeChat is unavailable while WeChat refuses, and asks again on the next call', async () => {
    fake.failTokensWith(40164); // 'invalid ip, not in whitelist'
    try {
      const res = await configFor(`${TEST_ORIGIN}/index/`);
      expect(res).toMatchObject({ status: 400, data: { code: 'WECHAT_UNAVAILABLE' } });
      expect(fake.calls).toEqual({ token: 1, ticket: 0 });
    } finally {
      fake.failTokensWith(null);
      fake.calls.token = 0;
    }
  });

  it("answers wx.config's fields, signed over the ticket, nonce, timestamp and the page address without its fragment", async () => {
    const page = `${TEST_ORIGIN}/index/?spread=12`;
    const res = await configFor(`${page}#/pages/community/share`);
    expect(res.status).toBe(200);
    const { appId, timestamp, nonceStr, signature, jsApiList } = res.data;
    expect(appId).toBe(fake.appId);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(nonceStr).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(jsApiList).toEqual(['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline']);
    const expected = createHash('sha1').update(`jsapi_ticket=${fake.lastTicket()}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex');
    expect(signature).toBe(expected);
  });

  it('asks WeChat for the token once for many configurations', async () => {
    const before = { ...fake.calls };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => configFor(`${TEST_ORIGIN}/index/?n=${i}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.nonceStr)).size).toBe(30);
    // The first test fetched them; nothing since.
    expect(before).toEqual({ token: 1, ticket: 1 });
    expect(fake.calls).toEqual(before);
  });

  it.each([
    ['no url', '/api/wechat/config'],
    ['an empty url', '/api/wechat/config?url='],
    ['another site', `/api/wechat/config?url=${encodeURIComponent('https://evil.example/index/')}`],
    ['a javascript: address', `/api/wechat/config?url=${encodeURIComponent('javascript:alert(1)')}`],
    ['a url with spaces', `/api/wechat/config?url=${encodeURIComponent(`${TEST_ORIGIN}/a b`)}`],
    ['an overlong url', `/api/wechat/config?url=${encodeURIComponent(`${TEST_ORIGIN}/${'a'.repeat(1000)}`)}`],
    ['two urls', `/api/wechat/config?url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&url=${encodeURIComponent(`${TEST_ORIGIN}/x`)}`],
  ])('refuses %s before asking WeChat', async (_name, url) => {
    const before = { ...fake.calls };
    const res = await wechat.call({ method: 'GET', url });
    expect(res).toMatchObject({ status: 400, data: { code: 'PARAMETER_ERROR' } });
    expect(fake.calls).toEqual(before);
  });

  it("answers the official account's authorize URL for a page of ours", async () => {
    const redirect = `${TEST_ORIGIN}/index/#/pages/community/share`;
    const res = await wechat.call({ method: 'GET', url: `/api/wechat/auth?redirect=${encodeURIComponent(redirect)}&scope=snsapi_userinfo` });
    expect(res.status).toBe(200);
    expect(res.data.appId).toBe(fake.appId);
    const url = new URL(res.data.url);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(url.searchParams.get('appid')).toBe(fake.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(redirect);
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.hash).toBe('#wechat_redirect');
    const base = await wechat.call({ method: 'GET', url: `/api/wechat/auth?redirect=${encodeURIComponent(redirect)}` });
    expect(base.data.scope).toBe('snsapi_base');
  });

  it.each([
    ['no redirect', '/api/wechat/auth'],
    ['another site', `/api/wechat/auth?redirect=${encodeURIComponent('https://evil.example/')}`],
    ['an unknown scope', `/api/wechat/auth?redirect=${encodeURIComponent(`${TEST_ORIGIN}/`)}&scope=snsapi_login`],
  ])('refuses an authorize request with %s', async (_name, url) => {
    expect(await wechat.call({ method: 'GET', url })).toMatchObject({ status: 400, data: { code: 'PARAMETER_ERROR' } });
  });
});
