/**
 * The balances page (property/index; the old holdings address index/property opens it) and one asset's page (index/details) for a funded user: the balances,
 * their USDT value at the main lake's price, the actions that open the funds pages on that asset, the fund
 * log's paging, and the 'insufficient RUSD' sheet that offers the RUSD charge (decision 020).
 */
import { generatePrivateKey } from 'viem/accounts';
import { STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

const BALANCES_PAGE = '/pages/property/index';
const OLD_HOLDINGS_PAGE = '/pages/index/property';
const DETAILS_PAGE = '/pages/index/details';
const DETAILS_ROW_PAGE = '/pages/index/detailsTpl';
const TRANSFER_PAGE = '/pages/property/transfer';

const UNIT = 10n ** 8n;

/** "12.5" or "4.98012345" → 10⁻⁸ units, exact. */
function units(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1]!) * UNIT + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** Units as the app shows them: truncated to 4 places, the whole part grouped by thousands. */
function shown(value: bigint): string {
  const whole = (value / UNIT).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (value % UNIT).toString().padStart(8, '0').slice(0, 4);
  return `${whole}.${fraction}`;
}

/** amount × price, truncated to 8 places, as the app values a holding. */
function valueAt(amount: string, price: string): bigint {
  return (units(amount) * units(price)) / UNIT;
}

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('holdings are valued at the lake price, and each asset opens its page with its actions', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.ensureMainLake();
  await api.fund(user.uid, 'usdt', '300');
  await api.fund(user.uid, 'coin', '12.5');
  await api.fund(user.uid, 'rusd', '7');
  await app.signIn();

  // Home links to the balances page.
  await page.getByTestId('quick-holdings').click();
  await expect.poll(() => app.hashPath()).toBe(BALANCES_PAGE);
  await expect(page.getByTestId('holding-amount-usdt')).toHaveText('300.0000');
  await expect(page.getByTestId('holding-amount-coin')).toHaveText('12.5000');
  await expect(page.getByTestId('holding-amount-rusd')).toHaveText('7.0000');
  await expect(page.getByTestId('holding-value-usdt')).toHaveText('≈ 300.0000 USDT');
  await expect(page.getByTestId('holding-value-rusd')).toHaveText('No price');
  await expect(page.getByTestId('holding-value-trade')).toHaveText('No price');
  await expect(page.getByTestId('holdings-note')).toContainText('not included (no price): RUSD');

  // The coin is valued at the main lake's price. Other tests trade on the same lake at the same time, so the
  // page is loaded afresh and compared with the price read right after, until no trade came in between.
  const coinValue = page.getByTestId('holding-value-coin');
  const total = page.getByTestId('holdings-total');
  await expect(async () => {
    await page.reload();
    await expect(total).toHaveText(/^[\d,]+\.\d{4}$/);
    const price = (await api.mainLake())!.price;
    const coin = valueAt('12.5', price);
    expect(await coinValue.textContent()).toBe(`≈ ${shown(coin)} USDT`);
    // 300 is whole, so the total shown is exactly 300 plus the coin's value shown.
    expect(await total.textContent()).toBe(shown(300n * UNIT + coin));
  }).toPass({ timeout: 30_000 });

  // The coin's page: balance, its value and the price used (the lake's, compared the same way), and the
  // on-chain actions on the coin.
  await page.getByTestId('holding-coin').click();
  await expect.poll(() => app.hashPath()).toBe(`${DETAILS_PAGE}?asset=coin`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Details');
  await expect(page.getByTestId('details-balance')).toHaveText('12.5000');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('details-value')).toHaveText(/^≈ [\d,]+\.\d{4} USDT$/);
    const price = (await api.mainLake())!.price;
    expect(await page.getByTestId('details-value').textContent()).toBe(`≈ ${shown(valueAt('12.5', price))} USDT`);
    expect(await page.getByTestId('details-price').textContent()).toBe(`1 RSC = ${shown(units(price))} USDT`);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('details-action-recharge')).toHaveAttribute('href', '#/pages/property/recharge?asset=coin');
  await expect(page.getByTestId('details-action-exchange')).toHaveAttribute('href', '#/pages/property/exchange?from=coin');
  await page.getByTestId('details-action-withdraw').click();
  await expect.poll(() => app.hashPath()).toBe('/pages/property/withdrawal?asset=coin');
  await expect(page.getByTestId('withdraw-asset').getByRole('tab', { name: 'RSC' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Available: 12.5000 RSC');

  // RUSD is topped up by the RUSD charge and can be transferred; it has no withdrawal.
  await app.goto(`${DETAILS_PAGE}?asset=rusd`);
  await expect(page.getByTestId('details-balance')).toHaveText('7.0000');
  await expect(page.getByTestId('details-value')).toHaveText('No price');
  await expect(page.getByTestId('details-action-recharge')).toHaveAttribute('href', '#/pages/property/single');
  await expect(page.getByTestId('details-action-withdraw')).toHaveCount(0);
  await page.getByTestId('details-action-transfer').click();
  await expect.poll(() => app.hashPath()).toBe(`${TRANSFER_PAGE}?asset=rusd`);
  await expect(page.getByTestId('transfer-asset')).toHaveValue('rusd');
  await expect(page.getByTestId('transfer-available')).toHaveText('Available: 7.0000 RUSD');

  // The row template's address opens the same page; an unknown asset goes back to the balances, and so does the
  // old holdings address.
  await app.goto(`${DETAILS_ROW_PAGE}?asset=usdt`);
  await expect.poll(() => app.hashPath()).toBe(`${DETAILS_PAGE}?asset=usdt`);
  await expect(page.getByTestId('details-balance')).toHaveText('300.0000');
  await app.goto(`${DETAILS_PAGE}?asset=doge`);
  await expect.poll(() => app.hashPath()).toBe(BALANCES_PAGE);
  await app.goto(OLD_HOLDINGS_PAGE);
  await expect.poll(() => app.hashPath()).toBe(BALANCES_PAGE);
  await expect(page.getByTestId('holding-amount-usdt')).toHaveText('300.0000');
});

test("an asset's fund log shows 20 lines, then the rest on 'load more', newest first", async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  // 23 USDT lines of 1..23, and one coin line that must not show on the USDT page.
  for (let i = 1; i <= 23; i++) await api.fund(user.uid, 'usdt', String(i), `e2e line ${i}`);
  await api.fund(user.uid, 'coin', '5');
  await app.signIn();

  await app.goto(`${DETAILS_PAGE}?asset=usdt`);
  await expect(page.getByTestId('details-balance')).toHaveText('276.0000');
  const lines = app.billLines();
  await expect(lines).toHaveCount(20);
  await expect(lines.first().getByTestId('bill-amount')).toHaveText('+23.0000 USDT');
  await expect(lines.first()).toContainText('Balance 276.0000');
  await expect(lines.nth(19).getByTestId('bill-amount')).toHaveText('+4.0000 USDT');
  await expect(page.getByTestId('details-load-more-end')).toHaveCount(0);

  await page.getByTestId('details-load-more').click();
  await expect(lines).toHaveCount(23);
  await expect(lines.last().getByTestId('bill-amount')).toHaveText('+1.0000 USDT');
  await expect(lines.last()).toContainText('e2e line 1');
  await expect(lines.last()).toContainText('Balance 1.0000');
  await expect(page.getByTestId('details-load-more')).toHaveCount(0);
  await expect(page.getByTestId('details-load-more-end')).toHaveText('No more records');

  // The coin's page has only its own line.
  await app.goto(`${DETAILS_PAGE}?asset=coin`);
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByTestId('bill-amount')).toHaveText('+5.0000 RSC');
});

test("'Insufficient balance' on a RUSD transfer offers the RUSD charge, by USDT or by BNB", async ({ page, wallet, api, app }) => {
  await api.signInViaApi(wallet.privateKey);
  const recipient = await api.signInViaApi(generatePrivateKey());
  await app.signIn();

  await app.goto(`${TRANSFER_PAGE}?asset=rusd`);
  await expect(page.getByTestId('transfer-asset')).toHaveValue('rusd');
  await page.getByTestId('transfer-address').fill(recipient.account);
  await page.getByTestId('transfer-amount').fill('5');
  await page.getByTestId('transfer-submit').click();
  const prompt = page.getByTestId('transfer-recharge-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Buy RUSD with USDT from your balance, or with BNB from your wallet.');
  await expect(prompt.getByTestId('transfer-charge-usdt')).toHaveAttribute('href', '#/pages/property/single');
  await prompt.getByTestId('transfer-charge-bnb').click();
  await expect.poll(() => app.hashPath()).toBe('/pages/property/single?pay=bnb');
  await expect(page.getByTestId('charge-method-bnb')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bnb-form')).toBeVisible();
  // Nothing moved.
  expect((await api.bills(recipient.token)).length).toBe(0);
});

test("the withdrawal records show 20, then the rest on 'load more'", async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  // 21 withdrawals of 102..122 USDT, each with the 1 USDT fee.
  await api.fund(user.uid, 'usdt', '2373');
  await api.data('POST', '/api/user/password', { token: user.token, body: { password: '246810', confirm: '246810' } });
  for (let amount = 102; amount <= 122; amount++) {
    await api.data('POST', '/api/finance/extract', { token: user.token, body: { amount: String(amount), password: '246810' } });
  }
  await app.signIn();

  await app.goto('/pages/property/withdrawal');
  const rows = page.getByTestId('withdrawal-row');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('122.0000 USDT');
  await expect(rows.first()).toHaveAttribute('data-status', 'pending');
  await expect(rows.nth(19)).toContainText('103.0000 USDT');
  await page.getByTestId('withdrawals-load-more').click();
  await expect(rows).toHaveCount(21);
  await expect(rows.last()).toContainText('102.0000 USDT');
  await expect(page.getByTestId('withdrawals-load-more-end')).toHaveText('No more records');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Available: 0.0000 USDT');
});
