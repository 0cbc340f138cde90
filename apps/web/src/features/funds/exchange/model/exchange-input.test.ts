import { describe, expect, it } from 'vitest';
import { BUY_COIN, directionFromParam, exceedsBalance, formatRate, isHighPriceImpact, minOutFor, quotableAmount, reverse, SELL_COIN } from './exchange-input';

describe('exchange direction', () => {
  it('buys the coin unless the URL says to sell it, and flips both ways', () => {
    expect(directionFromParam(null)).toEqual(BUY_COIN);
    expect(directionFromParam('usdt')).toEqual(BUY_COIN);
    expect(directionFromParam('rusd')).toEqual(BUY_COIN);
    expect(directionFromParam('coin')).toEqual(SELL_COIN);
    expect(reverse(BUY_COIN)).toEqual(SELL_COIN);
    expect(reverse(SELL_COIN)).toEqual(BUY_COIN);
  });
});

describe('quotableAmount', () => {
  // Only positive amounts of at most 8 places are quoted, normalized.
  it.each([
    ['100', '100'],
    [' 1,5 ', '1.5'],
    ['.5', '0.5'],
    ['0.00000001', '0.00000001'],
    ['', null],
    ['0', null],
    ['0.000000001', null],
    ['-1', null],
    ['1e3', null],
  ])('quotableAmount(%j) is %j', (input, expected) => {
    expect(quotableAmount(input)).toBe(expected);
  });
});

describe('exceedsBalance', () => {
  it('compares exactly, and says nothing while unknown', () => {
    expect(exceedsBalance('100', '100.00000000')).toBe(false);
    expect(exceedsBalance('100.00000001', '100.00000000')).toBe(true);
    expect(exceedsBalance('100', undefined)).toBe(false);
    expect(exceedsBalance('abc', '1.00000000')).toBe(false);
  });
});

describe('minOutFor', () => {
  it('keeps a positive minimum and lifts a zero one to the smallest unit', () => {
    expect(minOutFor('19.80000000')).toBe('19.80000000');
    expect(minOutFor('0.00000000')).toBe('0.00000001');
  });
});

describe('isHighPriceImpact', () => {
  it('warns from 5 %', () => {
    expect(isHighPriceImpact('4.9999')).toBe(false);
    expect(isHighPriceImpact('5.0000')).toBe(true);
    expect(isHighPriceImpact('12.3456')).toBe(true);
  });
});

describe('formatRate', () => {
  it('shows 4 places unless the rate is smaller than that', () => {
    expect(formatRate('0.19960000')).toBe('0.1996');
    expect(formatRate('5.00000000')).toBe('5.0000');
    expect(formatRate('0.00001234')).toBe('0.00001234');
  });
});
