/**
 * Wallet sign-in (spec §4, §8): the start-up check signs in when a wallet is present and no token
 * is stored, binds the referrer from `?spread=`, moves the wallet to chain 0x38 first, and tells a
 * visitor without a wallet to install one; a refused signature signs nobody in, and another account
 * selected in the wallet replaces the signed-in one.
 */
import { generatePrivateKey } from 'viem/accounts';
import { STATUS_TOKEN_EXPIRED } from '../fixtures/api';
import { PAGES, SIGN_IN_TIMEOUT_MS, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';
import { BSC_CHAIN_ID } from '../fixtures/wallet';

test.describe('sign-in through a referral link', () => {
  const forms = [
    { name: 'query before the hash', url: (uid: number) => ({ search: `?spread=${uid}` }) },
    { name: 'query inside the hash', url: (uid: number) => ({ hashQuery: `?spread=${uid}` }) },
  ];

  for (const form of forms) {
    test(`signs in by itself and binds the referrer (${form.name})`, async ({ wallet, api, app }) => {
      const referrer = await api.signInViaApi(generatePrivateKey());

      const token = await app.signIn(form.url(referrer.uid));

      expect(await app.storage(STORAGE.spread)).toBe(String(referrer.uid));
      expect(wallet.methods()).toContain('personal_sign');
      const me = await api.userInfo(token);
      expect(me.account.toLowerCase()).toBe(wallet.address.toLowerCase());
      expect(me.invite_address?.toLowerCase()).toBe(referrer.account.toLowerCase());
    });
  }
});

test.describe('on a desktop browser', () => {
  // A phone browser without a wallet gets the "open in" wallet-app links instead (wallet-journeys.spec.ts).
  test.use({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    isMobile: false,
    hasTouch: false,
  });

  test('without a wallet: install toast and the not-logged-in prompt', async ({ page, app }) => {
    await app.presetStorage({ [STORAGE.language]: 'en-us' });

    await app.goto(PAGES.home);

    // Shown once wallet discovery gives up (3 s).
    await expect(app.toast()).toHaveText('Please install the MetaMask plugin first', { timeout: SIGN_IN_TIMEOUT_MS });
    await expect(page.getByTestId('not-logged-in')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(await app.storage(STORAGE.token)).toBeNull();
  });
});

test.describe('wallet on another chain', () => {
  test.describe('when the wallet knows BSC', () => {
    test.use({ walletOptions: { chainId: '0x1', knowsBsc: true } });

    test('switches to 0x38, then signs in', async ({ wallet, api, app }) => {
      const token = await app.signIn();

      expect(wallet.paramsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: BSC_CHAIN_ID }]]);
      expect(wallet.methods()).not.toContain('wallet_addEthereumChain');
      expect(wallet.chainId).toBe(BSC_CHAIN_ID);
      const methods = wallet.methods();
      expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(methods.indexOf('personal_sign'));
      expect((await api.userInfo(token)).account.toLowerCase()).toBe(wallet.address.toLowerCase());
    });
  });

  test.describe('when the wallet does not know BSC', () => {
    test.use({ walletOptions: { chainId: '0x1', knowsBsc: false } });

    test('adds 0x38 after a 4902, switches, then signs in', async ({ wallet, api, app }) => {
      const token = await app.signIn();

      const added = wallet.paramsOf('wallet_addEthereumChain');
      expect(added).toHaveLength(1);
      expect(added[0]).toEqual([expect.objectContaining({ chainId: BSC_CHAIN_ID })]);
      const chainCalls = wallet.methods().filter((m) => m.startsWith('wallet_'));
      // The first switch fails with 4902, the chain is added, the second switch succeeds.
      expect(chainCalls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
      expect(wallet.chainId).toBe(BSC_CHAIN_ID);
      expect((await api.userInfo(token)).account.toLowerCase()).toBe(wallet.address.toLowerCase());
    });
  });
});

test.describe('when the user rejects the signature', () => {
  test.use({ walletOptions: { rejectSigning: true } });

  test('stays signed out and says so', async ({ page, wallet, app }) => {
    await app.presetStorage({ [STORAGE.language]: 'en-us' });

    await app.goto(PAGES.home);

    await expect(app.toast()).toHaveText('You cancelled the request in your wallet', { timeout: SIGN_IN_TIMEOUT_MS });
    expect(wallet.methods()).toContain('personal_sign');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(await app.storage(STORAGE.token)).toBeNull();
  });
});

test('another account in the wallet logs the old one out and signs the new one in', async ({ wallet, api, app }) => {
  const oldToken = await app.signIn();
  const oldAddress = wallet.address;

  await wallet.switchAccount();

  const newToken = await app.waitForToken({ previous: oldToken });
  expect(wallet.address).not.toBe(oldAddress);
  expect((await api.userInfo(newToken)).account).toBe(wallet.address);
  await expect.poll(() => app.storage(STORAGE.account).then((a) => a?.toLowerCase())).toBe(wallet.address.toLowerCase());
  // The old session was ended on the server too, not only forgotten by the page.
  const old = await api.call('GET', '/api/user/info', { token: oldToken });
  expect(old.body.status).toBe(STATUS_TOKEN_EXPIRED);
});
