/** A transfer between users (spec §1 funds area) lands in both users' bills, in the app and the API. */
import { generatePrivateKey } from 'viem/accounts';
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test("a transfer from A to B shows in both users' bills", async ({ page, wallet, api, app, openUserSession }) => {
  const alice = await api.signInViaApi(wallet.privateKey);
  await api.fund(alice.uid, 'usdt', '100');
  const bob = await api.signInViaApi(generatePrivateKey());

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await expect(app.balance('usdt')).toHaveText('100.0000');

  await app.goto(PAGES.transfer);
  await page.getByTestId('transfer-asset').selectOption('usdt');
  await page.getByTestId('transfer-address').fill(bob.account);
  await page.getByTestId('transfer-amount').fill('12.5');
  await page.getByTestId('transfer-submit').click();
  await expect(app.toast()).toHaveText('Transfer successful');

  // A's side, in the app: the bill line and the balance.
  await app.goto(PAGES.bills);
  await expect(app.billLines().filter({ hasText: '-12.5000' })).toHaveCount(1);
  await app.goto(PAGES.home);
  await expect(app.balance('usdt')).toHaveText('87.5000');

  // B's side, through the API.
  const bobBills = await api.bills(bob.token);
  expect(bobBills).toContainEqual(expect.objectContaining({ asset: 'usdt', kind: 'transfer_in', amount: '12.50000000' }));

  // B's side, in B's own browser with B's wallet.
  const bobPhone = await openUserSession({ privateKey: bob.privateKey });
  await bobPhone.app.signIn();
  await expect(bobPhone.app.balance('usdt')).toHaveText('12.5000');
  await bobPhone.app.goto(PAGES.bills);
  await expect(bobPhone.app.billLines().filter({ hasText: '+12.5000' })).toHaveCount(1);
});
