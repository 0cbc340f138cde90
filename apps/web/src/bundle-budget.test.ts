// The initial JavaScript budget of the home page, checked on the production build (`npm test` builds first).
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, homeInitialJs } from '../../../scripts/bundle-size.mjs';

describe('bundle budget', () => {
  it(`keeps the home page's initial JavaScript under the gzipped budget`, () => {
    const { totalGzip, files } = homeInitialJs();
    expect(files.length).toBeGreaterThan(0);
    expect(totalGzip / 1024).toBeLessThan(BUDGET_KB);
  });
});
