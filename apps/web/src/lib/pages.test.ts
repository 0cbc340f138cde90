import { describe, expect, it } from 'vitest';
import { pagePath, payPasswordPath, safeReturnPath } from './pages';

describe('the way back from the password page', () => {
  it('carries the page and its query there and back', () => {
    const back = `${pagePath('property/transfer')}?asset=usdt&to=10001&amount=1.5`;
    const url = new URL(payPasswordPath(back), 'http://app.test');
    expect(url.pathname).toBe('/pages/user/password');
    expect(safeReturnPath(url.searchParams.get('back'))).toBe(back);
  });

  it('refuses anything but one of our pages', () => {
    for (const raw of [
      null,
      '',
      '//evil.test/pages/x',
      'https://evil.test',
      'javascript:alert(1)',
      '/pages//evil.test',
      '/elsewhere',
      '/pages/a\\b',
      '/pages/a#x',
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
    expect(safeReturnPath('/pages/property/withdrawal')).toBe('/pages/property/withdrawal');
  });
});
