import { describe, expect, it } from 'vitest';
import { hashRoute } from './address-bar-catch-up';

describe('hashRoute', () => {
  it('reads the path and query the hash router would', () => {
    expect(hashRoute('#/pages/user/mine')).toBe('/pages/user/mine');
    expect(hashRoute('#/pages/chat/index?segment=messages')).toBe('/pages/chat/index?segment=messages');
  });

  it('treats an empty hash as Home and drops a nested hash', () => {
    expect(hashRoute('')).toBe('/');
    expect(hashRoute('#')).toBe('/');
    expect(hashRoute('#/pages/user/mine#top')).toBe('/pages/user/mine');
  });
});
