/**
 * The funds round trip of the deposits-and-withdrawals issue: a USDT deposit sent from the injected
 * wallet to the suite's local chain is pending, then credited once confirmed; part of it is exchanged
 * for the coin and the price moves; a withdrawal (after setting the transaction password) is approved
 * by an operator and the user sees the payout hash.
 */
import { parseUnits, type Hex } from 'viem';
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

/** An exact decimal as 10⁻⁸ units, for comparing amounts the page shows without floats. */
function units(text: string | null): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec((text ?? '').trim().replace(/,/g, ''));
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1]!) * 10n ** 8n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

const PAYOUT_HASH = `0x${'ab'.repeat(32)}` as Hex;

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('deposit USDT from the wallet, exchange some, withdraw and see the payout', async ({ page, wallet, api, app, chain }) => {
  // `chain` holds the local chain for this test: its confirmations are counted block by block.
  test.setTimeout(120_000);
  const user = await api.signInViaApi(wallet.privateKey);
  await chain.setGasBalance(wallet.address);
  await chain.mint(chain.usdt, wallet.address, parseUnits('500', 18));
  await api.ensureMainLake();

  // Deposit: the wallet sends transfer(deposit address, 300 USDT); the app claims the hash.
  await app.signIn();
  await app.goto(PAGES.recharge);
  await expect(page.getByTestId('recharge-asset').getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('recharge-balance')).toHaveText('Available: 0.0000 USDT');
  // Where the wallet pays is shown before paying (decision 042).
  await expect(page.getByTestId('deposit-address')).toHaveText(chain.depositAddress);
  // The QR code (a lazy chunk) encodes the same address: a 42-character address at level M is a version-3 code, 29 modules + 2 × 2 border.
  await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-size', '33');
  await expect(page.getByTestId('deposit-network')).toContainText('BNB Smart Chain (BEP-20)');
  await expect(page.getByTestId('deposit-confirmations')).toHaveText('2');
  await page.getByTestId('recharge-amount').fill('300');
  await page.getByTestId('recharge-submit').click();
  await expect(app.toast()).toHaveText('Deposit submitted, please wait for review');
  const row = page.getByTestId('deposit-row');
  await expect(row).toHaveCount(1);
  // Mined in one block; two confirmations are needed.
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row.getByTestId('deposit-confirmations')).toHaveText('Confirmations 1/2');
  expect(await chain.balanceOf(chain.usdt, chain.depositAddress)).toBe(parseUnits('300', 18));
  const sent = wallet.paramsOf('eth_sendTransaction')[0] as [{ to: string; data: string }];
  expect(sent[0].to.toLowerCase()).toBe(chain.usdt.toLowerCase());
  expect(sent[0].data.startsWith('0xa9059cbb')).toBe(true);

  // One more block: the server's watcher credits it, the page's polling shows it, the balance follows.
  await chain.mine(1);
  await expect(row).toHaveAttribute('data-status', 'credited', { timeout: 20_000 });
  await expect(page.getByTestId('recharge-balance')).toHaveText('Available: 300.0000 USDT');
  expect((await api.userInfo(user.token)).balances.find((b) => b.key === 'usdt')!.amount).toBe('300.00000000');

  // Exchange 100 USDT for the coin: the price moves up.
  const before = units((await api.mainLake())!.price);
  await app.goto(PAGES.exchange);
  await expect(page.getByTestId('exchange-available')).toHaveText('Available: 300.0000 USDT');
  await page.getByTestId('exchange-amount').fill('100');
  await expect(page.getByTestId('exchange-quote-out')).toHaveText(/^\d+\.\d{4}$/);
  await page.getByTestId('exchange-submit').click();
  await expect(app.toast()).toHaveText('Exchange successful');
  await app.goto(PAGES.home);
  await expect(app.balance('usdt')).toHaveText('200.0000');
  await expect.poll(async () => units(await page.getByTestId('coin-price').textContent()), { message: 'the coin price rose' }).toBeGreaterThan(before);

  // Withdraw 150 USDT: no transaction password yet, so the app sends the user to set one.
  await app.goto(PAGES.withdrawal);
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Available: 200.0000 USDT');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1.0000 USDT');
  await page.getByTestId('withdraw-amount').fill('100');
  await page.getByTestId('withdraw-submit').click();
  await expect(app.toast()).toHaveText('The withdrawal amount must be greater than 100.00');
  await page.getByTestId('withdraw-amount').fill('150');
  await expect(page.getByTestId('withdraw-total')).toHaveText('151.0000 USDT');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-no-password').getByTestId('withdraw-set-password').click();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.password}?back=${encodeURIComponent(PAGES.withdrawal)}`);
  await page.getByTestId('password-new').fill('123456');
  await page.getByTestId('password-confirm').fill('123465');
  await page.getByTestId('password-submit').click();
  await expect(app.toast()).toHaveText('The two passwords do not match');
  // Submits within 500 ms of the last are ignored (double-tap guard): wait for the toast to go.
  await expect(app.toast()).toBeHidden();
  await page.getByTestId('password-confirm').fill('123456');
  await page.getByTestId('password-submit').click();
  // The first password is "set", not "changed", and the page returns to the withdrawal that sent the user there.
  await expect(app.toast()).toHaveText('Transaction password set');
  await expect.poll(() => app.hashPath()).toBe(PAGES.withdrawal);

  // The destination is the signed-in wallet, on the form and again on the confirm sheet.
  await expect(page.getByTestId('withdraw-destination')).toHaveText(wallet.address);
  await page.getByTestId('withdraw-amount').fill('150');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-sheet-destination')).toHaveText(wallet.address);
  await expect(page.getByTestId('withdraw-sheet-total')).toHaveText('151.0000 USDT');
  await page.getByTestId('withdraw-password').fill('123456');
  await page.getByTestId('withdraw-confirm').click();
  await expect(app.toast()).toHaveText('Withdrawal submitted');
  const withdrawal = page.getByTestId('withdrawal-row');
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Available: 49.0000 USDT');

  // An operator pays out and records the hash; the user sees it.
  const pending = (await api.pendingWithdrawals()).find((w) => w.uid === user.uid);
  expect(pending).toMatchObject({ asset: 'usdt', amount: '150.00000000', fee: '1.00000000' });
  await api.approveWithdrawal(pending!.id, PAYOUT_HASH);
  await page.reload();
  await expect(withdrawal).toHaveAttribute('data-status', 'approved');
  await expect(withdrawal.getByTestId('withdrawal-tx-hash')).toHaveText(`${PAYOUT_HASH.slice(0, 10)}…${PAYOUT_HASH.slice(-8)}`);
  await expect(withdrawal.getByTestId('withdrawal-tx-hash')).toHaveAttribute('title', PAYOUT_HASH);

  // The record opens its detail: the timeline requested → reviewed → paid, the whole hash and its explorer link.
  await withdrawal.click();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.withdrawal}/${pending!.id}`);
  const detail = page.getByTestId('withdrawal-detail');
  await expect(detail).toHaveAttribute('data-status', 'approved');
  await expect(detail.getByTestId('withdrawal-detail-amount')).toHaveText('150.0000 USDT');
  await expect(detail.getByTestId('withdrawal-detail-address')).toHaveText(wallet.address);
  for (const step of ['requested', 'reviewed', 'paid']) {
    await expect(detail.getByTestId(`timeline-${step}`)).toHaveAttribute('data-state', 'done');
    await expect(detail.getByTestId(`timeline-${step}`).locator('time')).toHaveCount(1);
  }
  await expect(detail.getByTestId('timeline-rejected')).toHaveCount(0);
  await expect(detail.getByTestId('withdrawal-detail-tx')).toHaveText(PAYOUT_HASH);
  await expect(detail.getByTestId('withdrawal-detail-explorer')).toHaveAttribute('href', `https://bscscan.com/tx/${PAYOUT_HASH}`);
  // An id that is not the user's (here: none at all) is refused by the server and said so, not shown as an error.
  await app.goto(`${PAGES.withdrawal}/${pending!.id + 1000}`);
  await expect(page.getByTestId('withdrawal-not-found')).toHaveText('This withdrawal does not exist');

  // The fund log says what each line was, in words, with the counterparty masked — never the raw memo.
  await app.goto(PAGES.bills);
  const lines = app.billLines();
  await expect(lines.filter({ hasText: 'Exchanged USDT for RSC' }).first()).toBeVisible();
  const own = wallet.address.toLowerCase();
  await expect(lines.filter({ hasText: `To your wallet ${own.slice(0, 6)}…${own.slice(-4)}` })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'usdt>coin' })).toHaveCount(0);
  await expect(lines.filter({ hasText: 'On-chain deposit 0x' })).toHaveCount(1);
  // The asset chips overflow a phone's width: the cut side shows a cue, and it moves as the row scrolls.
  const filters = page.getByTestId('bill-filters');
  await expect(filters).toHaveAttribute('data-more-end', 'true');
  await expect(filters).not.toHaveAttribute('data-more-start', 'true');
  await filters.getByRole('tablist').evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
  await expect(filters).toHaveAttribute('data-more-start', 'true');
  await expect(filters).not.toHaveAttribute('data-more-end', 'true');
});
