import { describe, expect, it } from 'vitest';
import { checkMarketFilter } from './market-filter';

describe('checkMarketFilter', () => {
  it('refuses an empty filter (spec §5: content must not be empty)', () => {
    expect(checkMarketFilter({ min: ' ', max: '', seller: '' })).toEqual({ value: null, problem: { field: 'all', problem: 'empty' } });
  });

  it('takes a band with an open end, a seller alone, or both', () => {
    expect(checkMarketFilter({ min: '100', max: '', seller: '' })).toEqual({ value: { minPrice: '100', maxPrice: null, seller: null }, problem: null });
    expect(checkMarketFilter({ min: '', max: '', seller: ' 42 ' })).toEqual({ value: { minPrice: null, maxPrice: null, seller: 42 }, problem: null });
    expect(checkMarketFilter({ min: '1,5', max: '20', seller: '7' })).toEqual({ value: { minPrice: '1.5', maxPrice: '20', seller: 7 }, problem: null });
  });

  it('names a bad band or a bad uid', () => {
    expect(checkMarketFilter({ min: '20', max: '10', seller: '' }).problem).toEqual({ field: 'band', problem: 'order' });
    expect(checkMarketFilter({ min: '0', max: '', seller: '' }).problem).toEqual({ field: 'min', problem: 'positive' });
    expect(checkMarketFilter({ min: '', max: '', seller: 'abc' }).problem).toEqual({ field: 'seller', problem: 'invalid' });
    expect(checkMarketFilter({ min: '', max: '', seller: '0' }).problem).toEqual({ field: 'seller', problem: 'invalid' });
    expect(checkMarketFilter({ min: '', max: '', seller: '2147483648' }).problem).toEqual({ field: 'seller', problem: 'invalid' });
  });
});
