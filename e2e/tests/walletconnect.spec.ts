/**
 * Issue 10, "Broken" 9 (decision 044): WalletConnect v2 for a browser without an injected wallet. Without a project id
 * (the suite's server) the option does not exist and its code is never fetched. With one (a server of this file's own,
 * pointed at a loopback relay, fixtures/walletconnect-relay.ts) the option loads the provider chunk only when tapped,
 * draws the `wc:` URI as an SVG QR code with a copy button and a deep link, and a wallet in Node (WalletConnect's own
 * sign client with a viem key) pairs with the copied URI, approves, and signs the EIP-4361 message the server checks.
 * Logging out ends the WalletConnect session, and the wallet hears it.
 */
import type { Page, Request } from '@playwright/test';
import { encode } from 'uqr';
import { PAGES, SIGN_IN_TIMEOUT_MS, STORAGE } from '../fixtures/app';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';
import { startFakeRelay, type FakeRelay } from '../fixtures/walletconnect-relay';
import { WalletConnectWallet } from '../fixtures/walletconnect-wallet';

const PROJECT_ID = '0123456789abcdef0123456789abcdef';
const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PROVIDER_CHUNK = /\/assets\/walletconnect-provider-[\w-]+\.js$/;
const WALLETCONNECT_CHUNKS = /\/assets\/walletconnect-(provider|sheet)-[\w-]+\.js$/;

/** Every script the page fetched. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

function cspOf(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The dark modules of the drawn QR code, read back from its one SVG path (`M<x> <y>h1v1h-1z` per module). */
function modulesOfPath(d: string): string[] {
  return [...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`).sort();
}

/** The dark modules of the code for `text`, as the app encodes it (uqr, error correction M, 2-module border). */
function modulesOfText(text: string): string[] {
  const dark: string[] = [];
  encode(text, { ecc: 'M', border: 2 }).data.forEach((row, y) => row.forEach((on, x) => on && dark.push(`${x},${y}`)));
  return dark.sort();
}

test.describe('without a WalletConnect project id', () => {
  test('offers no WalletConnect and never fetches its code', async ({ page, app, request }) => {
    const scripts = recordScripts(page);
    await app.presetStorage({ [STORAGE.language]: 'en-us' });
    await app.goto(PAGES.mine);

    const card = page.getByTestId('not-logged-in');
    await expect(card.getByTestId('wallet-apps-list')).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
    await expect(card.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByTestId('wallet-app-walletconnect')).toHaveCount(0);
    await page.getByTestId('sign-in').click();
    const sheet = page.getByTestId('wallet-apps');
    await expect(sheet).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
    await expect(sheet.getByRole('listitem')).toHaveCount(5);
    await expect(sheet.getByTestId('wallet-app-walletconnect')).toHaveCount(0);

    expect(scripts.filter((url) => WALLETCONNECT_CHUNKS.test(url))).toEqual([]);
    // Nor does the policy let the page reach WalletConnect.
    const csp = cspOf((await request.get('/index/')).headers()['content-security-policy']);
    expect(csp['connect-src']!.join(' ')).not.toContain('walletconnect');
    expect(csp['frame-src']).toEqual(["'none'"]);
  });
});

interface WalletConnectDeployment {
  relay: FakeRelay;
  server: OwnServer;
}

/** This file's own server (with a project id, pointed at the loopback relay), once per worker, and the app served by it. */
const wcTest = test.extend<object, { deployment: WalletConnectDeployment }>({
  deployment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature.
    async ({}, use) => {
      const relay = await startFakeRelay();
      const server = await startOwnServer('walletconnect', { WALLETCONNECT_PROJECT_ID: PROJECT_ID, WALLETCONNECT_RELAY_URL: relay.url }).catch(
        async (error: unknown) => {
          await relay.close();
          throw error;
        },
      );
      await use({ relay, server });
      await server.stop();
      await relay.close();
    },
    { scope: 'worker', timeout: OWN_SERVER_READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.server.origin),
});

wcTest.describe('with a WalletConnect project id', () => {
  // One server for both tests.
  wcTest.describe.configure({ mode: 'serial' });

  wcTest(
    'a phone without a wallet signs in through WalletConnect: QR, copy, deep link, a real signature, and logout ends the session',
    async ({ page, app, request, deployment: { relay, server } }) => {
      wcTest.setTimeout(90_000);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
      const scripts = recordScripts(page);
      const wallet = await WalletConnectWallet.start({ projectId: PROJECT_ID, relayUrl: relay.url });
      try {
        await app.presetStorage({ [STORAGE.language]: 'en-us' });
        await app.goto(PAGES.mine);

        // The option is offered beside the wallet apps, and nothing of WalletConnect has loaded yet.
        const card = page.getByTestId('not-logged-in');
        const option = card.getByTestId('wallet-app-walletconnect');
        await expect(option).toHaveText('WalletConnect', { timeout: SIGN_IN_TIMEOUT_MS });
        await expect(card.getByRole('listitem')).toHaveCount(6);
        expect(scripts.filter((url) => WALLETCONNECT_CHUNKS.test(url))).toEqual([]);

        await option.click();
        const sheet = page.getByTestId('walletconnect');
        await expect(sheet.getByRole('heading')).toHaveText('WalletConnect');
        const qr = sheet.getByRole('img', { name: 'WalletConnect pairing code' });
        await expect(qr).toBeVisible({ timeout: 20_000 });
        expect(scripts.filter((url) => PROVIDER_CHUNK.test(url))).toHaveLength(1);

        // The URI shown is a WalletConnect v2 pairing URI on the relay protocol, with its symmetric key.
        const uri = (await sheet.getByTestId('walletconnect-uri').textContent())!;
        expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
        const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1));
        expect(query.get('relay-protocol')).toBe('irn');
        expect(query.get('symKey')).toMatch(/^[0-9a-f]{64}$/);
        expect(Number(query.get('expiryTimestamp')) * 1000).toBeGreaterThan(Date.now());
        // The code drawn is that very text: its modules are the encoder's for the URI.
        expect(modulesOfPath((await qr.locator('path').getAttribute('d'))!)).toEqual(modulesOfText(uri));
        // On a phone, a link hands the URI to a wallet app on this device.
        await expect(sheet.getByTestId('walletconnect-open')).toHaveAttribute('href', uri);
        await expect(sheet.getByTestId('walletconnect-open')).toHaveText('Open wallet app');

        // Copy link puts the URI on the clipboard; the wallet pairs with what was copied.
        await sheet.getByTestId('walletconnect-copy').click();
        await expect(app.toast()).toHaveText('Link copied');
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toBe(uri);
        await wallet.pair(copied);

        // Approved and signed in the wallet: the server checked the signature and issued a token for that account.
        const token = await app.waitForToken({ timeout: 30_000 });
        await expect(sheet).toBeHidden();
        expect(wallet.requests).toEqual(['personal_sign']);
        const info = await request.get(`${server.origin}/api/user/info`, { headers: { Authorization: `Bearer ${token}` } });
        expect(((await info.json()) as { data: { account: string } }).data.account.toLowerCase()).toBe(wallet.account.address.toLowerCase());
        expect(await app.storage(STORAGE.walletConnect)).toBe('1');
        await expect(page.getByTestId('logout')).toBeVisible();

        // A reload keeps the sign-in; the page resumes the session from the relay client's store (no new pairing) …
        const session = wallet.session;
        expect(session).not.toBeNull();
        const proposals = relay.calls.filter((call) => call === 'wc_proposeSession').length;
        await page.reload();
        await expect(page.getByTestId('logout')).toBeVisible();
        await expect.poll(() => scripts.filter((url) => PROVIDER_CHUNK.test(url)).length).toBe(2);
        expect(await app.storage(STORAGE.token)).toBe(token);

        // … and the user's logout ends it on the relay; the wallet is told.
        await page.getByTestId('logout').click();
        await page.getByTestId('logout-confirm-yes').click();
        await expect.poll(() => app.storage(STORAGE.token)).toBeNull();
        await expect.poll(() => wallet.deleted, { timeout: 15_000 }).toEqual([session]);
        expect(await app.storage(STORAGE.walletConnect)).toBeNull();

        // What the page reached: this origin and the relay the policy names, nothing else, and no violation.
        const csp = cspOf((await request.get(`${server.origin}/index/`)).headers()['content-security-policy']);
        expect(csp['connect-src']).toContain(relay.url);
        expect(relay.calls.filter((call) => call === 'wc_proposeSession').length).toBe(proposals);
        expect(violations).toEqual([]);
      } finally {
        await wallet.stop();
      }
    },
  );

  wcTest(
    'an unreachable relay: the sheet says so instead of preparing for ever, and Retry pairs once it is back',
    async ({ page, app, deployment: { relay } }) => {
      // The sheet gives the pairing URI 30 s.
      wcTest.setTimeout(120_000);
      await app.presetStorage({ [STORAGE.language]: 'en-us' });
      await app.goto(PAGES.mine);
      const option = page.getByTestId('not-logged-in').getByTestId('wallet-app-walletconnect');
      await expect(option).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
      relay.setAvailable(false);
      try {
        await option.click();
        const sheet = page.getByTestId('walletconnect');
        await expect(sheet.getByTestId('walletconnect-loading')).toHaveText('Preparing WalletConnect…');
        await expect(sheet.getByRole('alert')).toHaveText('WalletConnect could not start. Check your connection and try again.', { timeout: 45_000 });
        await expect(sheet.getByTestId('walletconnect-qr')).toHaveCount(0);
        relay.setAvailable(true);
        await sheet.getByTestId('walletconnect-retry').click();
        await expect(sheet.getByTestId('walletconnect-uri')).toHaveText(/^wc:[0-9a-f]{64}@2\?/, { timeout: 40_000 });
        await expect(sheet.getByTestId('walletconnect-qr')).toBeVisible();
      } finally {
        relay.setAvailable(true);
      }
    },
  );

  wcTest.describe('on a desktop browser without a wallet', () => {
    wcTest.use({ userAgent: DESKTOP_USER_AGENT, isMobile: false, hasTouch: false });

    wcTest('Sign in offers WalletConnect instead of the install toast; the sheet has no phone link', async ({ page, app }) => {
      await app.presetStorage({ [STORAGE.language]: 'en-us' });
      await app.goto(PAGES.mine);
      await page.getByTestId('sign-in').click();
      const picker = page.getByTestId('wallet-picker');
      await expect(picker).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
      await expect(picker).toContainText('This browser has no wallet. Connect a wallet app on your phone with WalletConnect.');
      await picker.getByTestId('wallet-option-walletconnect').click();
      const sheet = page.getByTestId('walletconnect');
      await expect(sheet.getByTestId('walletconnect-qr')).toBeVisible({ timeout: 20_000 });
      await expect(sheet.getByTestId('walletconnect-open')).toHaveCount(0);
      await sheet.getByRole('button', { name: 'Cancel' }).click();
      await expect(sheet).toBeHidden();
      expect(await app.storage(STORAGE.token)).toBeNull();
    });
  });
});
