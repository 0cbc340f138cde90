import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, siweMessage, type TestApp } from '../test/harness.js';

/** A client address of its own, so one test's budget (held in a shared Redis too) is nobody else's. */
const freshIp = () => `10.${randomBytes(3).join('.')}`;
const TOO_FREQUENT = { status: 429, msg: 'Do not operate frequently', data: { code: 'TOO_FREQUENT' } };

const stores = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('rate limit with the %s store', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      RATE_LIMIT_PER_MINUTE: '5',
      // Sign-ins are limited apart (last test); here they must not run out while users are set up.
      SIGN_IN_PER_MINUTE: '1000',
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

  const statuses = async (requests: InjectOptions[]) => {
    const answers = [];
    for (const request of requests) answers.push(await t.app.inject({ ...request, headers: { 'accept-language': 'en', ...request.headers } }));
    return answers;
  };

  it("dodge (a): a second spelling of the same token shares the signed-in user's budget", async () => {
    const user = await t.signIn(); // spent 1 (user/info)
    const spellings = [`Bearer ${user.token}`, `Bearer  ${user.token}`, `Bearer ${user.token} `, user.token, `Bearer ${user.token}`];
    const answers = await statuses(spellings.map((authorization) => ({ method: 'GET', url: '/api/user/info', headers: { authorization } })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[4]!.json()).toEqual(TOO_FREQUENT);
  });

  it("dodge (a): a junk Authorization header on a public route is counted against the client's address", async () => {
    const remoteAddress = freshIp();
    const answers = await statuses(
      Array.from({ length: 6 }, (_, i) => ({ method: 'GET', url: '/api/config', remoteAddress, headers: { authorization: `junk-${i}` } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.json()).toEqual(TOO_FREQUENT);
  });

  it('dodge (b): X-Forwarded-For does not choose the address when no proxy is trusted (TRUST_PROXY off)', async () => {
    const remoteAddress = freshIp();
    const answers = await statuses(
      Array.from({ length: 6 }, () => ({ method: 'GET', url: '/api/config', remoteAddress, headers: { 'x-forwarded-for': freshIp() } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.json()).toEqual(TOO_FREQUENT);
  });

  it('dodge (c): signing in again does not give a fresh allowance', async () => {
    const user = await t.signIn(); // spent 1
    const again = await t.signIn(user.wallet); // a new token for the same user: spent 2
    expect(again.token).not.toBe(user.token);
    const answers = await statuses(
      [user.token, again.token, again.token, user.token].map((token) => ({
        method: 'GET',
        url: '/api/user/info',
        headers: { authorization: `Bearer ${token}` },
      })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json()).toEqual(TOO_FREQUENT);
  });

  it('does not limit the static app', async () => {
    for (let i = 0; i < 8; i++) expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302);
  });
});

describe('sign-in and nonce requests per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      RATE_LIMIT_PER_MINUTE: '1000',
      SIGN_IN_PER_MINUTE: '3',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
  });
  afterAll(() => t.close());

  it('allows 3 a minute from one address, whatever X-Forwarded-For says; another address has its own', async () => {
    const remoteAddress = freshIp();
    const request = (i: number): InjectOptions => ({
      remoteAddress,
      headers: { 'accept-language': 'en', 'x-forwarded-for': freshIp(), authorization: `junk-${i}` },
      ...(i % 2 === 0
        ? { method: 'GET', url: '/api/login/nonce' }
        : { method: 'POST', url: '/api/login', payload: { account: t.admin.account, sign: '0x00', msg: siweMessage(t.admin.account, 'abcdefgh1234') } }),
    });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await t.app.inject(request(i)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json()).toEqual(TOO_FREQUENT);
    // The budget is sign-in's own: other routes from the same address still answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/login/nonce', remoteAddress: freshIp() })).statusCode).toBe(200);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it("keys each client by the address the trusted proxy reports, so the proxy's clients do not share one budget", async () => {
    const proxy = freshIp();
    const [first, second] = [`198.51.100.${randomBytes(1)[0]}`, `203.0.113.${randomBytes(1)[0]}`];
    const from = (client: string) => t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: proxy, headers: { 'x-forwarded-for': client } });
    expect([(await from(first)).statusCode, (await from(first)).statusCode, (await from(first)).statusCode]).toEqual([200, 200, 429]);
    expect((await from(second)).statusCode).toBe(200);
  });
});
