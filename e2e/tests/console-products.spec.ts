/**
 * The console's product configuration pages (issue 16, decisions 050–054, 057, 085) on a desktop viewport with the
 * injected wallet: an administrator creates a card type and a session, opens it, cancels a customer's waiting buy
 * order (refunded in full after a second confirmation) and closes the session; has a weekly schedule write sessions,
 * edits and cancels one of them and stops the schedule; switches the card type off; creates and edits a mining
 * product and a pledge product and switches them off. Each change shows in its list, in the audit log and in what the phone
 * app reads; an auditor sees the pages with every action disabled.
 */
import type { Locator } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { ReefApi } from '../fixtures/api';
import { DAY, serverNow } from '../fixtures/cards';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { openConsole } from '../fixtures/console';
import { expect, test } from '../fixtures/test';

/** A time as the form's UTC datetime-local field takes it (minutes). */
const utcField = (ms: number) => new Date(ms).toISOString().slice(0, 16);

interface AuditEntry {
  action: string;
  target: unknown;
  request: unknown;
  after: unknown;
}

/**
 * The audit entries of one route whose request, target or values carry `text` (a text search: other rows' numbers
 * may match too), narrowed by `keep`.
 */
async function audited(api: ReefApi, action: string, text: string, keep: (entry: AuditEntry) => boolean = () => true): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ action, q: text, limit: '100' });
  return (await api.admin<{ list: AuditEntry[] }>('GET', `/api/admin/audit?${query.toString()}`)).list.filter(keep);
}

/** Keeps the entries of the row with this id (the route's `:id`). */
const on = (id: number) => (entry: AuditEntry) => (entry.target as { id?: unknown } | null)?.id === id;

async function confirmTwice(dialog: Locator, says: string | RegExp) {
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText(says);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('an administrator configures cards, mining and pledge products; the app reads them; an auditor only reads', async ({ browser, baseURL, api }) => {
  test.setTimeout(180_000);
  const mark = Date.now().toString(36);
  const desk = await openConsole(browser, baseURL!, ADMIN_PRIVATE_KEY);
  const dialog = desk.getByRole('dialog');

  // ── A card type: created in the console, shown in its list and to the app.
  const typeName = `Reef card ${mark}`;
  await desk.getByRole('link', { name: 'Card types' }).click();
  await desk.getByTestId('create-card-type').click();
  await dialog.getByLabel('Default name').fill(typeName);
  await dialog.getByLabel('English').fill(`${typeName} EN`);
  await dialog.getByLabel('Start price (RUSD)').fill('25.5');
  await dialog.getByLabel('Price step per resale (bp)').fill('500');
  await dialog.getByLabel('Fuel fee (bp of the price)').fill('1000');
  await dialog.getByLabel('Trading points').fill('2');
  await dialog.getByLabel('Hold days before listing').fill('1');
  await dialog.getByLabel('Days to list').fill('7');
  await dialog.getByLabel('Platform fee (bp)').fill('300');
  await dialog.getByLabel('Renewal fee (bp)').fill('100');
  await dialog.getByLabel('Limit per user').fill('2');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const typeRow = desk.getByTestId('table-card-types').locator('tr', { hasText: typeName });
  await expect(typeRow).toContainText('25.5000');
  const types = await api.admin<{ list: { id: number; name: string; obtainable_bp: number; names: Record<string, string> }[] }>(
    'GET',
    '/api/admin/cards/types',
  );
  const type = types.list.find((t) => t.name === typeName)!;
  // The seller's share defaults to what the fee leaves; the English name was kept beside the default one.
  expect(type).toMatchObject({ obtainable_bp: 9700, names: expect.objectContaining({ 'en-us': `${typeName} EN` }) as unknown });
  expect((await audited(api, 'cards/types', typeName)).map((e) => e.action)).toContain('POST /api/admin/cards/types');

  // ── A session of it, a month ahead on the server's clock, then opened now.
  const now = await serverNow(api);
  await desk.getByRole('link', { name: 'Sessions', exact: true }).click();
  await desk.getByTestId('create-session').click();
  await dialog.getByLabel('Card type').selectOption(String(type.id));
  await dialog.getByLabel('Opens (UTC)').fill(utcField(now + 30 * DAY));
  await dialog.getByLabel('Closes (UTC)').fill(utcField(now + 31 * DAY));
  await dialog.getByLabel('Stock', { exact: true }).fill('40');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await desk.getByTestId('session-type-filter').selectOption(String(type.id));
  const sessions = desk.getByTestId('table-card-sessions');
  await expect(sessions.locator('tbody tr')).toHaveCount(1);
  await expect(sessions).toContainText('Scheduled');
  const session = (await api.admin<{ list: { id: number; stock: number }[] }>('GET', `/api/admin/cards/sessions?type=${type.id}`)).list[0]!;
  expect(session.stock).toBe(40);
  const sessionRow = desk.getByTestId(`session-${session.id}`);
  await sessionRow.getByRole('button', { name: 'Open now' }).click();
  await confirmTwice(dialog, `Open now: #${session.id}`);
  await expect(sessions.locator('tbody tr')).toContainText('Opened');
  const appTypes = await api.data<{ list: { id: number; session: { id: number; state: string } | null }[] }>('GET', '/api/project/card', {
    token: (await api.signInViaApi(generatePrivateKey())).token,
  });
  expect(appTypes.list.find((t) => t.id === type.id)?.session).toMatchObject({ id: session.id, state: 'open' });

  // ── A customer's waiting buy order, cancelled from the console: a second confirmation names the refund.
  const customer = await api.signInViaApi(generatePrivateKey());
  await api.fund(customer.uid, 'rusd', '100');
  await api.fund(customer.uid, 'fuel', '10');
  await api.fund(customer.uid, 'trade', '5');
  const order = await api.data<{ id: number; state: string; reserved_rusd: string }>('POST', '/api/project/card/order', {
    token: customer.token,
    body: { card_type_id: type.id, min_price: '25.5', max_price: '30' },
    idempotencyKey: randomUUID(),
  });
  expect(order).toMatchObject({ state: 'waiting', reserved_rusd: '30.00000000' });
  const orderId = order.id;
  await desk.getByRole('link', { name: 'Buy orders' }).click();
  await desk.getByTestId('order-type-filter').selectOption(String(type.id));
  const orderRow = desk.getByTestId(`card-order-${orderId}`);
  await orderRow.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByLabel('Reason').fill(`console test ${mark}`);
  await confirmTwice(dialog, `Cancel buy order #${orderId} of uid ${customer.uid} and refund 30.0000 RUSD`);
  await expect(orderRow).toHaveCount(0);
  await desk.getByTestId('order-state-filter').selectOption('cancelled');
  await expect(desk.getByTestId('table-card-orders').locator('tr', { hasText: typeName })).toContainText('Cancelled');
  const balances = (await api.userInfo(customer.token)).balances;
  expect(balances.find((b) => b.key === 'rusd')?.amount).toMatch(/^100(\.0+)?$/);
  expect(balances.find((b) => b.key === 'fuel')?.amount).toMatch(/^10(\.0+)?$/);
  expect(balances.find((b) => b.key === 'trade')?.amount).toMatch(/^5(\.0+)?$/);
  expect(await audited(api, 'orders/:id/cancel', `console test ${mark}`)).toHaveLength(1);

  // ── The session closed now.
  await desk.getByRole('link', { name: 'Sessions', exact: true }).click();
  await desk.getByTestId('session-type-filter').selectOption(String(type.id));
  await expect(sessions.locator('tbody tr')).toHaveCount(1);
  await desk.getByTestId(`session-${session.id}`).getByRole('button', { name: 'Close now' }).click();
  await confirmTwice(dialog, 'its waiting buy orders are released');
  await expect(sessions.locator('tbody tr')).toContainText('Closed');
  await expect(desk.getByTestId(`session-${session.id}`)).toHaveCount(0);
  const sessionAudit = (await audited(api, 'cards/sessions', String(session.id), on(session.id))).map((e) => e.action);
  expect(sessionAudit).toEqual(expect.arrayContaining(['POST /api/admin/cards/sessions/:id/open', 'POST /api/admin/cards/sessions/:id/close']));

  // ── A weekly schedule: its sessions are written at once; one of them edited, then cancelled; the schedule stopped.
  await desk.getByRole('link', { name: 'Weekly schedules' }).click();
  await desk.getByTestId('create-schedule').click();
  await dialog.getByLabel('Card type').selectOption(String(type.id));
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await dialog.getByLabel(day, { exact: true }).check();
  await dialog.getByLabel('Opens at (UTC)').fill('12:00');
  await dialog.getByLabel('Open for (minutes)').fill('60');
  await dialog.getByLabel('Stock', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const schedules = await api.admin<{ list: { id: number; card_type_id: number; open_minute: number; active: boolean }[] }>(
    'GET',
    '/api/admin/cards/schedules',
  );
  const schedule = schedules.list.find((s) => s.card_type_id === type.id)!;
  expect(schedule).toMatchObject({ open_minute: 720, active: true });
  const scheduleRow = desk.getByTestId('table-card-schedules').locator('tr', { has: desk.getByTestId(`schedule-${schedule.id}`) });
  await expect(scheduleRow).toContainText('Mon, Tue, Wed, Thu, Fri, Sat, Sun');
  await expect(scheduleRow).toContainText('12:00');
  const written = await api.admin<{ list: { id: number; schedule_id: number | null; state: string; stock: number }[] }>(
    'GET',
    `/api/admin/cards/sessions?type=${type.id}&state=scheduled&limit=50`,
  );
  const upcoming = written.list.find((s) => s.schedule_id === schedule.id && s.state === 'not_started')!;
  expect(upcoming.stock).toBe(12);
  await desk.getByRole('link', { name: 'Sessions', exact: true }).click();
  await desk.getByTestId('session-type-filter').selectOption(String(type.id));
  const ofType = await api.admin<{ total: number }>('GET', `/api/admin/cards/sessions?type=${type.id}&limit=50`);
  await expect(sessions.locator('tbody tr')).toHaveCount(ofType.total);
  const upcomingRow = desk.getByTestId(`session-${upcoming.id}`);
  await upcomingRow.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Stock', { exact: true }).fill('15');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessions.locator('tr', { has: upcomingRow })).toContainText('15');
  await upcomingRow.getByRole('button', { name: 'Cancel session' }).click();
  await confirmTwice(dialog, `Cancel session: #${upcoming.id}`);
  await expect(upcomingRow).toHaveCount(0);
  const cancelled = (
    await api.admin<{ list: { id: number; stored_state: string; stock: number }[] }>('GET', `/api/admin/cards/sessions?type=${type.id}&state=cancelled`)
  ).list;
  expect(cancelled).toEqual([expect.objectContaining({ id: upcoming.id, stored_state: 'cancelled', stock: 15 })]);
  await desk.getByRole('link', { name: 'Weekly schedules' }).click();
  await desk.getByTestId(`schedule-${schedule.id}`).getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Active').uncheck();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(scheduleRow.locator('td').nth(7)).toHaveText('no');
  const scheduleAudit = (
    await audited(api, 'cards/schedules', String(type.id), (e) => (e.request as { card_type_id?: unknown } | null)?.card_type_id === type.id)
  ).map((e) => e.action);
  expect(scheduleAudit).toContain('POST /api/admin/cards/schedules');
  expect((await audited(api, 'cards/schedules/:id', String(schedule.id), on(schedule.id))).map((e) => e.action)).toContain(
    'POST /api/admin/cards/schedules/:id',
  );

  // ── The card type switched off by an edit: it leaves the app.
  await desk.getByRole('link', { name: 'Card types' }).click();
  await desk.getByTestId(`card-type-${type.id}`).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Start price (RUSD)')).toHaveValue('25.5');
  await dialog.getByLabel('Active').uncheck();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(typeRow.locator('td').nth(13)).toHaveText('no');
  const appTypesAfter = await api.data<{ list: { id: number }[] }>('GET', '/api/project/card', { token: customer.token });
  expect(appTypesAfter.list.map((t) => t.id)).not.toContain(type.id);

  // ── A mining product: created, edited, paused; the app lists it with its terms and status.
  const minerName = `Reef miner ${mark}`;
  await desk.getByRole('link', { name: 'Mining products' }).click();
  await desk.getByTestId('create-mining-product').click();
  await dialog.getByLabel('Name').fill(minerName);
  await dialog.getByLabel('Price', { exact: true }).fill('100');
  await dialog.getByLabel('Paid in').selectOption('usdt');
  await dialog.getByLabel('Period (days)').fill('30');
  await dialog.getByLabel('Output multiple of the price').fill('1.5');
  await dialog.getByLabel('Daily output per unit').fill('5');
  await dialog.getByLabel('Output asset').selectOption('coin');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const minerRow = desk.getByTestId('table-mining-products').locator('tr', { hasText: minerName });
  await expect(minerRow).toContainText('On sale');
  const product = (await api.admin<{ list: { id: number; name: string }[] }>('GET', '/api/admin/mining/products')).list.find((p) => p.name === minerName)!;
  await desk.getByTestId(`mining-product-${product.id}`).getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Daily output per unit').fill('6');
  await dialog.getByLabel('Limit per user').fill('3');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(minerRow).toContainText('6.0000 RSC');
  await desk.getByTestId(`mining-product-${product.id}`).getByRole('button', { name: 'Change status' }).click();
  await dialog.getByLabel('Status').selectOption('paused');
  await confirmTwice(dialog, `${minerName}: On sale → Paused`);
  await expect(minerRow).toContainText('Paused');
  await expect(desk.getByTestId('table-mining-outstanding')).toBeVisible();
  const appMiners = await api.data<{ list: { id: number; daily_output: string; per_user_limit: number | null; status: string }[] }>(
    'GET',
    '/api/project/mining_machine',
    { token: customer.token },
  );
  expect(appMiners.list.find((p) => p.id === product.id)).toMatchObject({ daily_output: '6.00000000', per_user_limit: 3, status: 'paused' });
  const minerAudit = (await audited(api, 'mining/products', String(product.id), on(product.id))).map((e) => e.action);
  expect(minerAudit).toEqual(expect.arrayContaining(['POST /api/admin/mining/products/:id', 'POST /api/admin/mining/products/:id/status']));
  expect((await audited(api, 'mining/products', minerName)).map((e) => e.action)).toContain('POST /api/admin/mining/products');

  // ── A pledge product: created on sale now, edited, then closed for good: it leaves the app.
  const pledgeName = `Reef pledge ${mark}`;
  const start = await serverNow(api);
  await desk.getByRole('link', { name: 'Pledge products' }).click();
  await desk.getByTestId('create-pledge-product').click();
  await dialog.getByLabel('Name').fill(pledgeName);
  await dialog.getByLabel('Product type').fill('Fixed');
  await dialog.getByLabel('Locked asset').selectOption('usdt');
  await dialog.getByLabel('Interest paid in').selectOption('usdt');
  await dialog.getByLabel('Cycle (days)').fill('30');
  await dialog.getByLabel('Annual rate').fill('0.12');
  await dialog.getByLabel('Minimum lock').fill('10');
  await dialog.getByLabel('Maximum per user').fill('1000');
  await dialog.getByLabel('Total cap').fill('100000');
  await dialog.getByLabel('Service fee rate').fill('0.01');
  await dialog.getByLabel('Sale starts (UTC)').fill(utcField(start - 60_000));
  await dialog.getByLabel('Sale ends (UTC)').fill(utcField(start + 10 * DAY));
  await dialog.getByLabel('Interest from (UTC)').fill(utcField(start + 10 * DAY));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const pledgeRow = desk.getByTestId('table-pledge-products').locator('tr', { hasText: pledgeName });
  await expect(pledgeRow).toContainText('Active');
  const pledge = (await api.admin<{ list: { id: number; name: string }[] }>('GET', '/api/admin/pledge/products')).list.find((p) => p.name === pledgeName)!;
  // Terms that do not fit together are refused with the server's message; the form stays open.
  await desk.getByTestId(`pledge-product-${pledge.id}`).getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Minimum lock').fill('5000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Minimum lock').fill('20');
  await dialog.getByLabel('Annual rate').fill('0.15');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(pledgeRow).toContainText('0.15');
  const appPledges = await api.data<{ list: { id: number; annual_rate: string; min_lock: string; state: string }[] }>('GET', '/api/project/pledge', {
    token: customer.token,
  });
  expect(appPledges.list.find((p) => p.id === pledge.id)).toMatchObject({ min_lock: '20.00000000', state: 'in_progress' });
  expect(Number(appPledges.list.find((p) => p.id === pledge.id)!.annual_rate)).toBe(0.15);
  await desk.getByTestId(`pledge-product-${pledge.id}`).getByRole('button', { name: 'Change status' }).click();
  await dialog.getByLabel('Status').selectOption('closed');
  await confirmTwice(dialog, `${pledgeName}: Active → Closed — closed is for good`);
  await expect(pledgeRow).toContainText('Closed');
  await expect(desk.getByTestId(`pledge-product-${pledge.id}`)).toHaveCount(0);
  await expect(desk.getByTestId('pledge-positions')).toBeVisible();
  const appPledgesAfter = await api.data<{ list: { id: number }[] }>('GET', '/api/project/pledge', { token: customer.token });
  expect(appPledgesAfter.list.map((p) => p.id)).not.toContain(pledge.id);
  const pledgeAudit = (await audited(api, 'pledge/products', String(pledge.id), on(pledge.id))).map((e) => e.action);
  expect(pledgeAudit).toEqual(expect.arrayContaining(['POST /api/admin/pledge/products/:id', 'POST /api/admin/pledge/products/:id/status']));
  // The refused edit changed nothing and left no audit entry: one edit, one status change.
  expect(pledgeAudit.filter((a) => a === 'POST /api/admin/pledge/products/:id')).toHaveLength(1);

  // ── The audit log page finds the console's changes too.
  await desk.getByRole('link', { name: 'Audit log' }).click();
  await desk.getByLabel('Any value contains').fill(minerName);
  await expect(desk.getByTestId('table-audit')).toContainText('POST /api/admin/mining/products');

  // ── An auditor: every page readable, every action disabled.
  const auditorKey = generatePrivateKey();
  await api.admin('POST', '/api/admin/roles/grant', { account: privateKeyToAccount(auditorKey).address, role: 'auditor' });
  const auditor = await openConsole(browser, baseURL!, auditorKey);
  await auditor.getByRole('link', { name: 'Card types' }).click();
  await expect(auditor.getByTestId('create-card-type')).toBeDisabled();
  await expect(auditor.getByTestId(`card-type-${type.id}`).getByRole('button', { name: 'Edit' })).toBeDisabled();
  for (const tab of ['Sessions', 'Weekly schedules', 'Default split rule']) {
    await auditor.getByRole('link', { name: tab, exact: true }).click();
    await expect(auditor.getByRole('heading', { name: tab, exact: true })).toBeVisible();
  }
  await expect(auditor.getByTestId('edit-split')).toBeDisabled();
  await auditor.getByRole('link', { name: 'Weekly schedules' }).click();
  await expect(auditor.getByTestId('create-schedule')).toBeDisabled();
  await auditor.getByRole('link', { name: 'Sessions', exact: true }).click();
  await expect(auditor.getByTestId('create-session')).toBeDisabled();
  await auditor.getByRole('link', { name: 'Mining products' }).click();
  await expect(auditor.getByTestId('create-mining-product')).toBeDisabled();
  await expect(auditor.getByTestId('pause-miner')).toBeDisabled();
  for (const name of ['Edit', 'Change status']) await expect(auditor.getByTestId(`mining-product-${product.id}`).getByRole('button', { name })).toBeDisabled();
  await auditor.getByRole('link', { name: 'Pledge products' }).click();
  await expect(auditor.getByTestId('table-pledge-products').locator('tr', { hasText: pledgeName })).toContainText('Closed');
  await expect(auditor.getByTestId('create-pledge-product')).toBeDisabled();
});
