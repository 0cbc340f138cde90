/**
 * The console's points shop and game zone pages (issue 16, decisions 073, 070–072, 085) on a desktop viewport with
 * the injected wallet: the administrator lists goods in the console, a customer buys it, the console ships the order
 * with carrier and tracking number after a second confirmation; the game settings form shows the server's refusal,
 * free raffle spins are granted;
 * an auditor sees both pages with every action disabled.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { openConsole } from '../fixtures/console';
import { expect, test } from '../fixtures/test';

const PASSWORD = '731946';

interface Goods {
  id: number;
  title: string;
  price: string;
  stock: number;
  per_user_limit: number | null;
  kind: string;
}

test('the console lists goods, ships a paid order, shows a refused game setting; an auditor only reads', async ({ browser, baseURL, api }) => {
  test.setTimeout(150_000);
  const mark = Date.now().toString(36);
  const title = `Coral lamp ${mark}`;
  const desk = await openConsole(browser, baseURL!, ADMIN_PRIVATE_KEY);

  // Goods: created in the console, physical, with a per-user limit.
  await desk.getByRole('link', { name: 'Points shop' }).click();
  await desk.getByTestId('create-goods').click();
  const dialog = desk.getByRole('dialog');
  await dialog.getByLabel('Name').fill(title);
  await dialog.getByLabel('Price').fill('7.5');
  await dialog.getByLabel('Asset').selectOption('mineral');
  await dialog.getByLabel('Stock').fill('3');
  await dialog.getByLabel('Limit per user').fill('2');
  await dialog.getByLabel('Kind').selectOption('physical');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByTestId('table-goods').locator('tr', { hasText: title })).toContainText('Physical');
  const goods = (await api.admin<{ list: Goods[] }>('GET', '/api/admin/shop/goods')).list.find((g) => g.title === title)!;
  expect(goods).toMatchObject({ price: '7.50000000', stock: 3, per_user_limit: 2, kind: 'physical' });

  // A customer buys one and pays.
  const customer = await api.signInViaApi(generatePrivateKey());
  await api.fund(customer.uid, 'mineral', '20');
  await api.setPayPassword(customer.token, PASSWORD);
  const address = await api.data<{ id: number }>('POST', '/api/address', {
    token: customer.token,
    body: { name: 'Lea Reef', phone: '+49 30 1234567', region: 'Berlin', detail: 'Korallenweg 3' },
  });
  const order = await api.data<{ id: number; order_no: string }>('POST', '/api/point/order', {
    token: customer.token,
    body: { goods_id: goods.id, quantity: 1, address_id: address.id },
  });
  await api.data('POST', `/api/point/pay/id/${order.id}`, { token: customer.token, body: { password: PASSWORD } });

  // Ship it: carrier and tracking number, then the second confirmation repeats them.
  await desk.reload();
  const row = desk.getByTestId(`order-${order.id}`);
  await row.getByRole('button', { name: 'Ship' }).click();
  await dialog.getByLabel('Carrier').fill('DHL');
  await dialog.getByLabel('Tracking number').fill(`JD-${mark}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText(`Ship ${order.order_no} → DHL JD-${mark}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await desk.getByTestId('order-status-filter').selectOption('shipped');
  await expect(desk.getByTestId('table-shop-orders').locator('tr', { hasText: order.order_no })).toContainText(`DHL JD-${mark}`);
  const shipped = await api.data<{ status: string; carrier: string; tracking_no: string }>('GET', `/api/point/detail/id/${order.id}`, {
    token: customer.token,
  });
  expect(shipped).toMatchObject({ status: 'shipped', carrier: 'DHL', tracking_no: `JD-${mark}` });

  // Games: an RTP off the paytable is refused with the server's message, the form stays open; the stated one saves.
  await desk.getByRole('link', { name: 'Game zone' }).click();
  const before = (await api.admin<{ list: { game: string; rtp: string; enabled: boolean }[] }>('GET', '/api/admin/game/settings')).list.find(
    (g) => g.game === 'blind_box',
  )!;
  await desk.getByTestId('game-blind_box').getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('RTP').fill('0.5');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('RTP 0.5');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toBeVisible();
  expect((await refusal.textContent())!.length).toBeGreaterThan(3);
  await dialog.getByLabel('RTP').fill(before.rtp);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const after = (await api.admin<{ list: { game: string; rtp: string; enabled: boolean }[] }>('GET', '/api/admin/game/settings')).list.find(
    (g) => g.game === 'blind_box',
  )!;
  expect(after).toMatchObject({ rtp: before.rtp, enabled: before.enabled });
  await expect(desk.getByTestId('table-game-house')).toBeVisible();

  // The raffle: its wheel is shown; free spins granted to the customer after a second confirmation.
  await expect(desk.getByTestId('raffle-state')).toBeVisible();
  await desk.getByTestId('grant-spins').click();
  await dialog.getByLabel('uid').fill(String(customer.uid));
  await dialog.getByLabel('Spins').fill('3');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText(`Grant free spins: uid ${customer.uid} +3`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.data<{ spins_left: number }>('GET', '/api/game/raffle', { token: customer.token })).spins_left).toBe(3);

  // An auditor: both pages readable, every action disabled.
  const auditorKey = generatePrivateKey();
  await api.admin('POST', '/api/admin/roles/grant', { account: privateKeyToAccount(auditorKey).address, role: 'auditor' });
  const auditor = await openConsole(browser, baseURL!, auditorKey);
  await auditor.getByRole('link', { name: 'Points shop' }).click();
  await expect(auditor.getByTestId('create-goods')).toBeDisabled();
  await expect(auditor.getByTestId(`goods-${goods.id}`).getByRole('button', { name: 'Edit' })).toBeDisabled();
  await auditor.getByRole('link', { name: 'Game zone' }).click();
  await expect(auditor.getByTestId('game-slot').getByRole('button', { name: 'Edit' })).toBeDisabled();
  for (const name of ['edit-raffle', 'grant-spins']) await expect(auditor.getByTestId(name)).toBeDisabled();
  await auditor.getByRole('link', { name: 'Articles and announcements' }).click();
  await expect(auditor.getByTestId('create-article')).toBeDisabled();
});
