/**
 * Flash exchange (spec §1 funds area, §7 finance) against the main lake, and the price pages that
 * show its result: Home's coin figures, the chart and the recent trades.
 */
import { MAIN_LAKE } from '../fixtures/api';
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

/** An exact decimal as 10⁻⁸ units, for comparing amounts the page shows without floats. */
function units(text: string | null): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec((text ?? '').trim().replace(/,/g, ''));
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1]!) * 10n ** 8n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** "19.90029960" → "19.9002", as the app shows balances: 4 places, truncated, the whole part grouped by thousands. */
function fourPlaces(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(4, '0').slice(0, 4)}`;
}

test.beforeEach(async ({ api, app }) => {
  await api.ensureMainLake();
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('exchanging 100 USDT buys the coin and lifts its price', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '1000');

  await app.signIn();
  await expect(app.balance('usdt')).toHaveText('1,000.0000');
  await expect(app.balance('coin')).toHaveText('0.0000');
  await expect(page.getByTestId('coin-price')).toHaveText(/^[\d,]+\.\d{4}$/);

  await app.goto(PAGES.exchange);
  await expect(page.getByTestId('exchange-available')).toHaveText('Available: 1,000.0000 USDT');
  await page.getByTestId('exchange-amount').fill('100');
  const quoteOut = page.getByTestId('exchange-quote-out');
  await expect(quoteOut).toHaveText(/^[\d,]+\.\d{4}$/);
  const quoted = units(await quoteOut.textContent());
  // At a price of 5 and less the 0.3 % fee, 100 USDT buys a little under 20 coins.
  expect(quoted).toBeGreaterThan(units('19'));
  expect(quoted).toBeLessThan(units('20'));
  const minimum = units((await page.getByTestId('exchange-min-received').textContent())?.split(' ')[0] ?? null);
  expect(minimum).toBeLessThan(quoted);

  await page.getByTestId('exchange-submit').click();
  await expect(app.toast()).toHaveText('Exchange successful');
  await expect(page.getByTestId('exchange-amount')).toHaveValue('');

  // The ledger's answer, to the last unit, and what Home shows of it.
  const info = await api.userInfo(user.token);
  const coin = info.balances.find((b) => b.key === 'coin')!.amount;
  expect(units(coin)).toBeGreaterThanOrEqual(minimum);
  expect(info.balances.find((b) => b.key === 'usdt')!.amount).toBe('900.00000000');

  await app.goto(PAGES.home);
  await expect(app.balance('usdt')).toHaveText('900.0000');
  await expect(app.balance('coin')).toHaveText(fourPlaces(coin));
  await expect
    .poll(async () => units(await page.getByTestId('coin-price').textContent()), { message: 'the coin price rose above 5' })
    .toBeGreaterThan(units(MAIN_LAKE.price));
  await expect(page.getByTestId('coin-change')).toHaveText(/^(\+\d+\.\d{2}%|0\.00%|—)$/);

  // Both legs are in the bills, translated.
  await app.goto(PAGES.bills);
  await expect(app.billLines().filter({ hasText: 'Exchange out' }).filter({ hasText: '-100.0000' })).toHaveCount(1);
  await expect(app.billLines().filter({ hasText: 'Exchange in' })).toHaveCount(1);

  // And the trade is among the main lake's recent trades.
  await app.goto(PAGES.priceRecord);
  await expect(
    page
      .getByTestId('price-record')
      .filter({ hasText: '100.0000 USDT' })
      .filter({ hasText: `${fourPlaces(coin)} RSC` }),
  ).toHaveCount(1);
});

test('more than the balance: the server refuses and the app offers a recharge', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'coin', '2');

  await app.signIn();
  await app.goto(`${PAGES.exchange}?from=coin`);
  await expect(page.getByTestId('exchange-available')).toHaveText('Available: 2.0000 RSC');
  await page.getByTestId('exchange-direction').click();
  await expect(page.getByTestId('exchange-available')).toHaveText('Available: 0.0000 USDT');
  await page.getByTestId('exchange-direction').click();

  await page.getByTestId('exchange-amount').fill('3');
  await expect(page.getByTestId('exchange-recharge-hint')).toBeVisible();
  await expect(page.getByTestId('exchange-quote-out')).toHaveText(/^[\d,]+\.\d{4}$/);
  await page.getByTestId('exchange-submit').click();
  const prompt = page.getByTestId('exchange-recharge-prompt');
  await expect(prompt).toContainText('Insufficient balance');
  await prompt.getByTestId('exchange-recharge').click();
  // The recharge opens on the asset that ran short.
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.recharge}?asset=coin`);
  await expect(page.getByTestId('recharge-asset').getByRole('tab', { name: 'RSC' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('recharge-submit')).toBeVisible();
});

test('the price page draws the chart, switches ranges and links the trades', async ({ page, app }) => {
  await app.goto(PAGES.price);
  await expect(page.getByTestId('price-current')).toHaveText(/^[\d,]+\.\d{4}$/);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();

  await page.getByTestId('price-range-1w').click();
  await expect(page.getByTestId('price-range-1w')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.price}?range=1w`);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();

  await page.getByTestId('price-records-link').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.priceRecord);
});

test('the balances page lists every balance and links the funds pages', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '12.5');

  await app.signIn();
  await page.getByTestId('home-all-assets').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.funds);
  await expect(page.getByTestId('holding-amount-usdt')).toHaveText('12.5000');
  await expect(page.getByTestId('holding-amount-coin')).toHaveText('0.0000');

  // A row opens its asset's page, which offers that asset's exchange.
  await page.getByTestId('holding-coin').click();
  await page.getByTestId('details-action-exchange').click();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.exchange}?from=coin`);
  await expect(page.getByTestId('exchange-available')).toHaveText('Available: 0.0000 RSC');
  await page.goBack();
  await page.goBack();

  await page.getByTestId('funds-withdraw').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.withdrawal);
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Available: 12.5000 USDT');
  await page.goBack();
  await page.getByTestId('funds-bills').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.bills);
  await expect(app.billLines().filter({ hasText: '+12.5000' })).toHaveCount(1);
});
