import { describe, expect, it } from 'vitest';
import { rateText } from './rate-text';

describe('rate text', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(rateText('0.365')).toBe('36.5%');
    expect(rateText('0.01')).toBe('1%');
    expect(rateText('0.12345678')).toBe('12.345678%');
  });
});
