import { describe, expect, it } from 'vitest';
import { shortfallOf } from './shortfall';

describe('shortfallOf', () => {
  it('names the balance each refusal is about', () => {
    expect(shortfallOf('INSUFFICIENT_RUSD')).toBe('rusd');
    expect(shortfallOf('INSUFFICIENT_FUEL')).toBe('fuel');
    expect(shortfallOf('INSUFFICIENT_TRADE')).toBe('trade');
  });

  it('leaves every other refusal to the toast', () => {
    expect(shortfallOf('CARD_SOLD_OUT')).toBeNull();
    expect(shortfallOf('INSUFFICIENT_BALANCE')).toBeNull();
  });
});
