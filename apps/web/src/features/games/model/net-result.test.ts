import { describe, expect, it } from 'vitest';
import { netOfRound } from './net-result';

describe('netOfRound', () => {
  it('is the payout less the stake, signed, on exact units', () => {
    expect(netOfRound('10.00000000', '5.00000000')).toEqual({ text: '−5.0000', trend: 'down' });
    expect(netOfRound('10.00000000', '25.50000000')).toEqual({ text: '+15.5000', trend: 'up' });
    expect(netOfRound('10.00000000', '10.00000000')).toEqual({ text: '0.0000', trend: 'flat' });
    expect(netOfRound('1000', '0')).toEqual({ text: '−1,000.0000', trend: 'down' });
    // Exact: a stake of 0.1 + 0.2 style fractions never drift.
    expect(netOfRound('0.30000000', '0.10000000')).toEqual({ text: '−0.2000', trend: 'down' });
  });
});
