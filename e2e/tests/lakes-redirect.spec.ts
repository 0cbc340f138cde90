/**
 * The lakes page, reached from the price page (every pool with its figures), and redirect/redirect, which returns a
 * signed-in user to the page saved at a forced logout (spec §4; decision 078).
 */
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en' });
});

test('the lakes page lists every pool with its price, reserves and volume', async ({ page, api, app }) => {
  const main = await api.ensureMainLake();
  await app.goto(PAGES.price);
  await page.getByTestId('lakes-link').click();
  await expect(page.getByTestId('page-title')).toHaveText('Lakes');
  const card = page.getByTestId(`lake-${main.id}`);
  await expect(card).toContainText('24h volume');
  await expect(page.getByTestId(`lake-${main.id}-price`)).not.toBeEmpty();
  await page.getByTestId(`lake-${main.id}-trades`).click();
  await expect(page.getByTestId(`lake-${main.id}-trades`)).toHaveAttribute('aria-expanded', 'true');
});

test('redirect/redirect returns to the page saved at a forced logout', async ({ page, wallet, api, app }) => {
  await api.signInViaApi(wallet.privateKey);
  await app.signIn();
  await page.evaluate(([key, path]) => window.localStorage.setItem(key, path), [STORAGE.returnUrl, PAGES.bills] as const);
  await app.goto('/pages/redirect/redirect');
  await expect.poll(() => app.hashPath()).toBe(PAGES.bills);
  expect(await app.storage(STORAGE.returnUrl)).toBeNull();
});
