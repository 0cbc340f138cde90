/**
 * user/record (decision 091): the user's deposit and withdrawal records, a tab each, reached from Mine. A real USDT
 * deposit from the injected wallet to the suite's local chain (credited after its confirmations) and a withdrawal
 * through the real API; the page shows both, and a withdrawal opens its detail.
 */
import { parseUnits } from 'viem';
import type { Deposit } from '@reef/contract';
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('Mine → Records lists the deposits and the withdrawals, and a withdrawal opens its detail', async ({ page, wallet, api, app, chain }) => {
  // `chain` holds the local chain for this test: its confirmations are counted block by block.
  test.setTimeout(120_000);
  const user = await api.signInViaApi(wallet.privateKey);
  await chain.setGasBalance(wallet.address);
  await chain.mint(chain.usdt, wallet.address, parseUnits('500', 18));

  // A deposit paid by the wallet on the recharge page, credited once confirmed.
  await app.signIn();
  await app.goto(PAGES.recharge);
  await page.getByTestId('recharge-amount').fill('300');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('deposit-row')).toHaveCount(1);
  await chain.mine(1);
  await expect(page.getByTestId('deposit-row')).toHaveAttribute('data-status', 'credited', { timeout: 20_000 });
  const deposits = await api.data<{ list: Deposit[] }>('GET', '/api/finance/recharges?page=1&limit=20', { token: user.token });
  const txHash = deposits.list[0]!.tx_hash!;

  // A withdrawal of 150 USDT through the API: it waits for review.
  await api.setPayPassword(user.token, '246810');
  await api.data('POST', '/api/finance/extract', { token: user.token, body: { amount: '150', password: '246810' } });

  // Mine has the row; it opens the records on the deposits tab.
  await app.goto(PAGES.mine);
  await page.getByTestId('mine-records').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.records);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Records');
  await expect(page.getByTestId('record-tab-deposits')).toHaveAttribute('aria-selected', 'true');
  const deposit = page.getByTestId('deposit-row');
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toHaveAttribute('data-status', 'credited');
  await expect(deposit).toContainText('300.0000 USDT');
  await expect(deposit.locator(`[title="${txHash}"]`)).toHaveText(`${txHash.slice(0, 10)}…${txHash.slice(-8)}`);
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(0);

  // The withdrawals tab, kept in the URL.
  await page.getByTestId('record-tab-withdrawals').click();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.records}?tab=withdrawals`);
  await expect(page.getByTestId('record-tab-withdrawals')).toHaveAttribute('aria-selected', 'true');
  const withdrawal = page.getByTestId('withdrawal-row');
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toHaveAttribute('data-status', 'pending');
  await expect(withdrawal).toContainText('150.0000 USDT');
  await expect(page.getByTestId('deposit-row')).toHaveCount(0);

  // The row opens the withdrawal's detail; back returns to the same tab.
  const pending = (await api.pendingWithdrawals()).find((w) => w.uid === user.uid);
  expect(pending).toMatchObject({ asset: 'usdt', amount: '150.00000000' });
  await withdrawal.click();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.withdrawal}/${pending!.id}`);
  const detail = page.getByTestId('withdrawal-detail');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  await expect(detail.getByTestId('withdrawal-detail-amount')).toHaveText('150.0000 USDT');
  await page.goBack();
  await expect.poll(() => app.hashPath()).toBe(`${PAGES.records}?tab=withdrawals`);
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
});
