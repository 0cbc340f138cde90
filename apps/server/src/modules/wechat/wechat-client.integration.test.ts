/**
 * The WeChat client against a loopback fake of WeChat's token and ticket endpoints (a real HTTP server): caching,
 * expiry and refresh, one refresh at a time (in a process, and across processes through Redis), WeChat's errors.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type WechatConfig } from '../../config.js';
import { requiredService } from '../../test/required-services.js';
import { startWechatFake, type WechatFake } from '../../test/wechat-fake.js';
import { MemoryCredentialStore, RedisCredentialStore, type CredentialStore } from './credential-store.js';
import { EXPIRY_MARGIN_MS, WechatApiError, WechatClient } from './wechat-client.js';

const redisUrl = requiredService('REDIS_URL');

let fake: WechatFake;
beforeAll(async () => {
  fake = await startWechatFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.token = 0;
  fake.calls.ticket = 0;
  fake.failTokensWith(null);
  fake.breakHttp(false);
  fake.expiresIn = 7200;
  fake.ticketExpiresIn = null;
});

function accountOf(secret = fake.secret): WechatConfig {
  return loadConfig({ WECHAT_APP_ID: fake.appId, WECHAT_APP_SECRET: secret, WECHAT_API_BASE_URL: fake.baseUrl }).wechat!;
}

describe('WeChat client, one process', () => {
  let now = 1_800_000_000_000;
  const clientOf = (store: CredentialStore = new MemoryCredentialStore(), onError?: (e: WechatApiError) => void) =>
    new WechatClient({ config: accountOf(), store, now: () => now, onError });

  it('fetches the token and the ticket once for many concurrent and later calls', async () => {
    const client = clientOf();
    const tickets = await Promise.all(Array.from({ length: 50 }, () => client.jsapiTicket()));
    expect(new Set(tickets).size).toBe(1);
    expect(tickets[0]).toBe(fake.lastTicket());
    for (let i = 0; i < 20; i++) await client.jsapiTicket();
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
  });

  it('keeps the ticket until shortly before it expires, then fetches both again', async () => {
    const client = clientOf();
    const first = await client.jsapiTicket();
    // expires_in 7200 s: used until 7200 s − the margin, refreshed after.
    now += 7200_000 - EXPIRY_MARGIN_MS - 1;
    expect(await client.jsapiTicket()).toBe(first);
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
    now += 2;
    const second = await client.jsapiTicket();
    expect(second).not.toBe(first);
    expect(fake.calls).toEqual({ token: 2, ticket: 2 });
  });

  it('fetches a new token once when WeChat says the cached one expired early', async () => {
    const client = clientOf();
    fake.ticketExpiresIn = 600; // a short ticket: the next call needs a new one, with the token still cached
    await client.jsapiTicket();
    fake.revokeTokens();
    now += 600_000; // the ticket is past its expiry less the margin (half of 600 s); the token is not
    await client.jsapiTicket();
    // ticket refused with 42001 → token dropped and fetched again → ticket fetched again
    expect(fake.calls.ticket).toBe(3);
    expect(fake.calls.token).toBe(2);
  });

  it('does not loop when WeChat keeps refusing a new token', async () => {
    const client = clientOf();
    fake.ticketExpiresIn = 600;
    await client.jsapiTicket();
    now += 600_000;
    fake.breakHttp(false);
    fake.revokeTokens();
    fake.failTokensWith(40001);
    await expect(client.jsapiTicket()).rejects.toMatchObject({ endpoint: 'token', errcode: 40001 });
    expect(fake.calls).toEqual({ token: 2, ticket: 2 });
  });

  it('passes on a WeChat error code, caches nothing, and works once WeChat does', async () => {
    const errors: WechatApiError[] = [];
    const client = clientOf(new MemoryCredentialStore(), (e) => errors.push(e));
    fake.failTokensWith(40164); // 'invalid ip, not in whitelist'
    await expect(client.jsapiTicket()).rejects.toBeInstanceOf(WechatApiError);
    expect(errors.map((e) => [e.endpoint, e.errcode])).toEqual([['token', 40164]]);
    fake.failTokensWith(null);
    await client.jsapiTicket();
    expect(fake.calls).toEqual({ token: 2, ticket: 1 });
  });

  it('refuses with the wrong secret (WeChat answers 40125)', async () => {
    const errors: WechatApiError[] = [];
    const client = new WechatClient({ config: accountOf('wrongsecret'), store: new MemoryCredentialStore(), now: () => now, onError: (e) => errors.push(e) });
    await expect(client.jsapiTicket()).rejects.toBeInstanceOf(WechatApiError);
    expect(errors[0]?.errcode).toBe(40125);
  });

  it('treats an answer that is not WeChat JSON as unavailable', async () => {
    const client = clientOf();
    fake.breakHttp(true);
    await expect(client.jsapiTicket()).rejects.toMatchObject({ endpoint: 'token', errcode: null });
  });

  it('treats an unreachable WeChat as unavailable', async () => {
    const down = await startWechatFake();
    await down.close();
    const config = loadConfig({ WECHAT_APP_ID: down.appId, WECHAT_APP_SECRET: down.secret, WECHAT_API_BASE_URL: down.baseUrl }).wechat!;
    const client = new WechatClient({ config, store: new MemoryCredentialStore() });
    await expect(client.jsapiTicket()).rejects.toMatchObject({ endpoint: 'token', errcode: null });
  });
});

describe.runIf(redisUrl)('WeChat client, several processes sharing Redis', () => {
  const stores: RedisCredentialStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('fetches once for all of them, and they share the ticket', async () => {
    const prefix = `reef-test-${randomUUID()}:wechat:`;
    // Each client has its own connection, memory and in-flight map: what separate processes have.
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const store = await RedisCredentialStore.connect(redisUrl!, prefix);
        stores.push(store);
        return new WechatClient({ config: accountOf(), store });
      }),
    );
    const tickets = await Promise.all(clients.flatMap((client) => Array.from({ length: 10 }, () => client.jsapiTicket())));
    expect(new Set(tickets).size).toBe(1);
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
    const later = await RedisCredentialStore.connect(redisUrl!, prefix);
    stores.push(later);
    expect(await new WechatClient({ config: accountOf(), store: later }).jsapiTicket()).toBe(tickets[0]);
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
  });
});
