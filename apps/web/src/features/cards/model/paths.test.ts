import { describe, expect, it } from 'vitest';
import { cardsPaths, idParam, isSuccessKind, placedOrderPath } from './paths';

describe('cardsPaths', () => {
  it('puts the ids the pages read into the query', () => {
    expect(cardsPaths.card(12)).toBe('/pages/cards/details?card=12');
    expect(cardsPaths.type(3)).toBe('/pages/cards/details?type=3');
    expect(cardsPaths.order()).toBe('/pages/trading/order');
    expect(cardsPaths.order(3)).toBe('/pages/trading/order?type=3');
    expect(cardsPaths.order(3, '105.5')).toBe('/pages/trading/order?type=3&min=105.5&max=105.5');
    expect(cardsPaths.done('listed', 7)).toBe('/pages/trading/success?kind=listed&id=7');
  });
});

describe('idParam', () => {
  it('takes a positive whole number and nothing else', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam(null)).toBe(0);
    expect(idParam('0')).toBe(0);
    expect(idParam('-1')).toBe(0);
    expect(idParam('1e3')).toBe(0);
    expect(idParam('99999999999999999')).toBe(0);
  });
});

describe('isSuccessKind', () => {
  it('knows the three confirmations', () => {
    expect(isSuccessKind('order')).toBe(true);
    expect(isSuccessKind('renewed')).toBe(true);
    expect(isSuccessKind('matched')).toBe(true);
    expect(isSuccessKind('bought')).toBe(false);
    expect(isSuccessKind(null)).toBe(false);
  });
});

describe('placedOrderPath', () => {
  it('sends an order matched at once to its card, and a waiting one to the order', () => {
    expect(placedOrderPath({ id: 7, state: 'completed', card_id: 42 })).toBe(cardsPaths.done('matched', 42));
    expect(placedOrderPath({ id: 7, state: 'waiting', card_id: null })).toBe(cardsPaths.done('order', 7));
  });
});
