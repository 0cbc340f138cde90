/**
 * A refused token (status 410002) forces a logout that keeps the current page; signing in again
 * returns there (spec §4, §8).
 */
import { PAGES, SIGN_IN_TIMEOUT_MS, STORAGE } from '../fixtures/app';
import { STATUS_TOKEN_EXPIRED } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('a revoked token logs out, and signing in again returns to the saved page', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '5');
  const oldToken = await app.signIn();
  await app.goto(PAGES.bills);
  await expect(app.billLines()).toHaveCount(1);

  const requestsBefore = wallet.requests.length;
  await app.recordStorageRemovals();
  // Revoke the token server-side: the next call with it is refused.
  await api.logout(oldToken);
  const refused = await api.call('GET', '/api/user/info', { token: oldToken });
  expect(refused.httpStatus).toBe(401);
  expect(refused.body.status).toBe(STATUS_TOKEN_EXPIRED);

  // The app drops the token by whichever refusal reaches it first: the chat socket, which logout now closes
  // with 4401 at once (decision 037), or the first authenticated HTTP call after the reload (401, 410002).
  // Both keep the current page for the next sign-in.
  await page.reload();

  // The start-up check signs in by itself when the refusal has already dropped the token
  // (eth_requestAccounts); when it still saw the old token (eth_accounts), the login prompt waits for a click.
  await expect
    .poll(
      () =>
        wallet
          .methods()
          .slice(requestsBefore)
          .find((m) => m === 'eth_requestAccounts' || m === 'eth_accounts'),
      {
        timeout: SIGN_IN_TIMEOUT_MS,
      },
    )
    .toBeDefined();
  const automatic = wallet.methods().slice(requestsBefore).includes('eth_requestAccounts');
  test.info().annotations.push({ type: 'sign-in again', description: automatic ? 'automatic' : 'login prompt' });
  if (!automatic) await page.getByTestId('login-prompt-sign-in').click();

  const newToken = await app.waitForToken({ previous: oldToken });
  // The saved page is taken just before the app navigates back to it.
  await expect.poll(() => app.storage(STORAGE.returnUrl)).toBeNull();
  // The forced logout saved the page (return_url, removed once used) and the new token replaced the refused one.
  expect(await app.removedStorageKeys()).toContain(STORAGE.returnUrl);
  expect(newToken).not.toBe(oldToken);
  await expect.poll(() => app.hashPath()).toBe(PAGES.bills);
  await expect(app.billLines()).toHaveCount(1);
  await expect(page.getByTestId('login-prompt')).toBeHidden();
  expect((await api.userInfo(newToken)).uid).toBe(user.uid);
});
