/**
 * Phone sign-in in the browser (decisions 076, 118) against a loopback SMS gateway: bind a phone on the profile page
 * (the send button counts down 60 s), then, signed out, sign in with the phone and a texted code; and, in six languages
 * at 360 and 390 px (issue 25 §10), a local number with the country picked, refusals under their field that stay.
 */
import { generatePrivateKey } from 'viem/accounts';
import { SUBMIT_DEBOUNCE_MS, TOAST_MS } from '@reef/contract';
import { message } from '../../apps/server/src/i18n/messages';
import { startSmsFake, type SmsFake } from '../../apps/server/src/test/sms-fake';
import { STORAGE } from '../fixtures/app';
import { expectFits, LANGUAGES, say } from '../fixtures/catalogue';
import { ownServerApi, signInOnOwnServer } from '../fixtures/own-app';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';

let fake: SmsFake;
let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  fake = await startSmsFake();
  // Every send comes from 127.0.0.1: the per-address budget would end the six-language walk, not test anything.
  // Every sign-in of these specs comes from one address: the owners' wallet sign-ins (a nonce and a sign-in each) and
  // twelve phone attempts inside a minute would meet the per-address budget (20 a minute), which is not tested here.
  server = await startOwnServer('phone', {
    SMS_PROVIDER_URL: fake.url,
    SMS_PROVIDER_TOKEN: fake.token,
    SMS_PER_IP_PER_HOUR: '1000',
    SIGN_IN_PER_MINUTE: '200',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

test('bind a phone on the profile page, then sign in with it', async ({ page, wallet, app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  // Typed with '+': its own country, whatever the picker says (en-us starts at +1).
  const typed = '+886 912 000 100';
  const phone = '+886912000100';
  await signInOnOwnServer(page, server);
  const account = wallet.address.toLowerCase();

  await page.goto(`${server.origin}/index/#/pages/user/setInfo`);
  await expect(page.getByTestId('phone-bind-form-country')).toHaveValue('US');
  await page.getByTestId('phone-bind-form-phone').fill(typed);
  await page.getByTestId('phone-bind-form-send').click();
  await expect(page.getByTestId('phone-bind-form-send')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('phone-bind-form-send')).toBeDisabled();
  await expect.poll(() => fake.messages.length).toBe(1);
  await page.getByTestId('phone-bind-form-code').fill(fake.lastCode(phone));
  await page.getByTestId('phone-bind-form-submit').click();
  await expect(page.getByTestId('phone-current')).toHaveText('Bound: +886******100');

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
  await page.getByTestId('phone-sign-in-form-phone').fill(typed);
  await page.getByTestId('phone-sign-in-form-send').click();
  await expect.poll(() => fake.messages.length).toBe(2);
  await page.getByTestId('phone-sign-in-form-code').fill(fake.lastCode(phone));
  await page.getByTestId('phone-sign-in-form-submit').click();
  await expect(page.getByTestId('balance-usdt')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.account)).toBe(account);
});

/** The country each language's picker starts at (decision 118). */
const START_COUNTRY = { 'zh-tw': 'TW', 'zh-cn': 'CN', 'en-us': 'US', 'pt-br': 'BR', 'de-de': 'DE', 'ru-ru': 'RU' } as const;

test('a local number with the country picked signs in; refusals stay under their field (six languages, 360 and 390 px)', async ({ page, request }) => {
  // Six sign-ins with a look at each refusal, on a shared 2-core machine.
  test.setTimeout(240_000);
  // A number per language, each bound to an account of its own: a number's next code waits 60 s after its last.
  const numbers = LANGUAGES.map((_, index) => ({ local: `09120001${11 + index}`, e164: `+8869120001${11 + index}` }));
  const api = ownServerApi(request, server);
  const owners: string[] = [];
  for (const { e164 } of numbers) {
    const owner = await api.signInViaApi(generatePrivateKey());
    await api.data('POST', '/api/register', { token: owner.token, body: { phone: e164, purpose: 'bind' } });
    await api.data('POST', '/api/register/verify', { token: owner.token, body: { phone: e164, code: await fake.nextCode(e164) } });
    owners.push(owner.account.toLowerCase());
  }

  await page.goto(`${server.origin}/index/#/pages/index/index`);
  for (const [index, language] of LANGUAGES.entries()) {
    const { local, e164 } = numbers[index]!;
    const [width, otherWidth] = index % 2 === 0 ? [360, 390] : [390, 360];
    await page.setViewportSize({ width, height: 740 });
    // Signed out, in this language, from a fresh document: the sheet of the language before is gone with it.
    await page.evaluate(
      ([keys, code]) => {
        window.localStorage.removeItem(keys.token);
        window.localStorage.removeItem(keys.account);
        window.localStorage.setItem(keys.loggedOut, '1');
        window.localStorage.setItem(keys.language, code);
      },
      [STORAGE, language] as const,
    );
    await page.goto(`${server.origin}/index/#/pages/index/index`);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));
    await page.getByTestId('sign-in-phone').click();

    const sheet = page.getByTestId('phone-sign-in');
    const country = page.getByTestId('phone-sign-in-form-country');
    const number = page.getByTestId('phone-sign-in-form-phone');
    const numberError = page.getByTestId('phone-sign-in-form-phone-error');
    const code = page.getByTestId('phone-sign-in-form-code');
    const codeError = page.getByTestId('phone-sign-in-form-code-error');
    await expect(country).toHaveValue(START_COUNTRY[language]);
    await country.selectOption('TW');
    await expect(country.locator('option:checked')).toHaveText(/^\+886 /);

    // A number that is not one: said under the field, in the language, tied to the input.
    await number.fill('12345');
    await page.getByTestId('phone-sign-in-form-send').click();
    await expect(numberError).toHaveText(say(language, 'phone.invalid'));
    await expect(numberError).toHaveAttribute('role', 'alert');
    await expect(number).toHaveAttribute('aria-describedby', (await numberError.getAttribute('id'))!);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(fake.sentTo(e164)).toBe(1);

    // The local number as people type it, with the trunk 0: editing the field takes the refusal away.
    await number.fill(local);
    await expect(numberError).toBeHidden();
    await page.getByTestId('phone-sign-in-form-send').click();
    await expect(page.getByTestId('phone-sign-in-form-send')).toBeDisabled();
    await expect(numberError).toBeHidden();
    const right = await fake.nextCode(e164);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');

    // A wrong code: the server's message in the language, under the code; in the first language it is still there
    // once a toast would be gone (the same component in every language, so one wait shows it; decision 129).
    await code.fill(wrong);
    await page.getByTestId('phone-sign-in-form-submit').click();
    await expect(codeError).toHaveText(message(language, 'PHONE_CODE_INVALID'));
    await expect(codeError).toHaveAttribute('role', 'alert');
    await expect(code).toHaveAttribute('aria-describedby', (await codeError.getAttribute('id'))!);
    if (index === 0) await page.waitForTimeout(TOAST_MS + 1_000);
    await expect(codeError).toBeVisible();
    await expectFits(page, sheet);
    await page.setViewportSize({ width: otherWidth, height: 740 });
    await expect(codeError).toBeVisible();
    await expectFits(page, sheet);

    // The right code signs in to the account the number is bound to. A person types it well after the wrong one's
    // tap; the form ignores a second tap within SUBMIT_DEBOUNCE_MS of the first (a double tap), so the spec waits it out.
    await page.waitForTimeout(SUBMIT_DEBOUNCE_MS);
    await code.fill(right);
    await expect(codeError).toBeHidden();
    await page.getByTestId('phone-sign-in-form-submit').click();
    await expect(page.getByTestId('balance-usdt')).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.account)).toBe(owners[index]);
  }
});
