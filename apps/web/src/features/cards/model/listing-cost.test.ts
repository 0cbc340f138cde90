import { describe, expect, it } from 'vitest';
import { listingBelowCost } from './listing-cost';

describe('listingBelowCost', () => {
  it('warns when the listing obtains less RUSD than the card cost', () => {
    // Issue 25 §7: paid 100 RUSD (+ 10 FP), a listing that brings back 99.75 RUSD.
    expect(listingBelowCost('99.75000000', '100.00000000')).toBe(true);
  });

  it('does not warn when it obtains at least the price paid', () => {
    expect(listingBelowCost('100.00000000', '100.00000000')).toBe(false);
    expect(listingBelowCost('104.50000000', '100.00000000')).toBe(false);
  });
});
