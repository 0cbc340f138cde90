import { describe, expect, it } from 'vitest';
import { checkPrice, checkPriceBand, inBand, normalizePriceInput } from './price-band';

describe('normalizePriceInput', () => {
  it('takes comma keyboards and loose dots', () => {
    expect(normalizePriceInput(' 1,5 ')).toBe('1.5');
    expect(normalizePriceInput('.5')).toBe('0.5');
    expect(normalizePriceInput('2.')).toBe('2');
    expect(normalizePriceInput('1 000')).toBe('1000');
  });
});

describe('checkPrice', () => {
  it('accepts a positive price with at most 2 decimals', () => {
    expect(checkPrice('100')).toBeNull();
    expect(checkPrice('0.01')).toBeNull();
    expect(checkPrice('99,99')).toBeNull();
  });

  it('names each problem', () => {
    expect(checkPrice('')).toBe('required');
    expect(checkPrice('abc')).toBe('invalid');
    expect(checkPrice('-1')).toBe('invalid');
    expect(checkPrice('1e3')).toBe('invalid');
    expect(checkPrice('1.005')).toBe('decimals');
    expect(checkPrice('0')).toBe('positive');
    expect(checkPrice('0.00')).toBe('positive');
    expect(checkPrice('1'.repeat(19))).toBe('tooLarge');
    expect(checkPrice('9'.repeat(18))).toBeNull();
  });

  it('follows another precision when the contract says so', () => {
    expect(checkPrice('1.005', 8)).toBeNull();
    expect(checkPrice('1.000000001', 8)).toBe('decimals');
  });
});

describe('checkPriceBand', () => {
  it('needs both ends for a buy order', () => {
    expect(checkPriceBand('', '10', { required: true })).toEqual({ band: null, problem: { field: 'min', problem: 'required' } });
    expect(checkPriceBand('1', '', { required: true })).toEqual({ band: null, problem: { field: 'max', problem: 'required' } });
    expect(checkPriceBand('1,5', '10', { required: true })).toEqual({ band: { min: '1.5', max: '10' }, problem: null });
  });

  it('lets a filter leave either end open', () => {
    expect(checkPriceBand('', '', { required: false })).toEqual({ band: { min: null, max: null }, problem: null });
    expect(checkPriceBand('5', '', { required: false })).toEqual({ band: { min: '5', max: null }, problem: null });
  });

  it('refuses a lowest price above the highest, and a bad end', () => {
    expect(checkPriceBand('10', '5', { required: false })).toEqual({ band: null, problem: { field: 'band', problem: 'order' } });
    expect(checkPriceBand('10', '10', { required: true }).problem).toBeNull();
    expect(checkPriceBand('x', '5', { required: false })).toEqual({ band: null, problem: { field: 'min', problem: 'invalid' } });
    expect(checkPriceBand('1', '5.123', { required: false })).toEqual({ band: null, problem: { field: 'max', problem: 'decimals' } });
  });
});

describe('inBand', () => {
  it('compares exactly, ends included', () => {
    const band = { min: '10', max: '20.5' };
    expect(inBand('10.00000000', band)).toBe(true);
    expect(inBand('9.99999999', band)).toBe(false);
    expect(inBand('20.50000000', band)).toBe(true);
    expect(inBand('20.50000001', band)).toBe(false);
    expect(inBand('1000.00000000', { min: null, max: null })).toBe(true);
  });
});
