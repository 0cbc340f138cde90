import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps web links and in-app hash routes', () => {
    expect(safeUrl('https://bscscan.com/tx/0x1')).toBe('https://bscscan.com/tx/0x1');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('#/pages/article/details?id=withdrawal')).toBe('#/pages/article/details?id=withdrawal');
  });

  it('drops scripts, data, other schemes and relative paths', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.com',
      '/api/x',
      'mailto:a@b.c',
      '#top',
      'https://a b',
    ]) {
      expect(safeUrl(url), url).toBe('');
    }
  });
});
