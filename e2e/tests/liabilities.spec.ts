/**
 * Proof of liabilities (issue 23 item 6, decision 098): a user funded through the real ledger opens Mine → Verify my
 * balance after an operator's snapshot and sees their inclusion proof verified in the browser against the published
 * root and totals; the downloaded proof passes the command-line verifier too. A proof tampered on the way (a leaf
 * balance, a sibling's hash, a sibling's sum) fails in the page with what failed. A visitor reaches the public root;
 * the console shows the latest root and takes a snapshot on demand.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Route } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { openConsole } from '../fixtures/console';
import { ADMIN_PRIVATE_KEY, ORIGIN } from '../fixtures/env';
import { expect, test } from '../fixtures/test';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../..');
interface Snapshot {
  id: number;
  root: string;
  totals: { asset: string; amount: string }[];
}
interface ProofAnswer {
  proof: { leaf: { balances: string[] }; path: { hash: string; sums: string[] }[] };
}

// Each test takes a snapshot and reads "the latest" one: one after the other, never at once.
test.describe.configure({ mode: 'default' });

test.beforeEach(async ({ app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
});

/** Answers the user's proof as the server sent it, changed by `tamper`. */
function tamperWith(tamper: (answer: ProofAnswer) => void) {
  return async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: ProofAnswer };
    tamper(body.data);
    await route.fulfill({ response, json: body });
  };
}

test('Mine → Verify my balance verifies the proof in the browser and with the script; a tampered proof fails', async ({ page, wallet, api, app }) => {
  test.setTimeout(120_000);
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '321.5');
  const snapshot = await api.admin<Snapshot>('POST', '/api/admin/liabilities/snapshot', {});

  await app.signIn();
  await app.goto(PAGES.mine);
  await page.getByTestId('mine-verify-balance').click();
  const verdict = page.getByTestId('pol-verdict');
  await expect(verdict).toHaveAttribute('data-result', 'ok');
  await expect(verdict).toContainText('Verified in your browser');
  await expect(page.getByTestId('pol-balance-usdt')).toContainText('321.5000');
  await expect(page.getByTestId('pol-root')).toHaveText(snapshot.root);

  // The proof as the user downloads it passes the verifier script against the published root and totals.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pol-download').click()]);
  const file = test.info().outputPath('proof.json');
  await download.saveAs(file);
  const totals = snapshot.totals.map((t) => `${t.asset}=${t.amount}`);
  const { stdout } = await run('npm', ['run', '--silent', 'verify:liabilities', '--', file, snapshot.root, ...totals], { cwd: REPO });
  expect(stdout).toContain(`OK: uid ${user.uid} is included`);

  const tampers: [string, (answer: ProofAnswer) => void, string][] = [
    ['leaf', (a) => void (a.proof.leaf.balances[0] = '999999.00000000'), 'root_mismatch'],
    ['sibling hash', (a) => void (a.proof.path[0]!.hash = '0'.repeat(64)), 'root_mismatch'],
    // The top sibling's sum (half the tree) lowered to zero — or raised when that half holds no USDT.
    ['sibling sum', (a) => void (a.proof.path.at(-1)!.sums[0] = a.proof.path.at(-1)!.sums[0] === '0.00000000' ? '1.00000000' : '0.00000000'), 'root_mismatch'],
    ['negative sibling sum', (a) => void (a.proof.path[0]!.sums[0] = '-1.00000000'), 'negative_amount'],
  ];
  for (const [what, tamper, failure] of tampers) {
    await page.route('**/api/liabilities/proof', tamperWith(tamper));
    await page.reload();
    await expect(verdict, what).toHaveAttribute('data-result', failure);
    await page.unrouteAll({ behavior: 'wait' });
  }
  await expect(verdict).toContainText('Failed: the proof holds a negative amount');
});

test.describe('signed out', () => {
  // The wallet refuses to sign: the start-up check leaves the visitor signed out.
  test.use({ walletOptions: { rejectSigning: true } });

  test('a visitor reaches the published root and totals from Mine', async ({ page, api, app }) => {
    const snapshot = await api.admin<Snapshot>('POST', '/api/admin/liabilities/snapshot', {});
    await app.goto(PAGES.mine);
    await expect(page.getByTestId('mine-verify-balance')).toHaveCount(0);
    await page.getByTestId('mine-liabilities').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proof of liabilities');
    await expect(page.getByTestId('pol-root')).toHaveText(snapshot.root);
    const usdt = snapshot.totals.find((t) => t.asset === 'usdt')!.amount;
    await expect(page.getByTestId('pol-total-usdt')).toContainText(usdt.split('.')[0]!.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  });
});

test('the console shows the latest root and totals, and an administrator takes a snapshot now', async ({ browser, api }) => {
  const page = await openConsole(browser, ORIGIN, ADMIN_PRIVATE_KEY);
  const panel = page.getByTestId('liabilities-panel');
  await expect(panel.getByRole('heading', { name: 'Proof of liabilities' })).toBeVisible();
  const before = (await api.data<{ latest: Snapshot | null }>('GET', '/api/liabilities')).latest;
  if (before) await expect(page.getByTestId('liabilities-root')).toHaveText(before.root);

  await page.getByTestId('liabilities-snapshot').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const after = (await api.data<{ latest: Snapshot }>('GET', '/api/liabilities')).latest;
  expect(after.id).not.toBe(before?.id);
  await expect(page.getByTestId('liabilities-root')).toHaveText(after.root);
  await expect(page.getByTestId('liabilities-taken-at')).toContainText('by an operator');
  // The console's figure (grouped, four places), and in its tooltip the exact sum users' proofs add up to.
  const usdt = after.totals.find((t) => t.asset === 'usdt')!.amount;
  const [whole, fraction] = usdt.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  await expect(page.getByTestId('liabilities-total-usdt')).toHaveText(`${grouped}.${fraction!.slice(0, 4)}`);
  await expect(page.getByTestId('liabilities-total-usdt')).toHaveAttribute('title', `${grouped}.${fraction!}`);
  await page.context().close();
});
