/**
 * Issue 25, "Also from the spec" (decision 120): inside WeChat's own browser the share menus carry the operator's share
 * content. The document's policy lets that browser alone load WeChat's JS-SDK; the page asks our server to sign its
 * address (the server gets its ticket from a loopback WeChat, apps/server/src/test/wechat-fake.ts), configures `wx` and
 * hands both share menus the title, synopsis, picture and link. WeChat's script is outside the system: the test serves a
 * stand-in `wx` at its address that records what the page calls, and checks the signature against the fake's ticket.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startWechatFake, type WechatFake } from '../../apps/server/src/test/wechat-fake';
import { PAGES, STORAGE } from '../fixtures/app';
import { MOBILE_DEVICE } from '../fixtures/env';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { signInOnOwnServer } from '../fixtures/own-app';
import { expect, test } from '../fixtures/test';

const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const WECHAT_USER_AGENT = `${MOBILE_DEVICE.userAgent} MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_TW`;

/** The stand-in: `config` records its options and then calls `ready`, as WeChat does after checking the signature. */
const WX_STAND_IN = `
window.__wx = { calls: [] };
window.wx = {
  config(options) { __wx.calls.push(['config', options]); setTimeout(() => __wx.onReady && __wx.onReady(), 0); },
  ready(callback) { __wx.onReady = callback; },
  error(callback) { __wx.onError = callback; },
  updateAppMessageShareData(data) { __wx.calls.push(['appMessage', data]); },
  updateTimelineShareData(data) { __wx.calls.push(['timeline', data]); },
};`;

type WxCall = [string, Record<string, unknown>];

function cspOf(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Serves the stand-in at the SDK's address; answers the list of SDK requests the page made. */
async function standInSdk(page: Page): Promise<string[]> {
  const fetched: string[] = [];
  await page.route(SDK_URL, (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: WX_STAND_IN });
  });
  return fetched;
}

/** What the page handed the share menus, once both are set with a link matching `link`. */
async function shareCalls(
  page: Page,
  link: RegExp,
): Promise<{ config: Record<string, unknown>; app: Record<string, unknown>; timeline: Record<string, unknown> }> {
  await expect
    .poll(
      () =>
        page.evaluate(() => ((window as unknown as { __wx?: { calls: WxCall[] } }).__wx?.calls ?? []).filter(([n]) => n === 'timeline').map(([, d]) => d.link)),
      {
        timeout: 20_000,
      },
    )
    .toContainEqual(expect.stringMatching(link));
  const calls = await page.evaluate(() => (window as unknown as { __wx: { calls: WxCall[] } }).__wx.calls);
  const last = (name: string) => calls.filter(([n]) => n === name).at(-1)![1];
  return { config: last('config'), app: last('appMessage'), timeline: last('timeline') };
}

interface WechatDeployment {
  wechat: WechatFake;
  server: OwnServer;
}

const wechatTest = test.extend<object, { deployment: WechatDeployment }>({
  deployment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature.
    async ({}, use) => {
      const wechat = await startWechatFake();
      const server = await startOwnServer('wechat', {
        WECHAT_APP_ID: wechat.appId,
        WECHAT_APP_SECRET: wechat.secret,
        WECHAT_API_BASE_URL: wechat.baseUrl,
      }).catch(async (error: unknown) => {
        await wechat.close();
        throw error;
      });
      await use({ wechat, server });
      await server.stop();
      await wechat.close();
    },
    { scope: 'worker', timeout: OWN_SERVER_READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.server.origin),
});

wechatTest.describe('inside WeChat', () => {
  wechatTest.describe.configure({ mode: 'serial' });
  wechatTest.use({ userAgent: WECHAT_USER_AGENT });

  wechatTest(
    "a visitor's share menus carry the operator's content and Home's link, under WeChat's signature; other browsers load nothing of it",
    async ({ page, app, request, browser, deployment: { wechat, server } }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const fetched = await standInSdk(page);
      await app.presetStorage({ [STORAGE.language]: 'en-us' });
      const shareAnswer = page.waitForResponse((response) => response.url().endsWith('/api/share'));
      await app.goto(PAGES.home);
      const share = ((await (await shareAnswer).json()) as { data: { title: string; synopsis: string } }).data;

      const { config, app: appMessage, timeline } = await shareCalls(page, /#\/$/);
      expect(fetched).toEqual([SDK_URL]);
      // The signature is WeChat's: SHA-1 over the fake's ticket, the nonce, the timestamp and the address before '#'.
      expect(config).toMatchObject({
        debug: false,
        appId: wechat.appId,
        jsApiList: expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']),
      });
      const signed = `jsapi_ticket=${wechat.lastTicket()}&noncestr=${String(config.nonceStr)}&timestamp=${String(config.timestamp)}&url=${server.origin}/index/`;
      expect(config.signature).toBe(createHash('sha1').update(signed).digest('hex'));
      const expected = { title: share.title, desc: share.synopsis, link: `${server.origin}/index/#/`, imgUrl: `${server.origin}/index/icons/icon-512.png` };
      expect(appMessage).toEqual(expected);
      expect(timeline).toEqual(expected);

      // The policy: WeChat's host for WeChat's browser only, and nothing else widened.
      const inWechat = cspOf((await request.get('/index/', { headers: { 'user-agent': WECHAT_USER_AGENT } })).headers()['content-security-policy']);
      expect(inWechat['script-src']).toContain('https://res.wx.qq.com');
      const elsewhere = cspOf((await request.get('/index/', { headers: { 'user-agent': MOBILE_DEVICE.userAgent } })).headers()['content-security-policy']);
      expect(elsewhere['script-src']!.join(' ')).not.toContain('qq.com');
      expect(violations).toEqual([]);

      // Another browser on the same deployment never asks for WeChat's script.
      const other = await browser.newContext({ ...MOBILE_DEVICE, baseURL: server.origin });
      try {
        const otherPage = await other.newPage();
        const otherFetched = await standInSdk(otherPage);
        await otherPage.goto(`/index/#${PAGES.home}`);
        await expect(otherPage.locator('.tab-bar')).toBeVisible({ timeout: 20_000 });
        await otherPage.waitForLoadState('networkidle');
        expect(otherFetched).toEqual([]);
        expect(await otherPage.evaluate(() => 'wx' in window)).toBe(false);
      } finally {
        await other.close();
      }
    },
  );

  wechatTest("signed in, the share menus carry the sharer's invite link", async ({ page, wallet: _wallet, deployment: { server } }) => {
    await standInSdk(page);
    await signInOnOwnServer(page, server);
    const { timeline, app: appMessage } = await shareCalls(page, /\?spread=\d+#\/$/);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.token);
    const info = (await (await page.request.get(`${server.origin}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { uid: number };
    };
    expect(timeline.link).toBe(`${server.origin}/index/?spread=${info.data.uid}#/`);
    expect(appMessage.link).toBe(timeline.link);
  });
});
