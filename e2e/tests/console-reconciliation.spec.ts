/**
 * The reconciliation in the operator console (issue 23, decision 097) with a real local chain: a fresh platform wallet
 * that holds nothing, on the file's own server. An administrator runs it on "Books and reserves" and every check
 * passes; once a user is credited 100 USDT the wallet does not hold, a run fails, names the on-chain check and its
 * figures, and the dashboard shows the alert with a link to them; the wallet refilled on chain, the next run passes
 * and the alert is gone. An operator reads the page but may not start a run.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseUnits } from 'viem';
import { ReefApi } from '../fixtures/api';
import { chainUrl, E2eChain } from '../fixtures/chain';
import { openConsole } from '../fixtures/console';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';

const depositAddress = privateKeyToAccount(generatePrivateKey()).address;
const operatorKey = generatePrivateKey();
let server: OwnServer;
let chain: E2eChain;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  const url = chainUrl();
  if (url === null) throw new Error('the suite runs with its local chain (global setup)');
  chain = new E2eChain(url);
  server = await startOwnServer('console-reconciliation', {
    BSC_RPC_URL: url,
    DEPOSIT_ADDRESS: depositAddress,
    USDT_CONTRACT: chain.usdt,
    COIN_CONTRACT: chain.coin,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a run passes, catches an on-chain shortfall with its figures and alerts the dashboard, then passes again', async ({
  browser,
  request,
  chain: heldChain,
}) => {
  test.setTimeout(120_000);
  const api: ReefApi = new ReefApi(request, async (): Promise<string> => (await api.signInViaApi(ADMIN_PRIVATE_KEY)).token, server);
  await api.admin('POST', '/api/admin/roles/grant', { account: privateKeyToAccount(operatorKey).address, role: 'operator' });

  const admin = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  await admin.getByRole('link', { name: 'Books and reserves' }).click();
  const panel = admin.getByTestId('reconciliation-panel');
  await expect(panel).toContainText('No run yet.');
  const runNow = async () => {
    await admin.getByTestId('reconciliation-run').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.getByRole('dialog')).toBeHidden();
  };

  await runNow();
  await expect(admin.getByTestId('reconciliation-result')).toContainText('All checks passed');
  for (const check of ['journal_balanced', 'account_balances', 'escrow_accounts', 'chain_reserves']) {
    await expect(admin.getByTestId(`reconciliation-check-${check}`)).toHaveAttribute('data-status', 'ok');
  }

  // Credited by an adjustment, nothing on chain behind it.
  const user = await api.signInViaApi(generatePrivateKey());
  await api.admin('POST', '/api/admin/ledger/adjust', { uid: user.uid, asset: 'usdt', amount: '100', memo: 'e2e: more than the wallet holds' });
  await runNow();
  await expect(admin.getByTestId('reconciliation-result')).toContainText('Reconciliation failed');
  await expect(admin.getByTestId('reconciliation-check-chain_reserves')).toHaveAttribute('data-status', 'failed');
  await expect(admin.getByTestId('reconciliation-check-chain_reserves')).toContainText('Failed');
  const figures = admin.getByTestId('reconciliation-mismatches-chain_reserves');
  await expect(figures).toContainText('usdt held on chain < owed to users');
  await expect(figures.getByRole('row').nth(1)).toContainText('100');
  await expect(admin.getByTestId('reconciliation-history')).toContainText('All checks passed');

  await admin.getByRole('link', { name: 'Dashboard' }).click();
  const alert = admin.getByTestId('reconciliation-alert');
  await expect(alert).toContainText('Reconciliation failed: Platform wallets on chain cover what users are owed.');
  await alert.getByRole('link', { name: 'See the differences' }).click();
  await expect(admin.getByTestId('reconciliation-check-chain_reserves')).toHaveAttribute('data-status', 'failed');

  // An operator sees the same status and may not start a run.
  const operator = await openConsole(browser, server.origin, operatorKey);
  await expect(operator.getByTestId('reconciliation-alert')).toBeVisible();
  await operator.getByRole('link', { name: 'Books and reserves' }).click();
  await expect(operator.getByTestId('reconciliation-result')).toContainText('Reconciliation failed');
  await expect(operator.getByTestId('reconciliation-run')).toBeDisabled();

  // Held for the mint: a block of ours must not land in another test's confirmation count.
  await heldChain.mint(chain.usdt, depositAddress, parseUnits('100', 18));
  await runNow();
  await expect(admin.getByTestId('reconciliation-result')).toContainText('All checks passed');
  await admin.getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(admin.getByTestId('reconciliation-alert')).toHaveCount(0);
});
