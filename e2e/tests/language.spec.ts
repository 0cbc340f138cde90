/** The language choice is kept in localStorage `language` and applied on the next load (spec §1). */
import { PAGES, STORAGE } from '../fixtures/app';
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
