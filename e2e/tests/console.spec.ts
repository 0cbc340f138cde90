/**
 * The operator console (issue 16, decision 085) on a desktop viewport with the injected wallet: an operator approves
 * a withdrawal and rejects a recharge; an administrator adjusts a balance with a reason and finds it in the audit
 * log; an auditor sees the same pages with every action disabled and the API refuses them; an ordinary user gets no
 * console; an administrator publishes a pinned announcement the phone app then shows (its own server keeps it off the
 * shared one's Home). Recharges go to review only without a chain RPC, so the file starts its own server in review mode.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Hex } from 'viem';
import { fromUnits, toUnits } from '@reef/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { PAGES, ReefApp, STORAGE } from '../fixtures/app';
import { ADMIN_PRIVATE_KEY, MOBILE_DEVICE } from '../fixtures/env';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { openConsole } from '../fixtures/console';
import { expect, test } from '../fixtures/test';
import { InjectedWallet } from '../fixtures/wallet';
import { de } from '../../apps/web/src/console/locales/de';
import { en } from '../../apps/web/src/console/locales/en';
import { pt } from '../../apps/web/src/console/locales/pt';
import { ru } from '../../apps/web/src/console/locales/ru';
import { zhCn } from '../../apps/web/src/console/locales/zh-cn';
import { zhTw } from '../../apps/web/src/console/locales/zh-tw';

const PASSWORD = '246810';
const operatorKey = generatePrivateKey();
const auditorKey = generatePrivateKey();
const customerKey = generatePrivateKey();

let server: OwnServer;

// One server for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  server = await startOwnServer('console', { RECHARGE_MIN_USDT: '10', DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dEaD' });
});

test.afterAll(async () => {
  await server?.stop();
});

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', pathname: string, token: string, body?: unknown) {
  const response = await request.fetch(`${server.origin}${pathname}`, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
  return { http: response.status(), ...((await response.json()) as Envelope<T>) };
}

async function ok<T>(request: APIRequestContext, method: 'GET' | 'POST', pathname: string, token: string, body?: unknown): Promise<T> {
  const answer = await api<T>(request, method, pathname, token, body);
  if (answer.status !== 200) throw new Error(`${method} ${pathname}: ${answer.status} ${answer.msg} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

/** An exact amount as the console shows it, like the app: 4 places, the whole part grouped by thousands. */
function shown(amount: string): string {
  const [whole = '0', fraction = ''] = fromUnits(toUnits(amount), 4).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

async function signIn(request: APIRequestContext, privateKey: Hex): Promise<{ token: string; uid: number }> {
  const account = privateKeyToAccount(privateKey);
  const nonce = (await (await request.get(`${server.origin}/api/login/nonce`)).json()) as Envelope<{ nonce: string }>;
  const msg = createSiweMessage({
    address: account.address,
    domain: server.host,
    uri: server.origin,
    chainId: 56,
    version: '1',
    nonce: nonce.data.nonce,
    statement: 'Sign in to Reef.',
    issuedAt: new Date(),
  });
  const login = (await (
    await request.post(`${server.origin}/api/login`, { data: { sign: await account.signMessage({ message: msg }), account: account.address, msg } })
  ).json()) as Envelope<{
    token: string;
  }>;
  const info = await ok<{ uid: number }>(request, 'GET', '/api/user/info', login.data.token);
  return { token: login.data.token, uid: info.uid };
}

test('operators review, an administrator adjusts and audits, an auditor only reads, a user gets no console', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  for (const [key, role] of [
    [operatorKey, 'operator'],
    [auditorKey, 'auditor'],
  ] as const) {
    await ok(request, 'POST', '/api/admin/roles/grant', admin.token, { account: privateKeyToAccount(key).address, role });
  }
  // A customer with money asks for a withdrawal and declares a recharge for review.
  const customer = await signIn(request, customerKey);
  await ok(request, 'POST', '/api/admin/ledger/adjust', admin.token, { uid: customer.uid, asset: 'usdt', amount: '500', memo: 'e2e funding' });
  await ok(request, 'POST', '/api/user/password', customer.token, { password: PASSWORD, confirm: PASSWORD });
  const withdrawal = await ok<{ id: number }>(request, 'POST', '/api/finance/extract', customer.token, { amount: '120', password: PASSWORD });
  const waiting = await ok<{ id: number }>(request, 'POST', '/api/finance/extract', customer.token, { amount: '110', password: PASSWORD });
  const recharge = await ok<{ id: number }>(request, 'POST', '/api/finance/recharge', customer.token, { amount: '30', voucher: `0x${'cd'.repeat(32)}` });

  // The operator: the dashboard counts the queues; approve the withdrawal with its payout hash, reject the recharge.
  const operator = await openConsole(browser, server.origin, operatorKey);
  await expect(operator.getByTestId('console-roles')).toContainText('Operator');
  await expect(operator.getByTestId('waiting-withdrawals')).toContainText('2');
  await expect(operator.getByTestId('waiting-deposits')).toContainText('1');
  await operator.getByRole('link', { name: 'Withdrawals' }).click();
  const withdrawalRow = operator.getByTestId(`withdrawal-${withdrawal.id}`);
  await withdrawalRow.getByRole('button', { name: 'Approve' }).click();
  const payout = `0x${'ef'.repeat(32)}`;
  await operator.getByLabel('Payout transaction hash').fill(payout);
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // The second confirmation repeats what will happen.
  await expect(operator.getByRole('dialog')).toContainText(`Approve #${withdrawal.id}: 120.0000 USDT`);
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // Held for a second administrator (HTTP 202): the dialog closes and a neutral notice says so, not a red error.
  await expect(operator.getByRole('dialog')).toBeHidden();
  const toast = operator.getByTestId('console-toast');
  await expect(toast).toContainText('Sent for approval: a second administrator must approve it');
  await expect(toast).toHaveAttribute('data-tone', 'notice');
  await expect(operator.getByRole('alert')).toHaveCount(0);
  // An operator's payout waits for a second administrator (decision 092): the withdrawal stays in the queue until
  // an administrator approves the held request, which then runs as asked.
  await expect(withdrawalRow).toBeVisible();
  const held = await ok<{ list: { id: number; action: string; params: { id: number } }[] }>(request, 'GET', '/api/admin/approvals?status=pending', admin.token);
  const approval = held.list.find((a) => a.action === 'POST /api/admin/withdrawals/:id/approve' && a.params.id === withdrawal.id);
  expect(approval).toBeDefined();
  await ok(request, 'POST', `/api/admin/approvals/${approval!.id}/approve`, admin.token);
  await operator.reload();
  await expect(withdrawalRow).toHaveCount(0);
  await expect(operator.getByTestId(`withdrawal-${waiting.id}`)).toBeVisible();
  await operator.getByRole('link', { name: 'Deposits' }).click();
  await operator.getByTestId(`deposit-${recharge.id}`).getByRole('button', { name: 'Reject' }).click();
  await operator.getByLabel('Reason shown to the user').fill('No such transfer on chain');
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByTestId('table-deposits')).toContainText('Nothing here.');
  await expect(toast).toHaveText('Reject: done.');
  await expect(toast).toHaveAttribute('data-tone', 'success');
  const paid = await ok<{ list: { id: number; status: string; tx_hash: string }[] }>(request, 'GET', '/api/admin/withdrawals?status=approved', admin.token);
  expect(paid.list.find((w) => w.id === withdrawal.id)).toMatchObject({ status: 'approved', tx_hash: payout });
  const rejected = await ok<{ list: { id: number; reason: string }[] }>(request, 'GET', '/api/admin/deposits?status=rejected', admin.token);
  expect(rejected.list.find((d) => d.id === recharge.id)?.reason).toBe('No such transfer on chain');
  // An operator may not adjust balances: the button is disabled.
  await operator.goto(`${server.origin}/admin/#/users/${customer.uid}`);
  await expect(operator.getByTestId('adjust-balance')).toBeDisabled();

  const info = await ok<{ balances: { key: string; amount: string }[] }>(request, 'GET', '/api/user/info', customer.token);
  const before = info.balances.find((b) => b.key === 'usdt')!.amount;
  const after = fromUnits(toUnits(before) - toUnits('25.5'));

  // The administrator: find the customer, adjust with a reason (two confirmations), find it in the audit log.
  const administrator = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  await administrator.getByRole('link', { name: 'Users' }).click();
  await administrator.getByLabel('uid, wallet or nickname').fill(String(customer.uid));
  await administrator
    .getByTestId('table-users')
    .getByRole('link', { name: String(customer.uid), exact: true })
    .click();
  await expect(administrator.getByTestId('user-balances')).toContainText(`USDT${shown(before)}`);
  await administrator.getByTestId('adjust-balance').click();
  await administrator.getByLabel('Amount (negative takes away)').fill('-25.5');
  await administrator.getByLabel('Reason', { exact: true }).fill('Goodwill credit reversed, ticket 4411');
  await administrator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(administrator.getByRole('dialog')).toContainText(`uid ${customer.uid} -25.5000 USDT — Goodwill credit reversed, ticket 4411`);
  await administrator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(administrator.getByTestId('console-toast')).toHaveText('Adjust balance: done.');
  await expect(administrator.getByTestId('user-balances')).toContainText(shown(after));
  // The user page's records: the adjustment's journal line with its reason, and the customer's live session.
  const journal = administrator.getByTestId('table-user-journal');
  await expect(journal.locator('tbody tr').first()).toContainText('Goodwill credit reversed, ticket 4411');
  await expect(journal.locator('tbody tr').first()).toContainText('-25.5000');
  await expect(administrator.getByTestId('table-user-sessions')).toContainText('Signed in');
  await administrator.getByRole('link', { name: 'Audit log' }).click();
  await administrator.getByLabel('Any value contains').fill('ticket 4411');
  const audit = administrator.getByTestId('table-audit');
  await expect(audit.locator('tbody tr')).toHaveCount(1);
  // A sentence, not JSON: who did what to whom, and the balance before → after; the raw record one click away.
  await expect(audit).toContainText(`Adjusted a balance · Balances uid ${customer.uid}`);
  await expect(audit.getByTestId('audit-change-balance')).toHaveText(`balance: ${shown(before)} → ${shown(after)}`);
  await audit.getByText('Raw record').click();
  await expect(audit.locator('pre')).toContainText(`"balance": "${before}"`);
  // The operator's review is there too, with the payout hash.
  await administrator.getByLabel('Any value contains').fill(payout);
  await expect(audit).toContainText(`Approved · Withdrawals #${withdrawal.id}`);

  // The auditor: the same pages, every action disabled; the API refuses the action itself.
  const auditor = await openConsole(browser, server.origin, auditorKey);
  await expect(auditor.getByTestId('console-roles')).toContainText('Auditor');
  await auditor.goto(`${server.origin}/admin/#/users/${customer.uid}`);
  await expect(auditor.getByTestId('user-balances')).toContainText(shown(after));
  for (const name of ['adjust-balance', 'freeze-user']) await expect(auditor.getByTestId(name)).toBeDisabled();
  await auditor.getByRole('link', { name: 'Withdrawals' }).click();
  const pendingRow = auditor.getByTestId(`withdrawal-${waiting.id}`);
  for (const name of ['Approve', 'Reject']) await expect(pendingRow.getByRole('button', { name })).toBeDisabled();
  await expect(auditor.getByRole('link', { name: 'Audit log' })).toBeVisible();
  const auditorToken = await auditor.evaluate(() => localStorage.getItem('reef_console_token'));
  const refused = await api(request, 'POST', `/api/admin/users/${customer.uid}/freeze`, auditorToken!, { frozen: true, reason: 'auditor tries' });
  expect(refused.http).toBe(403);
  expect((await api(request, 'POST', `/api/admin/withdrawals/${waiting.id}/approve`, auditorToken!, {})).http).toBe(403);

  // An ordinary user: signed in, refused, no menu.
  const user = await openConsole(browser, server.origin, customerKey);
  await expect(user.getByTestId('console-refused')).toHaveText('This wallet has no operator role. The console is closed to it.');
  await expect(user.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
});

test('an operator publishes a pinned announcement in the console and the phone app shows it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const mark = Date.now().toString(36);
  const zhTitle = `系統升級公告 ${mark}`;
  const enTitle = `System upgrade ${mark}`;
  const desk = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  await desk.getByRole('link', { name: 'Articles and announcements' }).click();
  await desk.getByTestId('create-article').click();
  const dialog = desk.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('announcement');
  await dialog.getByLabel('Pinned').check();
  await dialog.getByLabel('Title (繁體中文)').fill(zhTitle);
  await dialog.getByLabel('Body (Markdown) (繁體中文)').fill('今晚 **23:00** 升級。');
  await dialog.getByLabel('Title (English)').fill(enTitle);
  await dialog.getByLabel('Body (Markdown) (English)').fill('Upgrade at **23:00** tonight.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const row = desk.getByTestId('table-articles').locator('tr', { hasText: enTitle });
  await expect(row).toContainText('Announcement');
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  const created = (
    await ok<{ list: { id: number; pinned: boolean; hidden: boolean; texts: { language: string; title: string }[] }[] }>(
      request,
      'GET',
      '/api/admin/articles?limit=50',
      admin.token,
    )
  ).list.find((a) => a.texts.some((x) => x.title === enTitle))!;
  expect(created).toMatchObject({ pinned: true, hidden: false });
  expect(created.texts.map((x) => x.language).sort()).toEqual(['en-us', 'zh-tw']);

  // The phone (390 px, the normal app): Home's ticker shows it in the reader's language and opens it.
  const phone = await (await browser.newContext({ ...MOBILE_DEVICE, baseURL: server.origin })).newPage();
  await InjectedWallet.attach(phone, { privateKey: generatePrivateKey() });
  const app = new ReefApp(phone);
  await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
  // The injected wallet signs in by itself; wait for it to land so the tap is not lost in the sign-in's navigation.
  await app.signIn();
  await expect(phone.getByTestId('announcement-ticker-title')).toHaveText(zhTitle);
  await phone.getByTestId('announcement-ticker').click();
  await expect(phone.getByTestId('article-title')).toHaveText(zhTitle);
  await expect(phone.getByTestId('article-view').locator('strong')).toHaveText('23:00');

  // Hidden in the console (a second confirmation): it leaves the app's Home.
  await desk.getByTestId(`article-${created.id}`).getByRole('button', { name: 'Hide' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText(`Hide #${created.id}: ${enTitle}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(desk.getByTestId(`article-${created.id}`).getByRole('button', { name: 'Show again' })).toBeVisible();
  const pinned = await ok<{ list: { title: string }[] }>(request, 'GET', '/api/article?pinned=true', admin.token);
  expect(pinned.list.map((a) => a.title)).not.toContain(zhTitle);
  await app.goto(PAGES.home);
  await phone.reload();
  await expect(phone.getByTestId('announcement-ticker')).toHaveCount(0);
});

test('the dashboard shows active users, turnover and what is owed, with charts; a header click sorts a list on the server', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  // Two customers: one pays the other 7.5 USDT, which is turnover today.
  const [payer, payee] = [await signIn(request, generatePrivateKey()), await signIn(request, generatePrivateKey())];
  await ok(request, 'POST', '/api/admin/ledger/adjust', admin.token, { uid: payer.uid, asset: 'usdt', amount: '20', memo: 'e2e funding' });
  await ok(request, 'POST', '/api/user/password', payer.token, { password: PASSWORD, confirm: PASSWORD });
  const payeeAccount = (await ok<{ account: string }>(request, 'GET', '/api/user/info', payee.token)).account;
  await ok(request, 'POST', '/api/finance/other/trade', payer.token, { to: payeeAccount, amount: '7.5', asset: 'usdt', password: PASSWORD });
  const board = await ok<{
    users_total: number;
    users_new_today: number;
    users_active_today: number;
    turnover_today: { asset: string; amount: string }[];
    owed: { asset: string; total: string }[];
  }>(request, 'GET', '/api/admin/dashboard', admin.token);
  const usdtTurnover = board.turnover_today.find((x) => x.asset === 'usdt')!.amount;
  expect(toUnits(usdtTurnover) >= toUnits('7.5')).toBe(true);

  const desk = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  await expect(desk.getByTestId('users-active-today')).toContainText(String(board.users_active_today));
  await expect(desk.getByTestId('users-new-today')).toContainText(String(board.users_new_today));
  await expect(desk.getByTestId('turnover-today')).toContainText(shown(usdtTurnover));
  await expect(desk.getByTestId('liabilities').locator('tr', { hasText: 'USDT' })).toContainText(shown(board.owed.find((o) => o.asset === 'usdt')!.total));
  // The charts are images with a name, and their figures are in a table for screen readers.
  await expect(desk.getByRole('img', { name: 'New users per day' })).toBeVisible();
  await expect(desk.getByRole('img', { name: 'Turnover per day (USDT)' })).toBeVisible();
  const today = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(desk.getByRole('table', { name: 'Turnover per day (USDT)' }).getByRole('row', { name: today })).toContainText(shown(usdtTurnover));

  // Users sorted by uid on the server: the second click is ascending, so the first account ever is on top.
  await desk.getByRole('link', { name: 'Users' }).click();
  const users = desk.getByTestId('table-users');
  const header = users.getByRole('columnheader', { name: 'uid' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const newest = (await ok<{ list: { uid: number }[] }>(request, 'GET', '/api/admin/users?limit=1', admin.token)).list[0]!.uid;
  await expect(users.locator('tbody tr').first().locator('td').first()).toHaveText(String(newest));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(users.locator('tbody tr').first().locator('td').first()).toHaveText('1');
  // A column the server does not sort by offers no button.
  await expect(users.getByRole('columnheader', { name: 'Wallet' }).getByRole('button')).toHaveCount(0);
});

/** The six console languages and their catalogues: what each check expects to read. */
const CATALOGUES = { 'zh-tw': zhTw, 'zh-cn': zhCn, en, pt, de, ru } as const;
/** The display symbols of the seven assets (the defaults; this server configures no others). */
const SYMBOLS = ['USDT', 'RSC', 'RUSD', 'TP', 'FP', 'MP', 'GP'];
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const RAW_AMOUNT = /\d\.\d{8}(?!\d)/;

test('the console reads like the app in six languages: symbols, dates, a readable audit, toasts, no sideways scroll at 1280 px, the desk link lands', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  const customer = await signIn(request, generatePrivateKey());
  const memo = `e2e readable ${Date.now().toString(36)}`;
  await ok(request, 'POST', '/api/admin/ledger/adjust', admin.token, { uid: customer.uid, asset: 'mineral', amount: '1234.5', memo });

  const desk = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  await desk.setViewportSize({ width: 1280, height: 800 });
  const main = desk.locator('main');
  const noSidewaysScroll = async () => {
    const overflow = await desk.evaluate(() => {
      const page = document.querySelector('main')!;
      return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, page.scrollWidth - page.clientWidth);
    });
    expect(overflow).toBeLessThanOrEqual(0);
  };
  for (const [code, cat] of Object.entries(CATALOGUES)) {
    await desk.getByTestId('console-language').selectOption(code);
    await expect(desk.getByRole('complementary').getByRole('heading', { level: 1 })).toHaveText(cat['app.title']);

    // The dashboard: symbols, not keys; the app's amounts; readable times.
    await desk.goto(`${server.origin}/admin/#/dashboard`);
    const owedAssets = desk.getByTestId('liabilities').locator('tbody th');
    await expect(owedAssets.first()).toBeVisible();
    for (const asset of await owedAssets.allInnerTexts()) expect(SYMBOLS, code).toContain(asset);
    await expect(desk.getByTestId('liabilities').locator('tr', { hasText: 'MP' })).toBeVisible();
    const board = await main.innerText();
    expect(board, code).not.toMatch(ISO_INSTANT);
    expect(board, code).not.toMatch(RAW_AMOUNT);
    await noSidewaysScroll();

    // A write says it went through.
    await desk.getByTestId('liabilities-snapshot').click();
    await desk.getByRole('dialog').getByRole('button', { name: cat['common.confirm'] }).click();
    await expect(desk.getByTestId('console-toast')).toHaveText(cat['common.doneAction'].replace('{{action}}', cat['liabilities.snapshot']));

    // The audit log: who did what to whom, before → after, the raw record behind a disclosure.
    await desk.goto(`${server.origin}/admin/#/audit`);
    await desk.getByLabel(cat['audit.textFilter']).fill(memo);
    const audit = desk.getByTestId('table-audit');
    await expect(audit.locator('tbody tr')).toHaveCount(1);
    await expect(audit).toContainText(`${cat['audit.verb.adjust']} · ${cat['audit.area.ledger']} uid ${customer.uid}`);
    await expect(audit.getByTestId('audit-change-balance')).toContainText(`→ ${shown('1234.5')}`);
    const log = await main.innerText();
    expect(log, code).not.toMatch(ISO_INSTANT);
    expect(log, code).not.toMatch(RAW_AMOUNT);
    expect(log, code).not.toContain('/api/admin/ledger/adjust');
    await noSidewaysScroll();
    await audit.getByText(cat['audit.raw']).click();
    await expect(audit.locator('pre')).toContainText(`"memo": "${memo}"`);

    // The user's page: the journal line in symbols and app amounts, its times readable.
    await desk.goto(`${server.origin}/admin/#/users/${customer.uid}`);
    await expect(desk.getByTestId('user-balances')).toContainText(`MP${shown('1234.5')}`);
    await expect(desk.getByTestId('table-user-journal').locator('tbody tr').first()).toContainText(memo);
    const user = await main.innerText();
    expect(user, code).not.toMatch(ISO_INSTANT);
    expect(user, code).not.toMatch(RAW_AMOUNT);
    await noSidewaysScroll();
  }

  // The service desk link lands on the app's desk, not its 404.
  await desk.goto(`${server.origin}/admin/#/dashboard`);
  await desk.getByTestId('desk-link').click();
  await expect(desk).toHaveURL(/\/index\/#\/pages\/chat\/myService$/);
  await expect(desk.locator('.page').first()).toBeVisible();
  await expect(desk.getByTestId('not-found')).toHaveCount(0);
});
