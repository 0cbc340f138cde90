import { describe, expect, it } from 'vitest';
import { usdtPrices, valueHoldings, valueOf, type PricedLake } from './holdings';

const lake = (overrides: Partial<PricedLake>): PricedLake => ({
  base: 'coin',
  quote: 'usdt',
  price: '5.00000000',
  open: true,
  main: true,
  ...overrides,
});

describe('usdtPrices', () => {
  it('prices USDT at 1 even without lakes', () => {
    expect(usdtPrices([])).toEqual({ usdt: '1.00000000' });
  });

  it('takes x/usdt lakes directly and inverts usdt/x lakes, truncating', () => {
    const prices = usdtPrices([lake({}), lake({ base: 'usdt', quote: 'rusd', price: '3.00000000', main: false })]);
    expect(prices.coin).toBe('5.00000000');
    expect(prices.rusd).toBe('0.33333333');
  });

  it('prefers the main lake, then an open one', () => {
    const prices = usdtPrices([
      lake({ price: '7.00000000', main: false, open: true }),
      lake({ price: '5.00000000', main: true, open: false }),
      lake({ price: '9.00000000', main: false, open: false }),
    ]);
    expect(prices.coin).toBe('5.00000000');
    expect(usdtPrices([lake({ price: '9.00000000', main: false, open: false }), lake({ price: '7.00000000', main: false })]).coin).toBe('7.00000000');
  });

  it('ignores lakes that do not touch USDT and a zero price', () => {
    expect(usdtPrices([lake({ base: 'coin', quote: 'rusd' }), lake({ base: 'trade', price: '0.00000000' })])).toEqual({ usdt: '1.00000000' });
  });
});

describe('valueOf', () => {
  it('multiplies exactly and truncates to 8 places', () => {
    expect(valueOf('12.34567891', '5.00000000')).toBe('61.72839455');
    expect(valueOf('0.00000001', '0.50000000')).toBe('0.00000000');
    expect(valueOf('100000000000.00000000', '4.99999999')).toBe('499999999000.00000000');
  });
});

describe('valueHoldings', () => {
  const balances = [
    { key: 'usdt' as const, symbol: 'USDT', amount: '300.00000000' },
    { key: 'coin' as const, symbol: 'RSC', amount: '10.50000000' },
    { key: 'rusd' as const, symbol: 'RUSD', amount: '2.00000000' },
    { key: 'trade' as const, symbol: 'TP', amount: '0.00000000' },
  ];

  it('values each priced balance, sums them, and names what it could not value', () => {
    const holdings = valueHoldings(balances, [lake({ price: '4.98012345' })]);
    expect(holdings.list.map((h) => [h.key, h.price, h.value])).toEqual([
      ['usdt', '1.00000000', '300.00000000'],
      ['coin', '4.98012345', '52.29129622'],
      ['rusd', null, null],
      ['trade', null, null],
    ]);
    expect(holdings.total).toBe('352.29129622');
    // A zero balance without a price changes nothing, so it is not called out.
    expect(holdings.unpriced).toEqual(['rusd']);
  });

  it('keeps the balances’ order and symbols', () => {
    const holdings = valueHoldings(balances, []);
    expect(holdings.list.map((h) => h.symbol)).toEqual(['USDT', 'RSC', 'RUSD', 'TP']);
    expect(holdings.total).toBe('300.00000000');
    expect(holdings.unpriced).toEqual(['coin', 'rusd']);
  });
});
