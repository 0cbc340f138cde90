/**
 * RUSD bought with BNB (pages/property/single, BNB tab): the injected wallet really pays BNB to the deposit
 * address on the suite's local chain, the app claims the hash, the payment shows pending until it has its
 * confirmations, then the server's watcher credits the RUSD and the page follows (decision 020).
 */
import { parseEther } from 'viem';
import { STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

const CHARGE_PAGE = '/pages/property/single';

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

test('pay 0.5 BNB from the wallet: pending, then credited as RUSD at the configured price', async ({ page, wallet, api, app, chain }) => {
  // `chain` holds the local chain for this test: its confirmations are counted block by block.
  test.setTimeout(90_000);
  const user = await api.signInViaApi(wallet.privateKey);
  await chain.setGasBalance(wallet.address, parseEther('10'));
  await app.signIn();

  await app.goto(`${CHARGE_PAGE}?pay=bnb`);
  await expect(page.getByTestId('charge-method-bnb')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bnb-rusd-balance')).toHaveText('RUSD balance: 0.0000');
  await page.getByTestId('bnb-amount').fill('0.5');
  // The server's defaults: 600 USDT per BNB, 1 RUSD per USDT.
  await expect(page.getByTestId('bnb-price')).toHaveText('1 BNB = 600.0000 USDT');
  await expect(page.getByTestId('bnb-rusd')).toHaveText('300.0000 RUSD');

  await page.getByTestId('bnb-submit').click();
  await expect(app.toast()).toHaveText('Payment sent, waiting for confirmations');
  const sent = wallet.paramsOf('eth_sendTransaction')[0] as [{ from: string; to: string; value: string; data?: string }];
  expect(sent[0].to.toLowerCase()).toBe(chain.depositAddress.toLowerCase());
  expect(BigInt(sent[0].value)).toBe(parseEther('0.5'));
  expect(sent[0].data).toBeUndefined();

  // Mined in one block; two confirmations are needed.
  const row = page.getByTestId('bnb-charge-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row.getByTestId('bnb-charge-confirmations')).toHaveText('Confirmations 1/2');

  // One more block: the watcher credits it, the page's polling shows it and the balance follows.
  await chain.mine(1);
  await expect(row).toHaveAttribute('data-status', 'credited', { timeout: 20_000 });
  await expect(row.getByTestId('bnb-charge-amount')).toHaveText('0.5000 BNB');
  await expect(row.getByTestId('bnb-charge-rusd')).toHaveText('+300.0000 RUSD');
  await expect(page.getByTestId('bnb-rusd-balance')).toHaveText('RUSD balance: 300.0000');

  const info = await api.userInfo(user.token);
  expect(info.balances.find((b) => b.key === 'rusd')?.amount).toBe('300.00000000');
  const bills = await api.bills(user.token, 'rusd');
  expect(bills).toEqual([expect.objectContaining({ asset: 'rusd', amount: '300.00000000', kind: 'rusd_charge_bnb' })]);
});
