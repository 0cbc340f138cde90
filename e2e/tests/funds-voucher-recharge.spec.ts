/**
 * Recharge by review (decision 019/020): a server with no chain RPC takes `{amount, voucher}` and an operator
 * reviews it. The suite's shared server always has the local chain, so this file starts its own real server
 * without one (fresh PGlite directory, own port) and drives the built app against it with the injected wallet.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { STORAGE } from '../fixtures/app';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';

/** The platform's deposit wallet on the review server: shown to the user although there is no RPC (decision 042). */
const DEPOSIT_ADDRESS = '0x000000000000000000000000000000000000dEaD';
/** The smallest valid PNG (1×1, transparent): what the server's content check must accept. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  // The suite's server settings without the chain variables: recharges go to review.
  server = await startOwnServer('review', { RECHARGE_MIN_USDT: '10', DEPOSIT_ADDRESS, EXPLORER_URL: 'https://testnet.bscscan.com' });
});

test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', pathname: string, token: string, body?: unknown): Promise<T> {
  const response = await request.fetch(`${server.origin}${pathname}`, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
  const json = (await response.json()) as Envelope<T>;
  if (json.status !== 200) throw new Error(`${method} ${pathname}: ${json.status} ${json.msg} ${JSON.stringify(json.data)}`);
  return json.data;
}

/** Signs in on the review server as the app does (EIP-4361 with its nonce); answers the token. */
async function signIn(request: APIRequestContext, privateKey: Hex): Promise<string> {
  const account = privateKeyToAccount(privateKey);
  const nonce = await request.get(`${server.origin}/api/login/nonce`).then(async (r) => ((await r.json()) as Envelope<{ nonce: string }>).data.nonce);
  const msg = createSiweMessage({
    address: account.address,
    domain: server.host,
    uri: server.origin,
    chainId: 56,
    version: '1',
    nonce,
    statement: 'Sign in to Reef.',
    issuedAt: new Date(),
  });
  const sign = await account.signMessage({ message: msg });
  const login = await request.post(`${server.origin}/api/login`, { data: { sign, account: account.address, msg, spread: null } });
  return ((await login.json()) as Envelope<{ token: string }>).data.token;
}

/** Opens a page of the app served by the review server; the wallet then signs in there. */
async function open(page: Page, hashPath: string): Promise<void> {
  await page.goto(`${server.origin}/index/#${hashPath}`);
}

interface ReviewRow {
  id: number;
  uid: number;
  status: string;
  amount: string;
  tx_hash: string | null;
  voucher_image: string | null;
}

test('without an RPC: amount and voucher (hash, then an uploaded image) go to review, an operator credits one and rejects the other', async ({
  page,
  wallet,
  request,
}) => {
  test.setTimeout(90_000);
  await open(page, '/pages/index/index');
  await page.waitForFunction((key) => window.localStorage.getItem(key) !== null, STORAGE.token, { timeout: 15_000 });
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.0000', { timeout: 15_000 });

  await page.evaluate(() => (window.location.hash = '#/pages/property/recharge'));
  const form = page.getByTestId('voucher-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('recharge-submit')).toHaveCount(0);
  await expect(page.getByTestId('voucher-amount')).toHaveAttribute('placeholder', 'At least 10.0000 USDT');

  // Where to pay comes first, in review mode too: the address, the network with its warning, the minimum and the
  // confirmations, a copy button and the explorer link.
  const target = page.getByTestId('deposit-target');
  await expect(target.getByTestId('deposit-address')).toHaveText(DEPOSIT_ADDRESS);
  await expect(target.getByRole('img', { name: 'QR code of the USDT deposit address' })).toBeVisible();
  await expect(target.getByTestId('deposit-network')).toHaveText('Network BNB Smart Chain (BEP-20)');
  await expect(target.getByTestId('deposit-warning')).toContainText('Send only USDT on BNB Smart Chain (BEP-20)');
  await expect(target.getByTestId('deposit-minimum')).toHaveText('10.0000 USDT');
  await expect(target.getByTestId('deposit-confirmations')).toHaveText('3');
  await expect(target.getByTestId('deposit-explorer')).toHaveAttribute('href', `https://testnet.bscscan.com/address/${DEPOSIT_ADDRESS}`);
  await expect(target.getByTestId('deposit-copy')).toBeVisible();
  await page.getByTestId('recharge-asset').getByRole('tab', { name: 'RSC' }).click();
  await expect(target).toContainText('Send RSC to this address');
  await expect(target.getByTestId('deposit-minimum')).toHaveText('1.0000 RSC');
  await page.getByTestId('recharge-asset').getByRole('tab', { name: 'USDT' }).click();

  // Refused before sending: below the minimum, then a malformed hash.
  await page.getByTestId('voucher-amount').fill('9.5');
  await page.getByTestId('voucher-hash').fill(`0x${'12'.repeat(32)}`);
  await page.getByTestId('voucher-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('The minimum deposit is 10.0000 USDT');
  await expect(page.getByTestId('toast')).toBeHidden();
  await page.getByTestId('voucher-amount').fill('50');
  await page.getByTestId('voucher-hash').fill('0x1234');
  await page.getByTestId('voucher-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('A transaction hash is 0x followed by 64 hexadecimal characters');
  await expect(page.getByTestId('toast')).toBeHidden();

  // A hash voucher: submitted, then 'wait for review'.
  const hash = `0x${'ab'.repeat(32)}`;
  await page.getByTestId('voucher-hash').fill(hash);
  await page.getByTestId('voucher-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('Deposit submitted, please wait for review');
  await expect(page.getByTestId('voucher-submitted')).toContainText('Submitted, please wait for review');
  const rows = page.getByTestId('deposit-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-status', 'review');
  await expect(rows.first()).toContainText('Under review');
  await expect(rows.first()).toContainText('50.0000 USDT');

  // An image voucher: a text file named .png passes the browser's type check but not the server's.
  await page.getByTestId('voucher-another').click();
  await page.getByTestId('voucher-kind-image').click();
  await page.getByTestId('voucher-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByTestId('toast')).toHaveText('Only PNG, JPEG, GIF or WebP images can be uploaded');
  await expect(page.getByTestId('voucher-preview')).toHaveCount(0);
  // A PDF is not even sent.
  await page.getByTestId('voucher-file').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByTestId('toast')).toHaveText('Please choose a PNG, JPEG, GIF or WebP image');
  await page.getByTestId('voucher-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const preview = page.getByTestId('voucher-preview');
  await expect(preview).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{64}\.png$/);
  await page.getByTestId('voucher-amount').fill('20');
  await page.getByTestId('voucher-submit').click();
  await expect(page.getByTestId('voucher-submitted')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-status', 'review');
  // The voucher is served to its owner and operators only (decision 037): the page fetches it with the
  // token and links a blob; the address alone, without the token, is a 404.
  const voucherLink = rows.first().getByTestId('deposit-voucher-image');
  await expect(voucherLink).toHaveAttribute('data-address', /^\/uploads\/[0-9a-f]{64}\.png$/);
  await expect(voucherLink).toHaveAttribute('href', /^blob:/);
  expect((await request.get(`${server.origin}${(await voucherLink.getAttribute('data-address'))!}`)).status()).toBe(404);

  // The operator's queue holds both; approve the hash one, reject the image one.
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  const queue = await call<{ list: ReviewRow[] }>(request, 'GET', '/api/admin/deposits?status=review&limit=100', admin);
  const byHash = queue.list.find((row) => row.tx_hash === hash)!;
  const byImage = queue.list.find((row) => row.voucher_image !== null)!;
  expect(byHash).toMatchObject({ amount: '50.00000000' });
  expect(byImage).toMatchObject({ amount: '20.00000000' });
  await call(request, 'POST', `/api/admin/deposits/${byHash.id}/approve`, admin);
  await call(request, 'POST', `/api/admin/deposits/${byImage.id}/reject`, admin, { reason: 'The screenshot shows no transfer' });

  await page.reload();
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'credited');
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'rejected');
  await expect(rows.nth(0).getByTestId('deposit-reason')).toHaveText('Deposit failed: The screenshot shows no transfer');
  await expect(page.getByTestId('recharge-balance')).toHaveText('Available: 50.0000 USDT');
  expect(wallet.methods()).not.toContain('eth_sendTransaction');
});
