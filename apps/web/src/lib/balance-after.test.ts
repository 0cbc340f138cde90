import { describe, expect, it } from 'vitest';
import { balanceAfter, balanceOf, isBelow, isNegativeAmount, spendsOf } from './balance-after';

describe('balanceAfter', () => {
  it('subtracts every spend exactly, at 8 places', () => {
    expect(balanceAfter('250.10000000', '100', '0.1')).toBe('150.00000000');
    expect(balanceAfter('0.3', '0.1', '0.2')).toBe('0.00000000');
  });

  it('is undefined while the balance is unknown', () => {
    expect(balanceAfter(undefined, '1')).toBeUndefined();
  });

  it('goes below zero when the balance does not cover the spend', () => {
    const after = balanceAfter('99.75', '100');
    expect(after).toBe('-0.25000000');
    expect(isNegativeAmount(after ?? '0')).toBe(true);
    expect(isNegativeAmount('0.00000000')).toBe(false);
  });

  it('compares decimal strings exactly', () => {
    expect(isBelow('99.75', '100')).toBe(true);
    expect(isBelow('100.00000000', '100')).toBe(false);
    expect(isBelow('0.00000001', '0')).toBe(false);
  });
});

describe('balanceOf', () => {
  const balances = [{ key: 'rusd', amount: '12.50000000' }];
  it('reads the line, 0 for an asset never held, undefined while loading', () => {
    expect(balanceOf(balances, 'rusd')).toBe('12.50000000');
    expect(balanceOf(balances, 'fuel')).toBe('0');
    expect(balanceOf(undefined, 'rusd')).toBeUndefined();
  });
});

describe('spendsOf', () => {
  it('pairs each paid amount with its symbol and the balance of its asset; a missing line is 0, a missing list unknown', () => {
    const balances = [{ key: 'rusd', amount: '120.00000000' }];
    expect(
      spendsOf(balances, { rusd: 'RUSD', fuel: 'FP' }, [
        ['rusd', '100'],
        ['fuel', '10'],
      ]),
    ).toEqual([
      { symbol: 'RUSD', amount: '100', balance: '120.00000000' },
      { symbol: 'FP', amount: '10', balance: '0' },
    ]);
    expect(spendsOf(undefined, { rusd: 'RUSD' }, [['rusd', '1']])).toEqual([{ symbol: 'RUSD', amount: '1', balance: undefined }]);
  });
});
