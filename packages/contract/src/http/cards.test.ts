import { test, expect } from 'vitest';
import { cardsApi, businessEvent } from '@reef/contract';
test('the cards contract refuses what the rules refuse', () => {
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'auto', threshold: '100', amount: '50' }).success).toBe(true);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'auto', threshold: '100' }).success).toBe(false);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'full' }).success).toBe(false);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'none' }).success).toBe(true);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'auto', threshold: '10', amount: '50' }).success).toBe(false);
  expect(
    cardsApi.adminCreateCardType.body.safeParse({
      name: 'A',
      names: { 'en-us': 'A' },
      start_price: '100',
      price_step_bp: 500,
      fuel_fee_bp: 100,
      trade_points: '0',
      hold_days: 3,
      list_window_days: 2,
      platform_fee_bp: 500,
      renewal_fee_bp: 100,
    }).data,
  ).toBeTruthy();
  expect(
    cardsApi.adminCreateCardType.body.safeParse({
      name: 'A',
      names: { xx: 'A' },
      start_price: '100',
      price_step_bp: 500,
      fuel_fee_bp: 100,
      trade_points: '0',
      hold_days: 3,
      list_window_days: 2,
      platform_fee_bp: 500,
      renewal_fee_bp: 100,
    }).success,
  ).toBe(false);
  expect(cardsApi.listMarket.query.safeParse({ min_price: '5', max_price: '4' }).success).toBe(false);
  expect(cardsApi.listMarket.query.safeParse({ min_price: '4', max_price: '5', seller: '12' }).data).toMatchObject({ seller: 12, page: 1 });
  expect(cardsApi.placeOrder.body.safeParse({ card_type_id: 1, min_price: '1.123456789', max_price: '5' }).success).toBe(false);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'auto', threshold: '99.99', amount: '50' }).success).toBe(false);
  expect(cardsApi.splitSettingsInput.safeParse({ mode: 'auto', threshold: '100', amount: '50' }).success).toBe(true);
  expect(cardsApi.placeOrder.body.safeParse({ card_type_id: 1, min_price: '1.123', max_price: '5' }).success).toBe(false);
  expect(cardsApi.placeOrder.body.safeParse({ card_type_id: 1, min_price: '0', max_price: '5' }).success).toBe(false);
  expect(cardsApi.placeOrder.body.safeParse({ card_type_id: 1, min_price: '-1', max_price: '5' }).success).toBe(false);
  expect(cardsApi.placeOrder.body.safeParse({ card_type_id: 1, min_price: '1.5', max_price: '5' }).data).toEqual({
    card_type_id: 1,
    min_price: '1.50000000',
    max_price: '5.00000000',
  });
  expect(
    businessEvent.safeParse({ type: 'card.admin_changed', user_id: 1, target: 'session', target_id: 3, action: 'open', before: { a: 1 }, after: null }).success,
  ).toBe(true);
});
