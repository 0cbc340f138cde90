/** RUSD bought with USDT (pages/property/single) and the income pages (decision 016). */
import { STORAGE } from '../fixtures/app';

const CHARGE_PAGE = '/pages/property/single';
const INCOME_PAGE = '/pages/index/income';
import { expect, test } from '../fixtures/test';

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('10 USDT buys RUSD at the quoted rate and both balances move', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '100');
  await app.signIn();

  await app.goto(CHARGE_PAGE);
  await expect(page.getByTestId('charge-available')).toHaveText('Available: 100.0000 USDT');
  await page.getByTestId('charge-amount').fill('10');
  const quoted = page.getByTestId('charge-rusd');
  await expect(quoted).toHaveText(/^\d+\.\d{4} RUSD$/);
  const rusdText = (await quoted.textContent())!.replace(' RUSD', '');
  await page.getByTestId('charge-submit').click();
  await expect(app.toast()).toHaveText(`Bought ${rusdText} RUSD`);
  await expect(page.getByTestId('charge-available')).toHaveText('Available: 90.0000 USDT');
  await expect(page.getByTestId('charge-rusd-balance')).toHaveText(`RUSD balance: ${rusdText}`);

  const info = await api.userInfo(user.token);
  expect(info.balances.find((b) => b.key === 'usdt')?.amount).toBe('90.00000000');
});

test('the income page lists the five kinds and opens each one’s lines', async ({ page, wallet, api, app }) => {
  await api.signInViaApi(wallet.privateKey);
  await app.signIn();
  await app.goto(INCOME_PAGE);
  for (const kind of ['direct', 'indirect', 'dividend', 'performance', 'same_level']) {
    await expect(page.getByTestId(`income-kind-${kind}`)).toBeVisible();
  }
  // No income yet: the zero still says its unit (the asset rewards are paid in).
  await expect(page.getByTestId('income-total')).toHaveText('0.0000 USDT');
  await expect(page.getByTestId('income-today-direct')).toHaveText('0.0000 USDT');
  await page.getByTestId('income-link-dividend').click();
  await expect(page).toHaveURL(/#\/pages\/index\/incomeTpl\?kind=dividend$/);
  await expect(page.getByTestId('income-kind-title')).toHaveText('Weighted dividend');
  await expect(page.getByTestId('income-empty')).toBeVisible();
  await expect(page.getByTestId('income-line')).toHaveCount(0);
});
