/**
 * Issue 25's screenshot test: the ten most used screens (Home signed in, Mine, the card market, a card's details,
 * mining, pledge, the slot, the blind box, a shop order and the console's dashboard) at 390×844 (the console at
 * 1280×800), signed in with content on every screen, in Traditional Chinese (the default) and English. Each screen is
 * checked before it is shot: nothing sticks out sideways, no emoji (the slot's reels are the app's own art), no raw
 * catalogue key and no raw asset key (`usdt`, `MINERAL`: the app shows symbols). `REEF_UPDATE_SCREENSHOTS=1` writes
 * the pictures to docs/screenshots; otherwise they go to test-results.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { buyStarterCard, createCardType, createSession, listCard } from '../fixtures/cards';
import { openConsole } from '../fixtures/console';
import { ADMIN_PRIVATE_KEY, REPO_ROOT, SCREENSHOT_DIR } from '../fixtures/env';
import { arrangeMiningPages } from '../fixtures/mining';
import { settle, visitByHash } from '../fixtures/pages';
import { arrangePledgePages } from '../fixtures/pledge';
import { arrangeShopPages } from '../fixtures/shop';
import { expect, test } from '../fixtures/test';

const USER_KEY = '0x72656566206532652073637265656e73686f74732074657374206b6579203133';
test.use({ walletOptions: { privateKey: USER_KEY }, viewport: { width: 390, height: 844 } });

const LANGUAGES = [
  { code: 'zh-tw', suffix: 'zh-hant', console: 'zh-tw' },
  { code: 'en-us', suffix: 'en', console: 'en' },
] as const;

type Tree = { [key: string]: string | Tree };
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) => (typeof value === 'string' ? [`${prefix}${name}`] : keysOf(value, `${prefix}${name}.`)));
}
/** Every key of the app's catalogue: one of them on screen is a string that was never translated. */
const CATALOGUE_KEYS = keysOf(JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/src/i18n/locales/en-us.json'), 'utf8')) as Tree);

/** What is wrong on the screen: sideways overflow, an emoji, a raw catalogue key, a raw asset key. */
function problemsOn(page: Page): Promise<string[]> {
  return page.evaluate((keys) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 0.5) problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      let scroller = element.parentElement;
      while (scroller && !/(auto|scroll|hidden)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller)
        problems.push(`past the right edge: ${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} ends at ${Math.round(box.right)}`);
    }
    const text = document.body.innerText;
    const emoji = text.match(/\p{Extended_Pictographic}/gu);
    if (emoji) problems.push(`emoji: ${[...new Set(emoji)].join(' ')}`);
    const known = new Set(keys);
    for (const word of text.match(/\b[a-z][A-Za-z]*(?:\.[a-zA-Z]+)+\b/g) ?? []) if (known.has(word)) problems.push(`raw key: ${word}`);
    for (const word of text.match(/\b(?:usdt|rusd|mineral|MINERAL|COIN|FUEL|TRADE|GAME)\b/g) ?? []) problems.push(`raw asset key: ${word}`);
    return problems;
  }, CATALOGUE_KEYS);
}

test('the ten most used screens in zh-Hant and English: no overflow, no emoji, no raw keys', async ({ page, wallet, api, app, browser, baseURL }) => {
  test.setTimeout(240_000);
  const user = await api.signInViaApi(wallet.privateKey);
  for (const [asset, amount] of [
    ['usdt', '25000'],
    ['coin', '3200.75'],
    ['rusd', '8000'],
    ['fuel', '900'],
    ['game', '500'],
    ['mineral', '1200'],
  ] as const) {
    await api.fund(user.uid, asset, amount);
  }
  await api.data('POST', '/api/user/setInfo', { token: user.token, body: { nickname: 'Coral 珊瑚' } });
  const cardType = await createCardType(api, {
    name: 'Red Sea coral card',
    start_price: '100',
    price_step_bp: 500,
    fuel_fee_bp: 1000,
    trade_points: '10',
    hold_days: 0,
    list_window_days: 7,
    platform_fee_bp: 500,
    renewal_fee_bp: 100,
    per_user_cap: 2,
  });
  await createSession(api, cardType.id, { opensInMs: 0, durationMs: 3_600_000, stock: 1000 });
  const kept = await buyStarterCard(api, user.token, cardType.id);
  const listed = await buyStarterCard(api, user.token, cardType.id);
  await listCard(api, user.token, listed.id);
  await arrangeMiningPages(api, user.token, '100');
  await arrangePledgePages(api, user.token);
  const shopOrder = (await arrangeShopPages(api, user.token)).find((visit) => visit.path.startsWith('/pages/shop/order?'))!.path;

  const screens: { name: string; path: string }[] = [
    { name: 'home', path: PAGES.home },
    { name: 'mine', path: PAGES.mine },
    { name: 'card-market', path: '/pages/trading/index' },
    { name: 'card-details', path: `/pages/cards/details?card=${kept.id}` },
    { name: 'mining', path: '/pages/mining/index' },
    { name: 'pledge', path: '/pages/pledge/index' },
    { name: 'slot', path: '/pages/game/tiger/tiger' },
    { name: 'blind-box', path: '/pages/game/index' },
    { name: 'shop-order', path: shopOrder },
  ];
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const problems: string[] = [];

  await app.presetStorage({ [STORAGE.language]: LANGUAGES[0].code });
  await app.signIn();
  for (const language of LANGUAGES) {
    await page.evaluate(([key, code]) => window.localStorage.setItem(key, code), [STORAGE.language, language.code] as const);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.code}$`, 'i'));
    for (const screen of screens) {
      await visitByHash(page, screen.path);
      await expect(app.toast()).toBeHidden();
      for (const problem of await problemsOn(page)) problems.push(`${language.code} ${screen.name}: ${problem}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${screen.name}-${language.suffix}.png`), scale: 'css', animations: 'disabled' });
    }
  }

  const console = await openConsole(browser, baseURL!, ADMIN_PRIVATE_KEY);
  try {
    await console.setViewportSize({ width: 1280, height: 800 });
    for (const language of LANGUAGES) {
      // The console's own language picker: a reload would end the console's session (it is held in memory).
      await expect(console.getByTestId('console-roles')).toBeVisible({ timeout: 20_000 });
      await console.getByTestId('console-language').selectOption(language.console);
      await expect(console.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.console}`, 'i'));
      await settle(console);
      for (const problem of await problemsOn(console)) problems.push(`${language.code} console dashboard: ${problem}`);
      await console.screenshot({ path: path.join(SCREENSHOT_DIR, `console-dashboard-${language.suffix}.png`), scale: 'css', animations: 'disabled' });
    }
  } finally {
    await console.context().close();
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
