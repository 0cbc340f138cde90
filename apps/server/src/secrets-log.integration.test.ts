/**
 * Issue 16 §2 "secrets never logged" (decision 081): a real server process at LOG_LEVEL=trace with every secret the
 * configuration takes (metrics token, AI key, WeChat secret, hot-wallet key) and users' bearer tokens and signatures
 * in use — sign-in, reads, a metrics scrape with the right and a wrong token, an AI answer and a WeChat call whose
 * providers fail, a logout, SIGTERM. The whole log is then searched for each secret value: none appears.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { migratedPgliteDataDir } from './test/harness.js';
import { callApi, exited, freePort, spawnServer, waitUntilAnswering } from './test/server-process.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the log of a full run', () => {
  it('contains none of the configured secrets, tokens or signatures', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reef-secrets-'));
    await migratedPgliteDataDir(dir);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const secrets = {
      METRICS_TOKEN: `mt-${randomBytes(16).toString('hex')}`,
      AI_API_KEY: `sk-${randomBytes(20).toString('hex')}`,
      WECHAT_APP_SECRET: randomBytes(16).toString('hex'),
      HOT_WALLET_KEY: generatePrivateKey(),
    };
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const adminWallet = privateKeyToAccount(generatePrivateKey());
    const { child, log } = spawnServer(['--import', 'tsx', path.join(SERVER_DIR, 'src/server.ts')], {
      cwd: SERVER_DIR,
      port,
      origin,
      logLines: 1_000_000,
      env: {
        DATA_DIR: dir,
        LOG_LEVEL: 'trace',
        ADMIN_ADDRESSES: adminWallet.address,
        AI_BASE_URL: closed,
        AI_MODEL: 'test-model',
        WECHAT_APP_ID: 'wx0123456789abcdef',
        WECHAT_API_BASE_URL: closed,
        BSC_RPC_URL: closed,
        DEPOSIT_ADDRESS: privateKeyToAccount(generatePrivateKey()).address,
        USDT_CONTRACT: privateKeyToAccount(generatePrivateKey()).address,
        COIN_CONTRACT: privateKeyToAccount(generatePrivateKey()).address,
        DEPOSIT_POLL_SECONDS: '1',
        ...secrets,
      },
    });
    const used: string[] = [];
    try {
      await waitUntilAnswering(child, origin, 60_000, log);

      const signIn = async (wallet = privateKeyToAccount(generatePrivateKey())) => {
        const nonce = (await callApi(origin, 'GET', '/api/login/nonce')).data.nonce as string;
        const msg = createSiweMessage({
          address: wallet.address,
          domain: new URL(origin).host,
          uri: origin,
          chainId: 56,
          version: '1',
          nonce,
          issuedAt: new Date(),
        });
        const sign = await wallet.signMessage({ message: msg });
        const login = await callApi(origin, 'POST', '/api/login', undefined, { sign, account: wallet.address, msg });
        expect(login.status).toBe(200);
        used.push(sign, login.data.token as string);
        return login.data.token as string;
      };
      const admin = await signIn(adminWallet);
      const user = await signIn();
      expect((await callApi(origin, 'GET', '/api/user/info', user)).status).toBe(200);
      expect((await callApi(origin, 'POST', '/api/user/password', user, { password: '246810', confirm: '246810' })).status).toBe(200);
      expect((await callApi(origin, 'GET', '/api/admin/withdrawals?status=pending', admin)).status).toBe(200);
      // A refused transfer (wrong password) and a bad token are logged as refusals, without the values.
      await callApi(origin, 'POST', '/api/finance/other/trade', user, { to: '1', amount: '1', asset: 'usdt', password: '999999' });
      await callApi(origin, 'GET', '/api/user/info', `${user}x`);

      const scrape = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` } });
      expect(scrape.status).toBe(200);
      expect((await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${secrets.METRICS_TOKEN.slice(0, -1)}` } })).status).toBe(401);

      // The AI provider and WeChat are unreachable: their failures are logged, their keys are not.
      const ai = await fetch(`${origin}/api/ai/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hello' }),
      });
      expect(await ai.text()).toContain('event: error');
      const wechat = await callApi(origin, 'GET', `/api/wechat/config?url=${encodeURIComponent(`${origin}/index/`)}`, user);
      expect(wechat.status).not.toBe(200);
      // The deposit watcher has met the unreachable node at least once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await callApi(origin, 'POST', '/api/logout', user)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    }

    const text = log();
    expect(text.split('\n').length).toBeGreaterThan(30);
    expect(text).toMatch(/"msg":"request completed"/);
    const values = [...Object.values(secrets), secrets.HOT_WALLET_KEY.slice(2)];
    for (const value of values) expect(text.includes(value), `a configured secret appears in the log`).toBe(false);
    expect(used.length).toBe(4);
    for (const value of used) expect(text.includes(value), `a token or signature appears in the log`).toBe(false);
  }, 180_000);
});
