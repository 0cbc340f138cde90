/**
 * A transfer between users (spec §1 funds area; issue 10): by uid or address, through a confirmation sheet that
 * names the recipient and takes the transaction password, which the server checks. It lands in both users' bills.
 */
import { generatePrivateKey } from 'viem/accounts';
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

const PASSWORD = '258036';
const masked = (account: string) => `${account.slice(0, 4)}...${account.slice(-4)}`;

test("a transfer by uid is confirmed with the password; a wrong one moves nothing; both users' bills show it", async ({
  page,
  wallet,
  api,
  app,
  openUserSession,
}) => {
  const alice = await api.signInViaApi(wallet.privateKey);
  await api.fund(alice.uid, 'usdt', '100');
  await api.setPayPassword(alice.token, PASSWORD);
  const bob = await api.signInViaApi(generatePrivateKey());

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await expect(app.balance('usdt')).toHaveText('100.0000');

  await app.goto(PAGES.transfer);
  await page.getByTestId('transfer-asset').selectOption('usdt');
  await page.getByTestId('transfer-address').fill(String(bob.uid));
  await page.getByTestId('transfer-amount').fill('12.5');
  await page.getByTestId('transfer-submit').click();

  // The sheet names who receives it, as the server knows them, and what moves.
  const sheet = page.getByTestId('transfer-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('transfer-sheet-nickname')).toHaveText('No nickname');
  await expect(sheet.getByTestId('transfer-sheet-uid')).toHaveText(`UID ${bob.uid}`);
  await expect(sheet.getByTestId('transfer-sheet-address')).toHaveText(masked(bob.account));
  await expect(sheet.getByTestId('transfer-sheet-amount')).toHaveText('12.5 USDT');
  await expect(sheet.getByTestId('transfer-sheet-receives')).toHaveText('12.5 USDT');
  await expect(sheet.getByTestId('transfer-sheet-total')).toHaveText('12.5 USDT');

  // A wrong password: the server refuses, the sheet says so and stays open, nothing moves.
  await sheet.getByTestId('transfer-password').fill('000000');
  await sheet.getByTestId('transfer-confirm').click();
  await expect(sheet.getByTestId('transfer-sheet-error')).toHaveText('Incorrect transaction password');
  expect((await api.userInfo(alice.token)).balances.find((b) => b.key === 'usdt')!.amount).toBe('100.00000000');
  expect(await api.bills(bob.token)).toHaveLength(0);

  await sheet.getByTestId('transfer-password').fill(PASSWORD);
  // A tap within 500 ms of the refused one is ignored (the double-tap guard): tap again until it is taken. A taken tap
  // closes the sheet once the server answers, which under load can take longer than a retry's second: tap only while
  // the sheet is still open, and wait for the toast on its own.
  await expect(async () => {
    if (await sheet.isVisible()) await sheet.getByTestId('transfer-confirm').click({ timeout: 1000 });
    await expect(sheet).toBeHidden({ timeout: 1000 });
  }).toPass();
  await expect(app.toast()).toHaveText('Transfer successful');

  // Bob is now a recent recipient: one tap fills his uid.
  const recent = page.getByTestId('transfer-recent-item');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(`UID ${bob.uid}`);
  await recent.click();
  await expect(page.getByTestId('transfer-address')).toHaveValue(String(bob.uid));

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

test('a recipient that is not an address or uid, or nobody, is named as such; Paste and Max fill the form', async ({ page, wallet, api, app, context }) => {
  const carol = await api.signInViaApi(wallet.privateKey);
  await api.fund(carol.uid, 'usdt', '40');
  await api.setPayPassword(carol.token, PASSWORD);
  const dan = await api.signInViaApi(generatePrivateKey());

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(`${PAGES.transfer}?asset=usdt`);
  await page.getByTestId('transfer-amount').fill('1');

  const error = page.getByTestId('transfer-recipient-error');
  await page.getByTestId('transfer-address').fill('0x12345');
  await page.getByTestId('transfer-submit').click();
  await expect(error).toHaveText('Not a valid address or UID');
  await expect(page.getByTestId('transfer-sheet')).toHaveCount(0);

  await page.getByTestId('transfer-address').fill('0x000000000000000000000000000000000000dEaD');
  await expect(error).toHaveCount(0);
  // A submit within 500 ms of the last is ignored (the double-tap guard): tap again until it is taken.
  await expect(async () => {
    await page.getByTestId('transfer-submit').click();
    await expect(error).toHaveText('No such user: no one has this address or uid', { timeout: 1000 });
  }).toPass();

  // Paste takes the clipboard (here: Dan's address); Max the whole balance less the fee.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), dan.account);
  await page.getByTestId('transfer-paste').click();
  await expect(page.getByTestId('transfer-address')).toHaveValue(dan.account);
  await page.getByTestId('transfer-max').click();
  await expect(page.getByTestId('transfer-amount')).toHaveValue('40');
  // The last submit may be under 500 ms ago (the double-tap guard): tap again until the sheet opens. Once it is open
  // it covers the button, so a slow lookup of the recipient is waited for, not tapped through again.
  await expect(async () => {
    if ((await page.getByTestId('transfer-sheet').count()) === 0) await page.getByTestId('transfer-submit').click({ timeout: 1000 });
    await expect(page.getByTestId('transfer-sheet')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('transfer-sheet-uid')).toHaveText(`UID ${dan.uid}`);
  await page.getByTestId('transfer-password').fill(PASSWORD);
  await page.getByTestId('transfer-confirm').click();
  await expect(app.toast()).toHaveText('Transfer successful');
  expect((await api.userInfo(dan.token)).balances.find((b) => b.key === 'usdt')!.amount).toBe('40.00000000');
});

test('without a transaction password the transfer sends the user to set one, then back to the transfer as it was', async ({ page, wallet, api, app }) => {
  const erin = await api.signInViaApi(wallet.privateKey);
  await api.fund(erin.uid, 'usdt', '10');
  const frank = await api.signInViaApi(generatePrivateKey());

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(`${PAGES.transfer}?asset=usdt`);
  await page.getByTestId('transfer-address').fill(frank.account);
  // More than the balance: the top-up sheet, in the transfer's own words (not "…then exchange again").
  await page.getByTestId('transfer-amount').fill('50');
  await page.getByTestId('transfer-submit').click();
  const prompt = page.getByTestId('transfer-recharge-prompt');
  await expect(prompt).toContainText('Insufficient balance');
  await expect(prompt).toContainText('Deposit USDT to your balance, then transfer again.');
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();

  await page.getByTestId('transfer-amount').fill('3');
  await expect(async () => {
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-no-password')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByTestId('transfer-no-password').getByTestId('transfer-set-password').click();
  await expect.poll(() => app.hashPath()).toMatch(/^\/pages\/user\/password\?back=/);
  await expect(page.getByTestId('password-mode')).toHaveText('Set a 6-digit transaction password to confirm withdrawals and transfers');

  await page.getByTestId('password-new').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('password-submit').click();
  // The first password is "set", not "changed"; the user is back on the transfer with what they typed.
  await expect(app.toast()).toHaveText('Transaction password set');
  await expect.poll(() => app.hashPath()).toMatch(/^\/pages\/property\/transfer\?/);
  await expect(page.getByTestId('transfer-address')).toHaveValue(frank.account);
  await expect(page.getByTestId('transfer-amount')).toHaveValue('3');

  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-password').fill(PASSWORD);
  await page.getByTestId('transfer-confirm').click();
  await expect(app.toast()).toHaveText('Transfer successful');
  expect((await api.userInfo(frank.token)).balances.find((b) => b.key === 'usdt')!.amount).toBe('3.00000000');
});
