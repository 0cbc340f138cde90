import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { applyBp, floorToTick, isPriceTick, nextStepPrice, PRICE_TICK, renewalFee, splitSalePrice } from './pricing.js';

const u = toUnits;

describe('card pricing', () => {
  it('a rate of an amount is truncated at the ledger scale', () => {
    expect(applyBp(u('100'), 500)).toBe(u('5'));
    expect(applyBp(u('0.00000019'), 500)).toBe(0n);
    expect(applyBp(u('33.33'), 3333)).toBe(u('11.108889'));
    expect(renewalFee(u('120'), 250)).toBe(u('3'));
  });

  it('the step lifts the price and rounds down to a cent', () => {
    expect(nextStepPrice(u('100'), 500)).toBe(u('105'));
    expect(nextStepPrice(u('105'), 500)).toBe(u('110.25'));
    expect(nextStepPrice(u('110.25'), 500)).toBe(u('115.76'));
    expect(nextStepPrice(u('115.76'), 500)).toBe(u('121.54'));
  });

  it('with a positive step a price rises by at least a cent; a zero step keeps it', () => {
    expect(nextStepPrice(u('0.01'), 500)).toBe(u('0.02'));
    expect(nextStepPrice(u('0.19'), 1)).toBe(u('0.2'));
    expect(nextStepPrice(u('50'), 0)).toBe(u('50'));
  });

  it('cents are the price tick', () => {
    expect(PRICE_TICK).toBe(u('0.01'));
    expect(isPriceTick(u('1.23'))).toBe(true);
    expect(isPriceTick(u('1.234'))).toBe(false);
    expect(floorToTick(u('1.23999999'))).toBe(u('1.23'));
  });

  it('seller and platform shares add up to the price; the obtainable rate defaults to what the fee leaves', () => {
    expect(splitSalePrice(u('105'), { platformFeeBp: 1000, obtainableBp: null })).toEqual({ sellerGets: u('94.5'), platformFee: u('10.5') });
    expect(splitSalePrice(u('105'), { platformFeeBp: 1000, obtainableBp: 8000 })).toEqual({ sellerGets: u('84'), platformFee: u('21') });
    // An obtainable rate above what the fee leaves is capped: the platform always gets its fee.
    expect(splitSalePrice(u('105'), { platformFeeBp: 1000, obtainableBp: 9500 })).toEqual({ sellerGets: u('94.5'), platformFee: u('10.5') });
    const odd = splitSalePrice(u('0.03'), { platformFeeBp: 333, obtainableBp: null });
    expect(odd.sellerGets + odd.platformFee).toBe(u('0.03'));
    expect(odd.sellerGets).toBe(u('0.02900100'));
  });
});
