import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestApp, databaseKinds, siweMessage, type TestApp } from '../../test/harness.js';
import { advanceClock, configureClock } from '../../core/clock.js';

describe.each(databaseKinds)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function nonce(): Promise<string> {
    return (await t.call({ method: 'GET', url: '/api/login/nonce' })).data.nonce;
  }

  async function login(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return t.call({ method: 'POST', url: '/api/login', payload, headers });
  }

  it('creates the user on the first EIP-4361 sign-in and answers an opaque token', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const msg = siweMessage(wallet.address, await nonce());
    const res = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
    expect(res.status).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: res.data.token });
    expect(info.data).toMatchObject({
      account: wallet.address,
      address: `${wallet.address.slice(0, 4)}...${wallet.address.slice(-4)}`,
      invite_address: null,
      has_pay_password: false,
      role: 'user',
      level: 0,
      pledged: false,
    });
    expect(info.data.balances).toHaveLength(7);
    expect(info.data.balances[0]).toEqual({ key: 'usdt', symbol: 'USDT', amount: '0.00000000' });
  });

  it('signs the same wallet in again as the same user', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const first = await t.signIn(wallet);
    const second = await t.signIn(wallet);
    expect(second.uid).toBe(first.uid);
    expect(second.token).not.toBe(first.token);
  });

  it('stores only a hash of the token', async () => {
    const user = await t.signIn();
    const rows = await t.database.db.execute(sql`select token_hash from sessions`);
    const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(user.token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('refuses a reused nonce and an unknown nonce', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const msg = siweMessage(wallet.address, await nonce());
    const sign = await wallet.signMessage({ message: msg });
    expect((await login({ sign, account: wallet.address, msg })).status).toBe(200);
    const replay = await login({ sign, account: wallet.address, msg });
    expect(replay.status).toBe(400);
    expect(replay.data.code).toBe('LOGIN_NONCE_INVALID');

    const invented = siweMessage(wallet.address, 'abcdefghijklmnop1234');
    const res = await login({ sign: await wallet.signMessage({ message: invented }), account: wallet.address, msg: invented });
    expect(res.data.code).toBe('LOGIN_NONCE_INVALID');
  });

  it('refuses an expired nonce', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const n = await nonce();
    await t.database.db.execute(sql`update login_nonces set expires_at = now() - interval '1 minute' where nonce = ${n}`);
    const msg = siweMessage(wallet.address, n);
    const res = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
    expect(res.data.code).toBe('LOGIN_NONCE_INVALID');
  });

  it('refuses a signature made by another key, and leaves the nonce usable', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const msg = siweMessage(wallet.address, await nonce());
    const forged = await login({ sign: await other.signMessage({ message: msg }), account: wallet.address, msg });
    expect(forged.status).toBe(400);
    expect(forged.data.code).toBe('LOGIN_SIGNATURE_INVALID');
    const genuine = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
    expect(genuine.status).toBe(200);
  });

  it('refuses a message for another site, another chain, or issued 10 minutes ago', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const cases: [Parameters<typeof siweMessage>[2], string][] = [
      [{ domain: 'reef-login.example', uri: 'https://reef-login.example' }, 'LOGIN_DOMAIN_MISMATCH'],
      [{ chainId: 1 }, 'LOGIN_CHAIN_MISMATCH'],
      [{ issuedAt: new Date(Date.now() - 10 * 60_000) }, 'LOGIN_MESSAGE_EXPIRED'],
      [{ expirationTime: new Date(Date.now() - 1000) }, 'LOGIN_MESSAGE_EXPIRED'],
    ];
    for (const [overrides, code] of cases) {
      const msg = siweMessage(wallet.address, await nonce(), overrides);
      const res = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
      expect(res.data.code, JSON.stringify(overrides)).toBe(code);
    }
  });

  it('refuses a message whose address is not the account', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const msg = siweMessage(other.address, await nonce());
    const res = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
    expect(res.data.code).toBe('LOGIN_MESSAGE_INVALID');
  });

  describe('legacy LOGIN<timestamp> messages', () => {
    it('accepts a fresh one once and refuses its replay', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const msg = `LOGIN${Date.now()}`;
      const sign = await wallet.signMessage({ message: msg });
      const first = await login({ sign, account: wallet.address, msg });
      expect(first.status).toBe(200);
      const replay = await login({ sign, account: wallet.address, msg });
      expect(replay.status).toBe(400);
      expect(replay.data.code).toBe('LOGIN_MESSAGE_REPLAYED');
    });

    it('refuses one 10 minutes old, and one from the future', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      for (const ts of [Date.now() - 10 * 60_000, Date.now() + 10 * 60_000]) {
        const msg = `LOGIN${ts}`;
        const res = await login({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
        expect(res.data.code).toBe('LOGIN_MESSAGE_EXPIRED');
      }
    });

    it('refuses a signature by another key', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const other = privateKeyToAccount(generatePrivateKey());
      const msg = `LOGIN${Date.now()}`;
      const res = await login({ sign: await other.signMessage({ message: msg }), account: wallet.address, msg });
      expect(res.data.code).toBe('LOGIN_SIGNATURE_INVALID');
    });
  });

  it('refuses malformed payloads with a parameter error and creates nobody', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const msg = `LOGIN${Date.now()}`;
    const sign = await wallet.signMessage({ message: msg });
    const bad: Record<string, unknown>[] = [
      {},
      { account: wallet.address, msg },
      { sign, msg },
      { sign, account: wallet.address },
      { sign, account: 'not-an-address', msg },
      { sign: 12345, account: wallet.address, msg },
      { sign, account: wallet.address, msg: 'x'.repeat(2001) },
      { sign, account: wallet.address, msg, spread: { uid: 1 } },
      { sign: 'zz', account: wallet.address, msg },
    ];
    for (const payload of bad) {
      const res = await login(payload);
      expect(res.http).toBe(200);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(['PARAMETER_ERROR', 'LOGIN_SIGNATURE_INVALID']).toContain(res.data.code);
    }
    const rows = await t.database.db.execute(sql`select count(*)::int as n from users where account = ${wallet.address.toLowerCase()}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('localizes messages by Accept-Language', async () => {
    const expectations: [string, string][] = [
      ['', '參數錯誤'],
      ['zh-CN', '参数错误'],
      ['en-US,en;q=0.9', 'Parameter error'],
      ['pt-BR', 'Erro de parâmetro'],
      ['de-DE', 'Parameterfehler'],
      ['ru-RU', 'Ошибка параметров'],
    ];
    for (const [language, text] of expectations) {
      const res = await login({}, language ? { 'accept-language': language } : {});
      expect(res.msg).toBe(text);
    }
  });

  it('ties a new user to the referrer given as spread, and ignores an unknown one', async () => {
    const referrer = await t.signIn();
    const referred = await t.signIn(undefined, String(referrer.uid));
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: referred.token });
    expect(info.data.invite_address).toBe(referrer.account);

    const orphan = await t.signIn(undefined, '99999999');
    const orphanInfo = await t.call({ method: 'GET', url: '/api/user/info', token: orphan.token });
    expect(orphanInfo.data.invite_address).toBeNull();
  });

  it('does not re-parent an existing user who signs in with a spread', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await t.signIn(wallet);
    const stranger = await t.signIn();
    const again = await t.signIn(wallet, stranger.uid);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: again.token });
    expect(info.data.invite_address).toBeNull();
  });

  describe('tokens', () => {
    it('answers 410000 without a token, 410001 for an unknown or malformed one', async () => {
      const none = await t.call({ method: 'GET', url: '/api/user/info' });
      expect([none.http, none.status]).toEqual([401, 410000]);
      for (const token of ['garbage', 'A'.repeat(43)]) {
        const res = await t.call({ method: 'GET', url: '/api/user/info', token });
        expect([res.http, res.status]).toEqual([401, 410001]);
      }
    });

    it('answers 410002 after logout and after expiry', async () => {
      const user = await t.signIn();
      expect((await t.call({ method: 'POST', url: '/api/logout', token: user.token })).status).toBe(200);
      const revoked = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
      expect([revoked.http, revoked.status]).toEqual([401, 410002]);

      // Expiry is fixed at sign-in and checked against business time, also for a session already cached.
      const other = await t.signIn();
      configureClock({ adjustable: true });
      try {
        advanceClock(t.app.config.tokenTtlMs + 1_000);
        const expired = await t.call({ method: 'GET', url: '/api/user/info', token: other.token });
        expect([expired.http, expired.status]).toEqual([401, 410002]);
        expect(expired.msg).toBe('登入已過期，請重新登入');
      } finally {
        configureClock({ adjustable: false });
      }
    });
  });
});

describe('sign-in with the legacy form turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { LOGIN_LEGACY: 'false' });
  });
  afterAll(() => t.close());

  it('refuses LOGIN<timestamp> and still accepts EIP-4361', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const msg = `LOGIN${Date.now()}`;
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg },
    });
    expect(res.data.code).toBe('LOGIN_LEGACY_DISABLED');
    await expect(t.signIn(wallet)).resolves.toMatchObject({ account: wallet.address });
  });
});
