import { describe, expect, it } from 'vitest';
import { readSpread } from './spread';

describe('readSpread', () => {
  it('reads the query before the hash', () => {
    expect(readSpread({ search: '?spread=7', hash: '#/' })).toBe('7');
  });

  it('reads the query inside the hash', () => {
    expect(readSpread({ search: '', hash: '#/pages/index/index?spread=42' })).toBe('42');
  });

  it('prefers the hash query when both are present', () => {
    expect(readSpread({ search: '?spread=1', hash: '#/pages/index/index?a=b&spread=2' })).toBe('2');
  });

  it('ignores missing, empty and malformed values', () => {
    expect(readSpread({ search: '', hash: '#/pages/user/user' })).toBeNull();
    expect(readSpread({ search: '?spread=', hash: '' })).toBeNull();
    expect(readSpread({ search: '?spread=%3Cscript%3E', hash: '' })).toBeNull();
    expect(readSpread({ search: `?spread=${'9'.repeat(33)}`, hash: '' })).toBeNull();
  });

  it('trims whitespace', () => {
    expect(readSpread({ search: '?spread=%2012%20', hash: '' })).toBe('12');
  });
});
