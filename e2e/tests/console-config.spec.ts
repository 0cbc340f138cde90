/**
 * The console's configuration pages (issue 16) on a desktop viewport with the injected wallet: an administrator edits
 * a lake, creates an airdrop campaign and sets its rules, sets a language's share content, puts and deletes a level
 * and changes a reward rule (a refused value shows the server's message in the form). Each change shows in the page's
 * list, in the audit log, and where the phone app reads it (the lakes list, the open airdrops, the share content).
 * An auditor sees the same pages with every action disabled. Changing levels, reward rules and share content on the
 * suite's shared server would change what other specs running in parallel see, so the file starts its own server.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { OWN_SERVER_READY_TIMEOUT_MS, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { openConsole } from '../fixtures/console';
import { expect, test } from '../fixtures/test';

let server: OwnServer;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  server = await startOwnServer('console-config', {});
});

test.afterAll(async () => {
  await server?.stop();
});

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

async function ok<T>(request: APIRequestContext, method: 'GET' | 'POST', pathname: string, token?: string, body?: unknown, language?: string): Promise<T> {
  const response = await request.fetch(`${server.origin}${pathname}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(language ? { 'Accept-Language': language } : {}) },
    data: body,
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.status !== 200) throw new Error(`${method} ${pathname}: ${answer.status} ${answer.msg} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

async function signIn(request: APIRequestContext, privateKey: Hex): Promise<{ token: string; uid: number }> {
  const account = privateKeyToAccount(privateKey);
  const { nonce } = await ok<{ nonce: string }>(request, 'GET', '/api/login/nonce');
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
  const { token } = await ok<{ token: string }>(request, 'POST', '/api/login', undefined, {
    sign: await account.signMessage({ message: msg }),
    account: account.address,
    msg,
  });
  const info = await ok<{ uid: number }>(request, 'GET', '/api/user/info', token);
  return { token, uid: info.uid };
}

interface AuditEntry {
  action: string;
  target: unknown;
  request: unknown;
  after: unknown;
}

test('an administrator edits lakes, airdrops, share content, levels and reward rules; each is audited; an auditor only reads', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await signIn(request, ADMIN_PRIVATE_KEY);
  const audit = async (action: string) =>
    (await ok<{ list: AuditEntry[] }>(request, 'GET', `/api/admin/audit?action=${encodeURIComponent(action)}&limit=100`, admin.token)).list;
  const lake = await ok<{ id: number; base_symbol: string; quote_symbol: string }>(request, 'POST', '/api/admin/lakes', admin.token, {
    base: 'coin',
    quote: 'usdt',
    reserve_base: '1000',
    reserve_quote: '5000',
    fee_rate: '0.003',
    burn_share: '0.5',
    main: true,
  });

  const desk = await openConsole(browser, server.origin, ADMIN_PRIVATE_KEY);
  const dialog = desk.getByRole('dialog');

  // Lakes: the fee rate and burn share changed after a second confirmation; the app's lakes list answers them.
  await desk.getByRole('link', { name: 'Lakes' }).click();
  const lakeRow = desk.getByTestId('table-lakes').locator('tr', { has: desk.getByTestId(`lake-${lake.id}`) });
  await expect(lakeRow).toContainText(`${lake.base_symbol}/${lake.quote_symbol}`);
  await desk.getByTestId(`lake-${lake.id}`).getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Fee rate').fill('0.0025');
  await dialog.getByLabel('Burn share').fill('0.4');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('fee rate 0.0025 · burn share 0.4');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(lakeRow).toContainText('0.0025');
  const lakes = await ok<{ list: { id: number; fee_rate: string; burn_share: string; open: boolean }[] }>(request, 'GET', '/api/lakes');
  expect(lakes.list.find((l) => l.id === lake.id)).toMatchObject({ open: true });
  expect(Number(lakes.list.find((l) => l.id === lake.id)!.fee_rate)).toBe(0.0025);
  expect(Number(lakes.list.find((l) => l.id === lake.id)!.burn_share)).toBe(0.4);
  expect(await audit('/api/admin/lakes/:id')).toEqual([
    expect.objectContaining({ target: { id: lake.id }, request: { open: true, fee_rate: '0.0025', burn_share: '0.4' } }),
  ]);

  // Airdrops: a campaign for everyone (two confirmations: it gives money away), then its rules set.
  await desk.getByRole('link', { name: 'Airdrop campaigns' }).click();
  await desk.getByTestId('create-airdrop').click();
  await dialog.getByRole('combobox', { name: 'Asset', exact: true }).selectOption('coin');
  await dialog.getByLabel('Amount per claim').fill('3.5');
  await dialog.getByLabel('Minimum account age (hours)').fill('2');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('Give 3.5 coin to each claimant (Everyone with a referrer)');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const campaigns = await ok<{ list: { id: number; amount: string; state: string }[] }>(request, 'GET', '/api/admin/airdrops', admin.token);
  const campaign = campaigns.list[0]!;
  expect(campaign).toMatchObject({ amount: '3.50000000', state: 'open' });
  const campaignRow = desk.getByTestId('table-airdrops').locator('tr', { has: desk.getByTestId(`airdrop-${campaign.id}`) });
  await expect(campaignRow).toContainText('3.5000 RSC');
  await expect(campaignRow).toContainText('Minimum account age (hours) 2');
  await desk.getByTestId(`airdrop-${campaign.id}`).getByRole('button', { name: 'Set rules' }).click();
  await dialog.getByLabel('Minimum account age (hours)').fill('');
  await dialog.getByLabel('Claims per referrer').fill('4');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(campaignRow).toContainText('Claims per referrer’s invitees (at most) 4');
  await expect(campaignRow).not.toContainText('Minimum account age');
  await desk.getByTestId('airdrop-state-filter').selectOption('scheduled');
  await expect(desk.getByTestId(`airdrop-${campaign.id}`)).toHaveCount(0);
  await desk.getByTestId('airdrop-state-filter').selectOption('open');
  await expect(desk.getByTestId(`airdrop-${campaign.id}`)).toBeVisible();
  // The app lists it open with the operator's amount and rules.
  const member = await signIn(request, generatePrivateKey());
  const open = await ok<{ list: { id: number; amount: string; rules: { per_referrer_cap: number | null; min_account_age_hours: number | null } }[] }>(
    request,
    'GET',
    '/api/airdrops',
    member.token,
  );
  expect(open.list.find((c) => c.id === campaign.id)).toMatchObject({ amount: '3.50000000', rules: { per_referrer_cap: 4, min_account_age_hours: null } });
  expect((await audit('POST /api/admin/airdrops')).map((e) => e.action)).toContain('POST /api/admin/airdrops');
  expect(await audit('/api/admin/airdrops/:id/rules')).toEqual([expect.objectContaining({ target: { id: campaign.id } })]);

  // Share content: English set; the app reading in English gets it, in Traditional Chinese still the default.
  const mark = Date.now().toString(36);
  await desk.getByRole('link', { name: 'Share content' }).click();
  await desk.getByTestId('set-share').click();
  await dialog.getByLabel('Language').selectOption('en-us');
  await dialog.getByLabel('Title').fill(`Dive in ${mark}`);
  await dialog.getByLabel('Synopsis').fill('Join the reef with my invitation.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByTestId('share-en-us').locator('xpath=ancestor::tr')).toContainText(`Dive in ${mark}`);
  expect(await ok(request, 'GET', '/api/share', undefined, undefined, 'en-US')).toMatchObject({ title: `Dive in ${mark}`, language: 'en-us', img: null });
  expect(await ok(request, 'GET', '/api/share', undefined, undefined, 'zh-TW')).toMatchObject({ language: 'zh-tw' });
  expect(await audit('/api/admin/share/:language')).toEqual([
    expect.objectContaining({ target: { language: 'en-us' }, request: expect.objectContaining({ title: `Dive in ${mark}` }) }),
  ]);
  // The default cannot be removed: there is no button for it.
  await expect(desk.getByTestId('share-zh-tw').getByRole('button', { name: 'Remove' })).toHaveCount(0);

  // Levels: V7 put, shown, then deleted after a second confirmation.
  await desk.getByRole('link', { name: 'Levels' }).click();
  await desk.getByTestId('put-level').click();
  await dialog.getByRole('spinbutton', { name: 'Level', exact: true }).fill('7');
  await dialog.getByLabel('Name').fill(`Reef ${mark}`);
  await dialog.getByLabel('Minimum small-area performance').fill('25000');
  await dialog.getByLabel('Minimum direct members').fill('5');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const levelRow = desk.getByTestId('table-levels').locator('tr', { has: desk.getByTestId('level-7') });
  for (const text of ['V7', `Reef ${mark}`, '25,000.0000']) await expect(levelRow).toContainText(text);
  expect((await ok<{ list: { level: number; name: string }[] }>(request, 'GET', '/api/admin/community/levels', admin.token)).list).toContainEqual(
    expect.objectContaining({ level: 7, name: `Reef ${mark}`, min_direct: 5 }),
  );
  await desk.getByTestId('level-7').getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText(`Delete level V7 Reef ${mark}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByTestId('level-7')).toHaveCount(0);
  expect((await audit('/api/admin/community/levels/:level')).map((e) => e.action).sort()).toEqual([
    'DELETE /api/admin/community/levels/:level',
    'POST /api/admin/community/levels/:level',
  ]);

  // Reward rules: a rate above 1 is refused with the server's message; 0.07 is in force after the confirmation.
  await desk.getByRole('link', { name: 'Reward rules' }).click();
  await desk.getByTestId('set-reward-rule').click();
  await dialog.getByRole('combobox', { name: 'Setting', exact: true }).selectOption('direct');
  await dialog.getByLabel('Value').fill('1.5');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('Direct reward rate = 1.5 from now');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toBeVisible();
  expect((await refusal.textContent())!.length).toBeGreaterThan(3);
  await dialog.getByLabel('Value').fill('0.07');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('Direct reward rate = 0.07 from now');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // The rate exact, as set (not rounded to the amounts' four display places).
  await expect(
    desk
      .getByTestId('table-reward-rules')
      .locator('tr', { has: desk.getByTestId('rule-direct-0-0') })
      .locator('td')
      .nth(3),
  ).toHaveText('0.07');
  const rules = await ok<{ in_force: { rule: string; value: string }[] }>(request, 'GET', '/api/admin/rewards/rules', admin.token);
  expect(rules.in_force.find((r) => r.rule === 'direct')).toMatchObject({ value: '0.07000000' });
  expect(await audit('/api/admin/rewards/rules')).toEqual([
    expect.objectContaining({ request: expect.objectContaining({ rule: 'direct', value: '0.07000000' }) }),
  ]);

  // The audit log page finds the changes too.
  await desk.getByRole('link', { name: 'Audit log' }).click();
  await desk.getByLabel('Action contains').fill('/api/admin/');
  const log = desk.getByTestId('table-audit');
  for (const action of [
    'POST /api/admin/lakes/:id',
    'POST /api/admin/airdrops',
    'PUT /api/admin/airdrops/:id/rules',
    'POST /api/admin/share/:language',
    'DELETE /api/admin/community/levels/:level',
    'POST /api/admin/rewards/rules',
  ])
    await expect(log).toContainText(action);

  // An auditor: the same pages, every action disabled.
  const auditorKey = generatePrivateKey();
  await ok(request, 'POST', '/api/admin/roles/grant', admin.token, { account: privateKeyToAccount(auditorKey).address, role: 'auditor' });
  const auditor = await openConsole(browser, server.origin, auditorKey);
  await auditor.getByRole('link', { name: 'Lakes' }).click();
  await expect(auditor.getByTestId('create-lake')).toBeDisabled();
  await expect(auditor.getByTestId(`lake-${lake.id}`).getByRole('button', { name: 'Edit' })).toBeDisabled();
  await auditor.getByRole('link', { name: 'Airdrop campaigns' }).click();
  await expect(auditor.getByTestId('create-airdrop')).toBeDisabled();
  await expect(auditor.getByTestId(`airdrop-${campaign.id}`).getByRole('button', { name: 'Set rules' })).toBeDisabled();
  await auditor.getByRole('link', { name: 'Share content' }).click();
  await expect(auditor.getByTestId('set-share')).toBeDisabled();
  await expect(auditor.getByTestId('share-en-us').getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(auditor.getByTestId('share-en-us').getByRole('button', { name: 'Remove' })).toBeDisabled();
  await auditor.getByRole('link', { name: 'Levels' }).click();
  await expect(auditor.getByTestId('put-level')).toBeDisabled();
  await expect(auditor.getByTestId('level-0').getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(auditor.getByTestId('set-factor')).toBeDisabled();
  await auditor.getByRole('link', { name: 'Reward rules' }).click();
  await expect(auditor.getByTestId('set-reward-rule')).toBeDisabled();
  await expect(auditor.getByTestId('rule-direct-0-0').getByRole('button', { name: 'Change' })).toBeDisabled();
});
