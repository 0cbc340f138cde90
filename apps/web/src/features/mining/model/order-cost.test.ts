import { describe, expect, it } from 'vitest';
import { maxQuantity, orderFigures, parseQuantity } from './order-cost';

const PRODUCT = { price: '100.5', daily_output: '1.25', total_output: '150.75' };

describe('mining order figures', () => {
  it('multiplies exactly, with no binary rounding', () => {
    const figures = orderFigures({ ...PRODUCT, price: '0.1' }, 3, '1');
    expect(figures.cost).toBe('0.30000000');
    expect(figures.after).toBe('0.70000000');
  });

  it('gives the cost, the yield and the balance left', () => {
    expect(orderFigures(PRODUCT, 2, '250')).toEqual({ cost: '201.00000000', daily: '2.50000000', total: '301.50000000', after: '49.00000000' });
  });

  it('has no balance after when the balance falls short, and one of zero when it just covers', () => {
    expect(orderFigures(PRODUCT, 2, '200.99999999').after).toBeNull();
    expect(orderFigures(PRODUCT, 2, '201').after).toBe('0.00000000');
  });
});

describe('mining order quantity', () => {
  it('is bounded by what the per-user limit leaves, or by the contract', () => {
    expect(maxQuantity({ per_user_limit: null, bought: 5 })).toBe(1000);
    expect(maxQuantity({ per_user_limit: 3, bought: 1 })).toBe(2);
    expect(maxQuantity({ per_user_limit: 3, bought: 4 })).toBe(0);
  });

  it('accepts whole numbers from 1 to the maximum only', () => {
    expect(parseQuantity(' 2 ', 5)).toBe(2);
    for (const raw of ['', '0', '6', '1.5', '-1', '2e1', 'x']) expect(parseQuantity(raw, 5)).toBeNull();
  });
});
