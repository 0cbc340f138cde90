import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const stores = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('rate limit with the %s store', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      RATE_LIMIT_PER_MINUTE: '5',
      ...(store === 'redis' ? { REDIS_URL: process.env.REDIS_URL! } : {}),
    });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and a localized "Do not operate frequently"', async () => {
    // A token-keyed caller has its own budget of 5; signIn already spent one of it reading user/info.
    const user = await t.signIn();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({
        method: 'GET',
        url: '/api/user/info',
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en-us' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ status: 429, msg: 'Do not operate frequently', data: { code: 'TOO_FREQUENT' } });
  });

  it('does not limit the static app', async () => {
    for (let i = 0; i < 8; i++) expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302);
  });
});
