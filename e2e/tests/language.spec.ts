/** The language choice is kept in localStorage `language` and applied on the next load (spec §1). */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { REPO_ROOT } from '../fixtures/env';
import { expect, test } from '../fixtures/test';

test('the language chosen on Mine survives a reload', async ({ page, app }) => {
  await app.goto(PAGES.mine);
  const select = page.getByTestId('language-select');
  const mineTab = page.getByTestId('tab-mine');
  const homeTab = page.getByTestId('tab-home');

  // Traditional Chinese by default.
  await expect(select).toHaveValue('zh-tw');
  await expect(mineTab).toBeVisible();
  await expect(mineTab).not.toHaveText('Mine');

  await select.selectOption('en-us');
  await expect(mineTab).toHaveText('Mine');

  await page.reload();

  await expect(mineTab).toHaveText('Mine');
  await expect(homeTab).toHaveText('Home');
  await expect(select).toHaveValue('en-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect(await app.storage(STORAGE.language)).toBe('en-us');
});

const LOCALES = path.join(REPO_ROOT, 'apps/web/src/i18n/locales');
const HTML_LANG: Record<string, string> = { 'zh-tw': 'zh-TW', 'zh-cn': 'zh-CN', 'en-us': 'en-US', 'pt-br': 'pt-BR', 'de-de': 'de-DE', 'ru-ru': 'ru-RU' };
interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogue = (code: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, `${code}.json`), 'utf8')) as Catalogue;
const SECTIONS = Object.keys(catalogue('zh-tw'));

/** Words of the page that look like a catalogue key ('mine.language'): a string shown before its catalogue arrived. */
async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.split(/\s+/).filter((word) => SECTIONS.some((section) => word.startsWith(`${section}.`) && word.length > section.length + 1));
}

test('each of the six languages switches on Mine, with every string of the page translated (decision 046)', async ({ page, app }) => {
  await app.goto(PAGES.mine);
  const select = page.getByTestId('language-select');
  await expect(select).toHaveValue('zh-tw');
  // zh-tw last: its strings differ from zh-cn's, so the switch back is seen too.
  for (const code of ['en-us', 'zh-cn', 'pt-br', 'de-de', 'ru-ru', 'zh-tw']) {
    const strings = catalogue(code) as { tabs: { mine: string; home: string } };
    await select.selectOption(code);
    await expect(page.getByTestId('tab-mine'), code).toHaveText(strings.tabs.mine);
    await expect(page.getByTestId('tab-home'), code).toHaveText(strings.tabs.home);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[code]!);
    expect(await rawKeys(page), code).toEqual([]);
  }
});

test('a first visit straight to another page in a stored language draws it whole: no raw key, the page title translated', async ({ page, app }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'de-de'), STORAGE.language);
  await app.goto(PAGES.mine);
  const strings = catalogue('de-de') as { tabs: { mine: string }; titles: Record<string, string>; app: { name: string } };
  await expect(page.getByTestId('tab-mine')).toHaveText(strings.tabs.mine);
  await expect(page.getByTestId('language-select')).toHaveValue('de-de');
  await expect(page).toHaveTitle(`${strings.titles['user/user']} · ${strings.app.name}`);
  expect(await rawKeys(page)).toEqual([]);
  // Home after it, in the same language.
  await page.getByTestId('tab-home').click();
  await expect(page.getByTestId('quick-holdings')).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
});
