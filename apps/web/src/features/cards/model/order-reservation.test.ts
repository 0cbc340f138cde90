import { describe, expect, it } from 'vitest';
import { fuelFeeAt, orderReservation } from './order-reservation';

describe('orderReservation', () => {
  it('sets aside the highest price, the fuel fee at that price and the trading points', () => {
    expect(orderReservation('105', 1000, '2')).toEqual({ rusd: '105.00000000', fuel: '10.50000000', trade: '2.00000000' });
  });

  it('truncates a fee to 8 places and takes no trading points when the type asks none', () => {
    expect(orderReservation('0.01', 3, '0')).toEqual({ rusd: '0.01000000', fuel: '0.00000300', trade: '0.00000000' });
    expect(fuelFeeAt('0.00000001', 5000)).toBe('0.00000000');
  });
});
