/**
 * The points shop (issue 15 §1 Done-when): a user buys a physical item with mineral points — from Home's shortcut,
 * picking a new address on /choose-location, paying with the transaction password — the operator ships it through
 * the API, the user confirms receipt, and Mine's order counters move at each step. What the user typed (HTML included)
 * shows as text, and /open-location links the address to the maps app.
 */
import type { Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { visitByHash } from '../fixtures/pages';
import { createGoods, orderCounters, shipOrder } from '../fixtures/shop';
import { expect, test } from '../fixtures/test';

const PASSWORD = '582046';
const MARKUP = '<img src=x onerror="window.pwned=1">';

/** Mine's five badges, in the order the row shows them. */
async function expectCounters(page: Page, counts: { unpaid: number; unshipped: number; received: number; complete: number; all: number }) {
  // From Home through the tab bar, as a person does: Mine asks the server again each time it shows.
  await visitByHash(page, PAGES.home);
  await page.getByTestId('tab-mine').click();
  const row = page.getByTestId('mine-orders');
  await expect(row.getByTestId('mine-count-unpaid_count')).toHaveText(String(counts.unpaid));
  await expect(row.getByTestId('mine-count-unshipped_count')).toHaveText(String(counts.unshipped));
  await expect(row.getByTestId('mine-count-received_count')).toHaveText(String(counts.received));
  await expect(row.getByTestId('mine-count-complete_count')).toHaveText(String(counts.complete));
  await expect(row.getByTestId('mine-count-order_count')).toHaveText(String(counts.all));
}

test('buys a physical item with points: address picked, paid with the password, shipped, received; Mine counts each step', async ({
  page,
  wallet,
  api,
  app,
}) => {
  test.setTimeout(120_000);
  const goods = await createGoods(api, { title: 'Reef mug', price: '50', asset: 'mineral', stock: 5, kind: 'physical', description: 'Blue.\nHolds 300 ml.' });
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'mineral', '120');
  await api.setPayPassword(user.token, PASSWORD);
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();

  // Mine before anything: every counter at zero.
  await expectCounters(page, { unpaid: 0, unshipped: 0, received: 0, complete: 0, all: 0 });

  // Home's shortcut opens the shop; the item's page; buy two.
  await visitByHash(page, PAGES.home);
  await page.getByTestId('quick-shop').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Points shop');
  await page.getByTestId(`shop-goods-${goods.id}`).click();
  await expect(page.getByTestId('shop-goods-title')).toHaveText('Reef mug');
  await expect(page.getByTestId('shop-goods-price')).toHaveText('50.0000 MP');
  await page.getByTestId('shop-quantity').fill('2');
  await page.getByTestId('shop-buy').click();

  // To be confirmed: no address yet, so the order waits for one; /choose-location adds it and comes back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm order');
  await expect(page.getByTestId('shop-confirm-total')).toHaveText('100.0000 MP');
  await expect(page.getByTestId('shop-place-order')).toBeDisabled();
  await page.getByTestId('shop-choose-address').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose location');
  await expect(page.getByTestId('shop-addresses-empty')).toBeVisible();
  await page.getByTestId('shop-address-new').click();
  await page.getByTestId('shop-address-name').fill('Ana Reef');
  await page.getByTestId('shop-address-phone').fill('+55 11 91234-5678');
  await page.getByTestId('shop-address-region').fill('São Paulo SP');
  await page.getByTestId('shop-address-detail').fill(`Rua do Coral 7 ${MARKUP}`);
  await page.getByTestId('shop-address-save').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm order');
  await expect(page.getByTestId('shop-confirm-address')).toContainText(`Rua do Coral 7 ${MARKUP}`);
  await page.getByTestId('shop-place-order').click();

  // The order, to be paid.
  await expect(page.getByTestId('shop-order-status')).toHaveText('To be paid');
  const orderId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
  expect(orderId).toBeGreaterThan(0);
  await expectCounters(page, { unpaid: 1, unshipped: 0, received: 0, complete: 0, all: 1 });

  // Pay opens the review every spend shows (issue 25 §7): the item, the total and the balance after, then the
  // password. A wrong password is refused in the sheet and nothing moves; the right one pays.
  await visitByHash(page, `/pages/shop/order?id=${orderId}`);
  await page.getByTestId('shop-pay-submit').click();
  const review = page.getByTestId('shop-pay');
  await expect(review.getByTestId('shop-pay-total')).toHaveText('100.0000 MP');
  await expect(review.getByTestId('shop-pay-after')).toHaveText('20.0000 MP');
  await review.getByTestId('shop-pay-password').fill('000000');
  await review.getByTestId('shop-pay-confirm').click();
  await expect(review.getByTestId('shop-pay-error')).toHaveText('Incorrect transaction password');
  await expect(page.getByTestId('shop-order-status')).toHaveText('To be paid');
  expect((await api.userInfo(user.token)).balances.find((b) => b.key === 'mineral')!.amount).toBe('120.00000000');
  await review.getByTestId('shop-pay-password').fill(PASSWORD);
  // A tap within 500 ms of the refused one is ignored (the double-tap guard): tap again, while the sheet is there,
  // until it is taken.
  const status = page.getByTestId('shop-order-status');
  await expect(async () => {
    if (await review.isVisible()) await review.getByTestId('shop-pay-confirm').click({ timeout: 1000 });
    await expect(status).toHaveText('To be shipped', { timeout: 1000 });
  }).toPass();
  expect((await api.userInfo(user.token)).balances.find((b) => b.key === 'mineral')!.amount).toBe('20.00000000');
  await expectCounters(page, { unpaid: 0, unshipped: 1, received: 0, complete: 0, all: 1 });

  // The operator ships it through the API; the order shows the carrier and the tracking number.
  expect((await shipOrder(api, orderId, 'Correios', 'BR123456789')).status).toBe('shipped');
  await expectCounters(page, { unpaid: 0, unshipped: 0, received: 1, complete: 0, all: 1 });
  await page.getByTestId('mine-orders-shipped').click();
  await page.getByTestId(`shop-order-${orderId}`).click();
  await expect(page.getByTestId('shop-order-status')).toHaveText('To be received');
  await expect(page.getByTestId('shop-order-carrier')).toHaveText('Correios');
  await expect(page.getByTestId('shop-order-tracking')).toHaveText('BR123456789');

  // /open-location: the address as typed (markup as text) and a maps link.
  await page.getByTestId('shop-order-address').click();
  await expect(page.getByTestId('shop-location-address')).toContainText(`Rua do Coral 7 ${MARKUP}`);
  await expect(page.getByTestId('shop-location-maps')).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Rua%20do%20Coral%207%20/,
  );
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // The user confirms receipt: complete.
  await visitByHash(page, `/pages/shop/order?id=${orderId}`);
  await page.getByTestId('shop-receive').click();
  await expect(page.getByTestId('shop-order-status')).toHaveText('Complete');
  await expectCounters(page, { unpaid: 0, unshipped: 0, received: 0, complete: 1, all: 1 });
  expect(await orderCounters(api, user.token)).toEqual({ complete_count: 1, received_count: 0, unshipped_count: 0, order_count: 1, unpaid_count: 0 });
});
