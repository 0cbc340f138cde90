/**
 * Issue 10, "Broken" 5, 8 and 9 (decision 044): a deep link opened without a session comes back after sign-in;
 * an explicit logout asks first and sticks across a reload, with no signature requested until the user taps Sign
 * in; a phone browser without a wallet is offered "open in" links to wallet apps, a desktop one keeps the toast.
 */
import { PAGES, SIGN_IN_TIMEOUT_MS, STORAGE } from '../fixtures/app';
import { expectFits, LANGUAGES, PHONES, say, switchLanguage } from '../fixtures/catalogue';
import { expect, test } from '../fixtures/test';

/** Chromium on Linux, as a desktop browser reports itself: no "Mobile", no "Android". */
const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test('a deep link opened without a session signs in and stays on the page asked for', async ({ page, wallet, app }) => {
  await app.goto(PAGES.exchange);

  await app.waitForToken();
  expect(wallet.methods()).toContain('personal_sign');
  // Sign-in used to navigate to Home here; now it returns to the page that was opened.
  await expect(page.getByTestId('not-logged-in')).toBeHidden({ timeout: SIGN_IN_TIMEOUT_MS });
  await expect.poll(() => app.hashPath()).toBe(PAGES.exchange);
  await expect.poll(() => app.storage(STORAGE.returnUrl)).toBeNull();
});

test('logout asks first, then sticks: a reload requests no signature until Sign in is tapped', async ({ page, wallet, api, app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const firstToken = await app.signIn();
  await app.goto(PAGES.mine);

  // Cancelling the confirmation keeps the session.
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('logout-confirm')).toBeVisible();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('logout-confirm')).toBeHidden();
  expect(await app.storage(STORAGE.token)).toBe(firstToken);

  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm-yes').click();
  await expect(app.toast()).toHaveText('You have logged out');
  await expect.poll(() => app.storage(STORAGE.token)).toBeNull();
  expect(await app.storage(STORAGE.loggedOut)).toBe('1');
  // The server ended the session too.
  expect((await api.call('GET', '/api/user/info', { token: firstToken })).httpStatus).toBe(401);
  // A deliberate logout is not a forced one: the page's calls stopped before the token was revoked, so none came back
  // refused and no 'Your session has ended' prompt opened.
  await expect(page.getByTestId('login-prompt')).toHaveCount(0);

  const requestsBefore = wallet.requests.length;
  await page.reload();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  // Longer than wallet discovery (3 s), after which the start-up check used to sign in by itself.
  await page.waitForTimeout(4_000);
  const afterReload = wallet.methods().slice(requestsBefore);
  expect(afterReload).not.toContain('eth_requestAccounts');
  expect(afterReload).not.toContain('personal_sign');
  expect(await app.storage(STORAGE.token)).toBeNull();

  await page.getByTestId('sign-in').click();
  const secondToken = await app.waitForToken();
  expect(secondToken).not.toBe(firstToken);
  expect(wallet.methods().slice(requestsBefore)).toContain('personal_sign');
  await expect.poll(() => app.storage(STORAGE.loggedOut)).toBeNull();
  expect((await api.userInfo(secondToken)).account).toBe(wallet.address);
});

test.describe('a phone browser without a wallet', () => {
  test('offers to reopen the current page in five wallet apps, in the card and on Sign in', async ({ page, app }) => {
    await app.presetStorage({ [STORAGE.language]: 'en-us' });
    await app.goto(PAGES.mine, { search: '?spread=12' });

    // After discovery gives up (3 s): no install toast (a phone cannot install a plugin), the links in the card.
    const card = page.getByTestId('not-logged-in');
    await expect(card.getByTestId('wallet-apps-list')).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
    await expect(card).toContainText('This browser has no wallet. Open this page in your wallet app to sign in.');
    await expect(app.toast()).toBeHidden();
    await expect(page.getByTestId('wallet-apps')).toHaveCount(0);

    const pageUrl = await page.evaluate(() => window.location.href);
    expect(pageUrl).toContain('?spread=12#/pages/user/user');
    const hrefOf = (id: string) => card.getByTestId(`wallet-app-${id}`).getAttribute('href');
    await expect(card.getByTestId('wallet-app-metamask')).toHaveText('Open in MetaMask');
    expect(await hrefOf('metamask')).toBe(`https://metamask.app.link/dapp/${pageUrl.replace(/^https?:\/\//, '')}`);
    const trust = new URL((await hrefOf('trust'))!);
    expect(trust.searchParams.get('url')).toBe(pageUrl);
    expect(trust.searchParams.get('coin_id')).toBe('20000714');
    const okx = new URL((await hrefOf('okx'))!);
    expect(new URL(okx.searchParams.get('deeplink')!).searchParams.get('dappUrl')).toBe(pageUrl);
    const tokenPocket = (await hrefOf('tokenpocket'))!;
    expect(JSON.parse(decodeURIComponent(tokenPocket.replace('tpdapp://open?params=', '')))).toMatchObject({ url: pageUrl });
    const binance = new URL((await hrefOf('binance'))!);
    expect(atob(binance.searchParams.get('_dp')!)).toContain('bnc://app.binance.com/mp/app?');

    // A tap on Sign in offers them as a sheet, for the page the user is on now.
    await app.goto(PAGES.exchange);
    await page.getByTestId('sign-in').click();
    const sheet = page.getByTestId('wallet-apps');
    await expect(sheet).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
    await expect(sheet.getByRole('heading')).toHaveText('Open in a wallet app');
    const trustNow = new URL((await sheet.getByTestId('wallet-app-trust').getAttribute('href'))!);
    expect(trustNow.searchParams.get('url')).toContain('#/pages/property/exchange');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toBeHidden();
  });
});

test('a deliberate logout says so in six languages at 360 and 390 px: no “session ended”, and no call refused after it (issue 25 §4)', async ({
  page,
  app,
  // The injected wallet the sign-ins sign with.
  wallet: _wallet,
}) => {
  test.setTimeout(180_000);
  // Every answer the API gives with 401 from the moment of the logout on: the calls that used to keep firing
  // (chat/unread, user/info, user/index) must stop before the token is revoked.
  const refused: string[] = [];
  let watching = false;
  page.on('response', (response) => {
    if (watching && response.status() === 401 && response.url().includes('/api/')) refused.push(new URL(response.url()).pathname);
  });
  await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
  await app.signIn();
  for (const [index, language] of LANGUAGES.entries()) {
    const phone = PHONES[index % 2]!;
    await page.setViewportSize(phone);
    await switchLanguage(page, language);
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('logout-confirm')).toBeVisible();
    await expectFits(page, page.getByTestId('logout-confirm'));
    watching = true;
    await page.getByTestId('logout-confirm-yes').click();
    await expect(app.toast(), language).toHaveText(say(language, 'auth.loggedOut'));
    await expect.poll(() => app.storage(STORAGE.token)).toBeNull();
    // Past the polls' intervals (unread counts every few seconds): nothing refused, no sign-in prompt, no "ended".
    await page.waitForTimeout(3_000);
    await expect(page.getByTestId('login-prompt')).toHaveCount(0);
    await expect(page.getByText(say(language, 'auth.sessionEnded'))).toHaveCount(0);
    expect(refused, `${language}: calls refused after the logout`).toEqual([]);
    watching = false;
    // Signed in again for the next language, by the user's tap.
    await page.getByTestId('sign-in').first().click();
    await app.waitForToken();
    // Signed in, the app goes to Home once the user info is in: wait for it, or that navigation would undo the next
    // visit to Mine (as app.signIn does).
    await expect(app.balance('usdt')).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
  }
});

test.describe('a phone browser without a wallet, on Home', () => {
  test('holds the page still through the start-up check: the links are there from the first render', async ({ page, app }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifted: number };
      w.__shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await app.presetStorage({ [STORAGE.language]: 'en-us' });
    await app.goto(PAGES.home);

    const card = page.getByTestId('not-logged-in');
    await expect(card.getByTestId('wallet-apps-list')).toBeVisible();
    // Past the end of discovery (WALLET_DETECT_TIMEOUT_MS, 3 s), when the card used to grow by the list (decision 062):
    // nothing appears then, so there is no element to wait for.
    await page.waitForTimeout(4_000);
    await expect(card.getByTestId('wallet-apps-list').getByRole('listitem')).toHaveCount(5);
    // The layout shift Lighthouse counts; the late list scored 0.27–0.29, "good" is below 0.1.
    expect(await page.evaluate(() => (window as unknown as { __shifted: number }).__shifted)).toBeLessThan(0.1);
  });
});

test.describe('a desktop browser without a wallet', () => {
  test.use({ userAgent: DESKTOP_USER_AGENT, isMobile: false, hasTouch: false });

  test("keeps the spec's install toast and shows no wallet-app links", async ({ page, app }) => {
    await app.presetStorage({ [STORAGE.language]: 'en-us' });
    await app.goto(PAGES.home);

    await expect(app.toast()).toHaveText('Please install the MetaMask plugin first', { timeout: SIGN_IN_TIMEOUT_MS });
    await expect(page.getByTestId('wallet-apps')).toHaveCount(0);
  });
});
