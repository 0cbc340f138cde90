/**
 * Cards (issue 11) with two wallets, on a server of this file's own: the test moves the business clock (the
 * test-only offset, CLOCK_ADJUSTABLE), which the suite's shared server must not do under the other specs.
 *
 * A starter card is bought the second its session opens (the countdown reaches zero on screen and Buy enables with
 * no reload), listed once its holding time is over (the server clock moved a day), and sold to the second user's buy
 * order in the next session; both see the match in their trade record. A buyer without RUSD is offered the RUSD
 * charge page; without fuel points, told so.
 */
import type { Page } from '@playwright/test';
import { STORAGE } from '../fixtures/app';
import { advanceClock, createCardType, createSession, DAY, SECOND, type AdminCardType } from '../fixtures/cards';
import { OWN_SERVER_READY_TIMEOUT_MS, ownServerApi, signInOnServer, startOwnServer, type OwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';

let server: OwnServer;

// One server, one clock that only moves forward: the tests run in order.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_READY_TIMEOUT_MS + 30_000);
  server = await startOwnServer('cards', { CLOCK_ADJUSTABLE: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Client-side navigation inside the app already open on this server. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);
}

const CORAL: Parameters<typeof createCardType>[1] = {
  name: 'Coral card',
  start_price: '100',
  price_step_bp: 500,
  fuel_fee_bp: 1000,
  trade_points: '1',
  hold_days: 1,
  list_window_days: 7,
  platform_fee_bp: 500,
  renewal_fee_bp: 100,
  per_user_cap: 1,
};

test('without RUSD the buy offers the RUSD charge page; without fuel points it says so', async ({ page, wallet, request, app }) => {
  test.setTimeout(90_000);
  const api = ownServerApi(request, server);
  const type = await createCardType(api, { ...CORAL, name: 'Shallow card' });
  await createSession(api, type.id, { opensInMs: 0, durationMs: 2 * 3600 * SECOND, stock: 10 });
  const buyer = await api.signInViaApi(wallet.privateKey);
  await api.fund(buyer.uid, 'fuel', '50');

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await signInOnServer(page, server);
  await open(page, '/pages/cards/index');
  const offer = page.getByTestId(`starter-${type.id}`);
  await expect(offer.getByTestId(`starter-${type.id}-session`)).toHaveAttribute('data-phase', 'open');
  await expect(offer.getByTestId(`starter-${type.id}-price`)).toHaveText('100.0000 RUSD');
  await expect(offer.getByTestId(`starter-${type.id}-fuel`)).toHaveText('10.0000 FP');

  await offer.getByTestId(`starter-${type.id}-buy`).click();
  const sheet = page.getByTestId(`starter-${type.id}-shortfall`);
  await expect(sheet).toContainText('Buy RUSD with USDT or BNB');
  await sheet.getByTestId(`starter-${type.id}-shortfall-charge`).click();
  await expect(page).toHaveURL(/#\/pages\/property\/single$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy RUSD');

  // RUSD now, but no fuel points: refused, and the sheet offers no charge (fuel points are not for sale).
  await api.fund(buyer.uid, 'rusd', '200');
  await api.fund(buyer.uid, 'fuel', '-50');
  await open(page, '/pages/cards/index');
  await offer.getByTestId(`starter-${type.id}-buy`).click();
  await expect(sheet).toContainText('Fuel points cannot be bought');
  await expect(sheet.getByTestId(`starter-${type.id}-shortfall-charge`)).toHaveCount(0);
  // Nothing moved.
  const info = await api.userInfo(buyer.token);
  expect(info.balances.find((b) => b.key === 'rusd')!.amount).toBe('200.00000000');
});

test('bought as the session opens, listed after the holding time, sold to a buy order in the next session; both see the record', async ({
  page,
  wallet,
  request,
  app,
  openUserSession,
}) => {
  test.setTimeout(180_000);
  const api = ownServerApi(request, server);
  const type: AdminCardType = await createCardType(api, CORAL);
  const seller = await api.signInViaApi(wallet.privateKey);
  await api.fund(seller.uid, 'rusd', '200');
  await api.fund(seller.uid, 'fuel', '50');
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await signInOnServer(page, server);
  // Opens a few seconds from now on the server's clock: the page is open before, and must enable Buy at zero.
  await createSession(api, type.id, { opensInMs: 10 * SECOND, durationMs: 3600 * SECOND, stock: 5 });
  await open(page, '/pages/cards/index');

  const offer = page.getByTestId(`starter-${type.id}`);
  const session = offer.getByTestId(`starter-${type.id}-session`);
  const buy = offer.getByTestId(`starter-${type.id}-buy`);
  await expect(session).toHaveAttribute('data-phase', 'upcoming');
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveText('Session not started');
  await expect(offer.getByTestId(`starter-${type.id}-stock-left`)).toHaveText('5 / 5');
  // The countdown ticks down on screen to its last second, then the session opens without a reload.
  await expect(offer.getByTestId(`starter-${type.id}-session-time`)).toHaveText('00:00:01', { timeout: 20_000 });
  await expect(session).toHaveAttribute('data-phase', 'open', { timeout: 5_000 });
  await expect(buy).toBeEnabled();
  await expect(buy).toHaveText('Buy');
  await buy.click();

  await expect(page.getByTestId('purchase-success')).toBeVisible();
  await expect(page.getByTestId('purchase-success-price')).toHaveText('100.0000 RUSD');
  await expect(page.getByTestId('purchase-success-fuel')).toHaveText('10.0000 FP');
  const cardId = Number(new URL(page.url().replace('#', '')).searchParams.get('card'));
  expect(cardId).toBeGreaterThan(0);

  // Holding: the card cannot be listed yet, and the sell page says until when.
  await page.getByTestId('purchase-success-card').click();
  await expect(page.getByTestId('card-stage')).toHaveAttribute('data-stage', 'holding');
  await expect(page.getByTestId('card-sell')).toHaveCount(0);
  await expect(page.getByTestId('card-history-line')).toHaveCount(1);
  await expect(page.getByTestId('card-history-line').first()).toHaveAttribute('data-event', 'bought');
  await open(page, `/pages/cards/sell?card=${cardId}`);
  await expect(page.getByTestId('sell-note')).toContainText('It can be listed from');
  await expect(page.getByTestId('sell-submit')).toBeDisabled();

  // The second user signs in now: a sign-in message is dated by the wallet's real clock, which the server checks
  // against its business time, so it must happen before that time moves a day ahead.
  const other = await openUserSession();
  const buyer = await api.signInViaApi(other.wallet.privateKey);
  await api.fund(buyer.uid, 'rusd', '300');
  await api.fund(buyer.uid, 'fuel', '50');
  await api.fund(buyer.uid, 'trade', '5');
  await other.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await signInOnServer(other.page, server);

  // A day and a minute later on the server's clock, past the holding time: the first session is over.
  await advanceClock(api, DAY + 60 * SECOND);
  await page.reload();
  await expect(page.getByTestId('sell-list-price')).toHaveText('105.0000 RUSD');
  await expect(page.getByTestId('sell-fee')).toHaveText('5.2500 RUSD');
  await expect(page.getByTestId('sell-obtainable')).toHaveText('99.7500 RUSD');
  await expect(page.getByTestId('sell-submit')).toBeEnabled();
  await page.getByTestId('sell-submit').click();
  await expect(page.getByTestId('trading-success')).toContainText('Coral card is listed');
  await page.getByTestId('trading-success-sales').click();
  const sale = page.getByTestId('my-sale').first();
  await expect(sale).toHaveAttribute('data-state', 'not_started');
  await expect(sale.getByTestId('my-sale-price')).toHaveText('105.0000 RUSD');

  // The second user finds the listing on the market by the seller's id, and bids at its price.
  await open(other.page, '/pages/trading/index');
  const market = other.page;
  await market.getByTestId('market-min').fill('200');
  await market.getByTestId('market-apply').click();
  await expect(market.locator('p.empty-state')).toBeVisible();
  await market.getByTestId('market-clear').click();
  await market.getByTestId('market-seller').fill(String(seller.uid));
  await market.getByTestId('market-apply').click();
  const listing = market.getByTestId('market-listing');
  await expect(listing).toHaveCount(1);
  await expect(listing).toHaveAttribute('data-seller', String(seller.uid));
  await expect(listing.getByTestId('market-listing-price')).toHaveText('105.0000 RUSD');
  await listing.click();
  await expect(market.getByTestId('listing-seller')).toHaveText(String(seller.uid));
  // The next session, a few seconds ahead: the order form waits for it.
  await createSession(api, type.id, { opensInMs: 10 * SECOND, durationMs: 3600 * SECOND, stock: 5 });
  await market.getByTestId('listing-order').click();

  // The order form: the band from the listing, what it reserves, and the button opening with the session.
  await expect(market.getByTestId('order-min')).toHaveValue('105');
  await expect(market.getByTestId('order-max')).toHaveValue('105');
  await expect(market.getByTestId('order-reserve-rusd')).toHaveText('105.0000 RUSD');
  await expect(market.getByTestId('order-reserve-fuel')).toHaveText('10.5000 FP');
  await expect(market.getByTestId('order-reserve-trade')).toHaveText('1.0000 TP');
  const place = market.getByTestId('order-submit');
  await expect(market.getByTestId('order-session')).toHaveAttribute('data-phase', 'upcoming');
  await expect(place).toBeDisabled();
  await expect(market.getByTestId('order-session')).toHaveAttribute('data-phase', 'open', { timeout: 25_000 });
  await expect(place).toBeEnabled();
  await place.click();
  await expect(market.getByTestId('trading-success')).toContainText('Buy order placed');
  await market.getByTestId('trading-success-orders').click();
  const order = market.getByTestId('my-order').first();
  await expect(order).toHaveAttribute('data-state', 'completed', { timeout: 20_000 });
  await expect(order.getByTestId('my-order-price')).toHaveText('105.0000 RUSD');

  // Both sides see the match.
  await open(market, '/pages/trading/record');
  const bought = market.getByTestId('trade-record');
  await expect(bought).toHaveCount(1);
  await expect(bought).toHaveAttribute('data-side', 'buy');
  await expect(bought.getByTestId('trade-record-price')).toHaveText('105.0000 RUSD');

  await open(page, '/pages/trading/record');
  const sold = page.getByTestId('trade-record');
  await expect(sold).toHaveCount(1);
  await expect(sold).toHaveAttribute('data-side', 'sell');
  await expect(sold.getByTestId('trade-record-price')).toHaveText('105.0000 RUSD');
  await expect(sold.getByTestId('trade-record-obtained')).toHaveText('99.7500 RUSD');

  // The seller's card is completed, its history ends with the sale; the buyer holds it now.
  await open(page, `/pages/cards/details?card=${cardId}`);
  await expect(page.getByTestId('card-stage')).toHaveAttribute('data-stage', 'sold');
  const sellerRusd = (await api.userInfo(seller.token)).balances.find((b) => b.key === 'rusd')!.amount;
  expect(sellerRusd).toBe('199.75000000');
  const buyerInfo = await api.userInfo(buyer.token);
  expect(buyerInfo.balances.find((b) => b.key === 'rusd')!.amount).toBe('195.00000000');
  await open(market, '/pages/cards/order');
  await expect(market.getByTestId('my-card')).toHaveCount(1);

  // An id that is none of the user's cards shows 'not found'.
  await open(market, `/pages/cards/details?card=${cardId}`);
  await expect(market.getByTestId('card-details')).toHaveAttribute('data-card', String(cardId));
  await open(page, `/pages/cards/details?card=${cardId + 1000}`);
  await expect(page.getByTestId('card-details-not-found')).toBeVisible();
});
