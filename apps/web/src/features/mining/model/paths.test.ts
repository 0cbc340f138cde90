import { describe, expect, it } from 'vitest';
import { idFromQuery, miningPaths } from './paths';

describe('mining paths', () => {
  it('carries the product to buy and the miner bought in the query', () => {
    expect(miningPaths.buy(7)).toBe('/pages/mining/order?product=7');
    expect(miningPaths.bought(12)).toBe('/pages/mining/success?miner=12');
  });

  it('reads a positive whole id and nothing else', () => {
    expect(idFromQuery('42')).toBe(42);
    for (const raw of [null, '', '0', '-3', '1.5', '07', 'abc', '99999999999']) expect(idFromQuery(raw)).toBe(0);
  });
});
