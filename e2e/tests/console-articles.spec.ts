/**
 * Issue 16's "an operator publishes a pinned announcement in the console and the app shows it" (decisions 078, 085):
 * the administrator writes a pinned announcement in zh-tw and English in the console on a desktop; the phone app
 * (390 px, the normal `/index/` app) scrolls it on Home and opens it; hidden again in the console, it leaves Home.
 */
import type { Browser, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { PAGES, STORAGE } from '../fixtures/app';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { expect, test } from '../fixtures/test';
import { InjectedWallet } from '../fixtures/wallet';

const DESKTOP = { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, locale: 'en-US' };

async function openConsole(browser: Browser, baseURL: string, privateKey: Hex): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  const page = await context.newPage();
  await InjectedWallet.attach(page, { privateKey });
  await page.goto('/admin/');
  await page.evaluate(() => localStorage.setItem('reef_console_language', 'en'));
  await page.reload();
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  return page;
}

test('an operator publishes a pinned announcement in the console and the phone app shows it', async ({ browser, baseURL, page, app, api }) => {
  test.setTimeout(120_000);
  const mark = Date.now().toString(36);
  const zhTitle = `系統升級公告 ${mark}`;
  const enTitle = `System upgrade ${mark}`;
  const desk = await openConsole(browser, baseURL!, ADMIN_PRIVATE_KEY);
  await desk.getByRole('link', { name: 'Articles and announcements' }).click();
  await desk.getByTestId('create-article').click();
  const dialog = desk.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('announcement');
  await dialog.getByLabel('Pinned').check();
  await dialog.getByLabel('Title (繁體中文)').fill(zhTitle);
  await dialog.getByLabel('Body (Markdown) (繁體中文)').fill('今晚 **23:00** 升級。');
  await dialog.getByLabel('Title (English)').fill(enTitle);
  await dialog.getByLabel('Body (Markdown) (English)').fill('Upgrade at **23:00** tonight.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const table = desk.getByTestId('table-articles');
  const row = table.locator('tr', { hasText: enTitle });
  await expect(row).toContainText('Announcement');
  const created = (
    await api.admin<{ list: { id: number; pinned: boolean; hidden: boolean; texts: { title: string }[] }[] }>('GET', '/api/admin/articles?limit=50')
  ).list.find((a) => a.texts.some((x) => x.title === enTitle))!;
  expect(created).toMatchObject({ pinned: true, hidden: false });

  try {
    // The phone: Home's ticker shows it in the reader's language and opens it.
    await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
    await app.goto(PAGES.home);
    await expect(page.getByTestId('announcement-ticker-title')).toHaveText(zhTitle);
    await page.getByTestId('announcement-ticker').click();
    await expect(page.getByTestId('article-title')).toHaveText(zhTitle);
    await expect(page.getByTestId('article-view').locator('strong')).toHaveText('23:00');
  } finally {
    // Hidden in the console (a second confirmation): it leaves the app's Home, so other specs on this server do not see it.
    await desk.getByTestId(`article-${created.id}`).getByRole('button', { name: 'Hide' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(desk.getByRole('dialog')).toContainText(`Hide #${created.id}: ${enTitle}`);
    await desk.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(desk.getByTestId(`article-${created.id}`).getByRole('button', { name: 'Show again' })).toBeVisible();
  }
  await app.goto(PAGES.home);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(zhTitle)).toHaveCount(0);
});
