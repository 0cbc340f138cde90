/**
 * Issue 25 §3, §11 and §14 on the two phones we design for (360 and 390 px), in all six languages, with one signed-in
 * user and one page (the language switched on Mine, the width by viewport):
 * - Mine's header: the nickname on one line (ellipsised, whole in its title), the address shortened to 0x1234…abcd
 *   on one line with a copy button, the edit link whole below them — the header never grows past its three rows;
 * - the community level: Mine and the Community page show the same name (the operator's, "V0" here), never "Lv. 0";
 * - the shop order: its dates in the chosen language's format, its number whole on one line with a copy button.
 */
import type { Locator, Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { arrangeShopPages } from '../fixtures/shop';
import { visitByHash } from '../fixtures/pages';
import { expect, test } from '../fixtures/test';

const LANGUAGES = ['zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru'] as const;
const HTML_LANG: Record<(typeof LANGUAGES)[number], string> = {
  'zh-tw': 'zh-TW',
  'zh-cn': 'zh-CN',
  'en-us': 'en-US',
  'pt-br': 'pt-BR',
  'de-de': 'de-DE',
  'ru-ru': 'ru-RU',
};
const WIDTHS = [360, 390] as const;
/** Twenty characters, the longest a nickname may be: one German compound, where the hyphenation used to cut it. */
const NICKNAME = 'Korallenriffbewohner';

/** How many lines the text of `locator` takes (its text boxes' distinct tops). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(
      Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top / 4)),
    ).size;
  });
}

async function fitsWidth(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
}

test('Mine’s header, the level’s name and the shop order’s date and number hold at 360 and 390 px in six languages', async ({ page, wallet, api, app }) => {
  // 6 languages × 2 widths × 3 pages, each a hash change in one document.
  test.setTimeout(120_000);
  const user = await api.signInViaApi(wallet.privateKey);
  await api.data('POST', '/api/user/setInfo', { token: user.token, body: { nickname: NICKNAME } });
  const shopPages = await arrangeShopPages(api, user.token);
  const orderPath = shopPages.find(({ path }) => path.startsWith('/pages/shop/order?'))!.path;
  const order = await api.data<{ created_at: string; order_no: string }>(
    'GET',
    `/api/point/detail/id/${new URL(orderPath, 'http://x').searchParams.get('id')}`,
    {
      token: user.token,
    },
  );

  await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
  await app.signIn();

  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      const where = `${language} at ${width} px`;
      await page.setViewportSize({ width, height: 800 });
      await visitByHash(page, PAGES.mine);
      const select = page.getByTestId('language-select');
      if ((await select.inputValue()) !== language) await select.selectOption(language);
      await expect(page.locator('html'), where).toHaveAttribute('lang', HTML_LANG[language]);

      // §3: one line each for the name and the address, the edit link whole beside or below them.
      const nickname = page.getByTestId('mine-nickname');
      await expect(nickname, where).toHaveText(NICKNAME);
      await expect(nickname, where).toHaveAttribute('title', NICKNAME);
      expect(await lineCount(nickname), `${where}: nickname lines`).toBe(1);
      const address = page.getByTestId('mine-address');
      await expect(address, where).toHaveText(new RegExp(`^${user.account.slice(0, 6)}…${user.account.slice(-4)}$`, 'i'));
      await expect(address, where).toHaveAttribute('title', new RegExp(`^${user.account}$`, 'i'));
      expect(await lineCount(address), `${where}: address lines`).toBe(1);
      await expect(page.getByTestId('mine-address-copy'), where).toBeVisible();
      const edit = page.getByTestId('mine-edit-profile');
      expect(await lineCount(edit), `${where}: edit link lines`).toBe(1);
      for (const part of [nickname, address, edit]) await fitsWidth(page, part);
      // The header (avatar, name, address, edit) is no taller than the 64 px avatar and a row of badges.
      const header = (await page.locator('.profile__main').boundingBox())!;
      expect(header.height, `${where}: header height`).toBeLessThanOrEqual(110);

      // §11: one name for the level, the Community page's.
      await expect(page.getByTestId('mine-level'), where).not.toBeEmpty();
      const mineLevel = (await page.getByTestId('mine-level').textContent())!.trim();
      expect(mineLevel, where).not.toMatch(/^Lv\./);
      await visitByHash(page, '/pages/community/index');
      await expect(page.getByTestId('team-level-name'), where).toHaveText(mineLevel);

      // §14: the order's dates in the language's own format; its number whole on one line.
      await visitByHash(page, orderPath);
      // Formatted by the browser's own Intl (the runner's ICU may differ), in the language's tag, not the browser's.
      const expected = await page.evaluate(([tag, iso]) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), [
        HTML_LANG[language],
        order.created_at,
      ] as const);
      await expect(page.getByTestId('shop-order-created'), where).toHaveText(expected);
      const number = page.getByTestId('shop-order-no');
      await expect(number, where).toHaveText(order.order_no);
      expect(await lineCount(number), `${where}: order number lines`).toBe(1);
      await fitsWidth(page, number);
      await expect(page.getByTestId('shop-order-no-copy'), where).toBeVisible();
    }
  }
});
