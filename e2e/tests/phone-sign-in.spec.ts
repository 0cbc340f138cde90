/**
 * Phone sign-in in the browser (decision 076) against a loopback SMS gateway: bind a phone on the profile page (the
 * send button counts down 60 s), then, signed out, sign in with the phone and a texted code.
 */
import { startSmsFake, type SmsFake } from '../../apps/server/src/test/sms-fake';
import { STORAGE } from '../fixtures/app';
import { signInOnOwnServer } from '../fixtures/own-app';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';

let fake: SmsFake;
let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  fake = await startSmsFake();
  server = await startOwnServer('phone', { SMS_PROVIDER_URL: fake.url, SMS_PROVIDER_TOKEN: fake.token });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

test('bind a phone on the profile page, then sign in with it', async ({ page, wallet, app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const phone = '+886912000111';
  await signInOnOwnServer(page, server);
  const account = wallet.address.toLowerCase();

  await page.goto(`${server.origin}/index/#/pages/user/setInfo`);
  await page.getByTestId('phone-bind-form-phone').fill(phone);
  await page.getByTestId('phone-bind-form-send').click();
  await expect(page.getByTestId('phone-bind-form-send')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('phone-bind-form-send')).toBeDisabled();
  await expect.poll(() => fake.messages.length).toBe(1);
  await page.getByTestId('phone-bind-form-code').fill(fake.lastCode(phone));
  await page.getByTestId('phone-bind-form-submit').click();
  await expect(page.getByTestId('phone-current')).toHaveText('Bound: +886******111');

  // Signed out on this device (and no automatic wallet sign-in), then in again by phone.
  await page.evaluate(
    ([token, loggedOut]) => {
      window.localStorage.removeItem(token);
      window.localStorage.setItem(loggedOut, '1');
    },
    [STORAGE.token, STORAGE.loggedOut] as const,
  );
  await page.goto(`${server.origin}/index/#/pages/index/index`);
  await page.reload();
  await page.getByTestId('sign-in-phone').click();
  await page.getByTestId('phone-sign-in-form-phone').fill(phone);
  await page.getByTestId('phone-sign-in-form-send').click();
  await expect.poll(() => fake.messages.length).toBe(2);
  await page.getByTestId('phone-sign-in-form-code').fill(fake.lastCode(phone));
  await page.getByTestId('phone-sign-in-form-submit').click();
  await expect(page.getByTestId('balance-usdt')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.account)).toBe(account);
});
