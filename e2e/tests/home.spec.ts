/**
 * Home for a signed-in user (issue 10): the total balance in USDT as the balances page values it, the eye that hides
 * every balance and stays hidden after a reload, the four money actions above the fold of a 375 × 667 phone, and a
 * shortcut grid whose every tile opens a built page (no "coming soon").
 */
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test.use({ viewport: { width: 375, height: 667 }, screen: { width: 375, height: 667 } });

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('the total, the hide eye and the money actions lead Home; every shortcut opens a built page', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '1234.5');
  await app.signIn();

  // USDT alone (no coin held), so the total is the USDT balance whatever the lake's price.
  const total = page.getByTestId('home-total');
  await expect(total).toHaveText('1,234.5000');
  await expect(app.balance('usdt')).toHaveText('1,234.5000');

  // The four actions sit fully inside the first screen, under the tab bar's top edge.
  const tabBarTop = (await page.getByTestId('tab-home').boundingBox())!.y;
  for (const id of ['quick-recharge', 'quick-withdrawal', 'quick-transfer', 'quick-exchange']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y + box.height, id).toBeLessThanOrEqual(Math.min(667, tabBarTop));
  }
  await expect(page.getByTestId('quick-exchange')).toHaveText('Exchange');

  // The eye hides the total and every balance, and the choice survives a reload.
  const eye = page.getByTestId('hide-balances');
  await expect(eye).toHaveAttribute('aria-pressed', 'false');
  await eye.click();
  await expect(total).toHaveText('****');
  await expect(app.balance('usdt')).toHaveText('****');
  await page.reload();
  await expect(page.getByTestId('hide-balances')).toHaveAttribute('aria-pressed', 'true');
  await expect(total).toHaveText('****');
  await page.getByTestId('hide-balances').click();
  await expect(total).toHaveText('1,234.5000');

  // Each shortcut opens a page that is built: none shows the coming-soon screen.
  const hrefs = await page
    .getByRole('navigation', { name: 'Quick access' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(5);
  for (const href of hrefs) {
    await app.goto(href.replace(/^#/, ''));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId('coming-soon'), href).toHaveCount(0);
  }

  // The balances page shows the same total.
  await app.goto(PAGES.funds);
  await expect(page.getByTestId('holdings-total')).toHaveText('1,234.5000');
});

test.describe('before the script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the first paint is the sea and the wordmark, styled within the CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/index/');
    const boot = page.locator('.boot');
    await expect(boot).toBeVisible();
    await expect(boot).toContainText('Reef');
    // The inline <style> applied (the server allows it by hash): the gradient is there and the box fills the screen.
    expect(await boot.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
    expect((await boot.boundingBox())!.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);
    expect(violations).toEqual([]);
  });
});
