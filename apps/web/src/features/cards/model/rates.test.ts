import { describe, expect, it } from 'vitest';
import { bpPercent } from './rates';

describe('bpPercent', () => {
  it('reads basis points as a percentage without float noise', () => {
    expect(bpPercent(500)).toBe('5');
    expect(bpPercent(25)).toBe('0.25');
    expect(bpPercent(10)).toBe('0.1');
    expect(bpPercent(1)).toBe('0.01');
    expect(bpPercent(0)).toBe('0');
    expect(bpPercent(12345)).toBe('123.45');
    expect(bpPercent(10000)).toBe('100');
  });
});
