import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      loginLegacy: true,
      transferFeeRate: '0',
      publicOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
    });
    expect(config.assetSymbols.coin).toBe('RSC');
    expect(config.withdrawFees).toEqual({ usdt: '1', coin: '10' });
    expect(config.chain).toBeNull();
    expect(config.depositConfirmations).toBe(3);
    expect(config.rechargeMinimums).toEqual({ usdt: '1', coin: '1' });
    expect(config.depositPollMs).toBe(5000);
    expect(config.rusdPerUsdt).toBe('1');
    expect(config.bnbPriceUsdt).toBe('600');
    expect(config.depositAddress).toBeNull();
    expect(config.explorerUrl).toBe('https://bscscan.com');
  });

  it('reads DEPOSIT_ADDRESS without an RPC (review mode still says where to pay) and the explorer URL', () => {
    const config = loadConfig({ DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dEaD', EXPLORER_URL: 'https://testnet.bscscan.com/' });
    expect(config.chain).toBeNull();
    expect(config.depositAddress).toBe('0x000000000000000000000000000000000000dead');
    expect(config.explorerUrl).toBe('https://testnet.bscscan.com');
  });

  it('reads the RUSD rate and the BNB price', () => {
    const config = loadConfig({ RUSD_PER_USDT: '1.25', BNB_PRICE_USDT: '612.12345678' });
    expect(config.rusdPerUsdt).toBe('1.25');
    expect(config.bnbPriceUsdt).toBe('612.12345678');
  });

  const chainEnv = {
    BSC_RPC_URL: 'https://bsc.example/rpc',
    DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dEaD',
    USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
    COIN_CONTRACT: '0x1111111111111111111111111111111111111111',
  };

  it('reads the deposit variables, addresses in lower case', () => {
    const config = loadConfig({ ...chainEnv, DEPOSIT_CONFIRMATIONS: '15', RECHARGE_MIN_USDT: '10.5', RECHARGE_MIN_COIN: '0', DEPOSIT_POLL_SECONDS: '2' });
    expect(config.chain).toEqual({
      rpcUrl: 'https://bsc.example/rpc',
      depositAddress: '0x000000000000000000000000000000000000dead',
      tokenContracts: { usdt: '0x55d398326f99059ff775485246999027b3197955', coin: '0x1111111111111111111111111111111111111111' },
      hotWallet: null,
    });
    expect(config.depositConfirmations).toBe(15);
    expect(config.depositAddress).toBe('0x000000000000000000000000000000000000dead');
    expect(config.rechargeMinimums).toEqual({ usdt: '10.5', coin: '0' });
    expect(config.depositPollMs).toBe(2000);
  });

  it.each(['DEPOSIT_ADDRESS', 'USDT_CONTRACT', 'COIN_CONTRACT'])('refuses to start with BSC_RPC_URL but without %s', (name) => {
    const env: Record<string, string | undefined> = { ...chainEnv, [name]: undefined };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: required when BSC_RPC_URL is set`));
  });

  // Hardhat's well-known account #1 key; its address is 0x70997970C51812dc3A010C7d01b50e0d17dc79C8.
  const hotKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

  it('reads HOT_WALLET_KEY with BSC_RPC_URL, keeping the key out of serialised configuration', () => {
    const config = loadConfig({ ...chainEnv, HOT_WALLET_KEY: hotKey });
    expect(config.chain!.hotWallet!.address).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    expect(config.chain!.hotWallet!.privateKey).toBe(hotKey);
    expect(JSON.stringify(config)).not.toContain(hotKey.slice(2));
    expect(Object.keys(config.chain!.hotWallet!)).toEqual(['address']);
  });

  it('refuses HOT_WALLET_KEY without BSC_RPC_URL, naming the variable', () => {
    expect(() => loadConfig({ HOT_WALLET_KEY: hotKey })).toThrow(ConfigError);
    expect(() => loadConfig({ HOT_WALLET_KEY: hotKey })).toThrow(/HOT_WALLET_KEY: only valid together with BSC_RPC_URL/);
  });

  it.each([
    ['no 0x', hotKey.slice(2)],
    ['too short', hotKey.slice(0, -2)],
    ['not hex', `0x${'g'.repeat(64)}`],
    ['zero, not a key', `0x${'0'.repeat(64)}`],
    ['above the curve order', `0x${'f'.repeat(64)}`],
  ])('refuses a malformed HOT_WALLET_KEY (%s) without echoing it', (_label, key) => {
    let message = '';
    try {
      loadConfig({ ...chainEnv, HOT_WALLET_KEY: key });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/HOT_WALLET_KEY/);
    expect(message).not.toContain(key.replace(/^0x/, '').slice(0, 16));
  });

  it('refuses the same contract for USDT and the coin', () => {
    expect(() => loadConfig({ ...chainEnv, COIN_CONTRACT: chainEnv.USDT_CONTRACT.toLowerCase() })).toThrow(/COIN_CONTRACT/);
  });

  it('reads the chat socket variables, defaulting to three missed heartbeats and one shared channel', () => {
    expect([loadConfig({}).socketIdleMs, loadConfig({}).realtimeChannel]).toEqual([35_000, 'reef-realtime']);
    const config = loadConfig({ SOCKET_IDLE_SECONDS: '5', REALTIME_CHANNEL: 'reef:staging-1' });
    expect([config.socketIdleMs, config.realtimeChannel]).toEqual([5000, 'reef:staging-1']);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOGIN_LEGACY: 'false',
      ADMIN_ADDRESSES: '0x000000000000000000000000000000000000dEaD',
      TRANSFER_FEE_RATE: '0.005',
      ASSET_SYMBOLS: 'coin=REEF,usdt=USDT',
      PUBLIC_ORIGINS: 'https://reef.example/',
      WITHDRAW_FEE_USDT: '0.5',
      WITHDRAW_FEE_COIN: '0',
    });
    expect(config.port).toBe(9000);
    expect(config.loginLegacy).toBe(false);
    expect(config.adminAddresses.has('0x000000000000000000000000000000000000dead')).toBe(true);
    expect(config.assetSymbols.coin).toBe('REEF');
    expect(config.publicOrigins).toEqual(['https://reef.example']);
    expect(config.withdrawFees).toEqual({ usdt: '0.5', coin: '0' });
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL/],
    ['LOGIN_LEGACY', 'maybe', /LOGIN_LEGACY/],
    ['ADMIN_ADDRESSES', '0x123', /ADMIN_ADDRESSES/],
    ['TRANSFER_FEE_RATE', '1.5', /TRANSFER_FEE_RATE/],
    ['TRANSFER_FEE_RATE', '-0.1', /TRANSFER_FEE_RATE/],
    ['ASSET_SYMBOLS', 'gold=GLD', /ASSET_SYMBOLS/],
    ['PUBLIC_ORIGINS', 'ftp://reef', /PUBLIC_ORIGINS/],
    ['RATE_LIMIT_PER_MINUTE', '-1', /RATE_LIMIT_PER_MINUTE/],
    ['SIGN_IN_PER_MINUTE', 'many', /SIGN_IN_PER_MINUTE/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY.*any client/],
    ['TRUST_PROXY', '11', /TRUST_PROXY/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY/],
    ['TRUST_PROXY', 'proxy.example', /TRUST_PROXY/],
    ['WITHDRAW_FEE_USDT', '-1', /WITHDRAW_FEE_USDT/],
    ['WITHDRAW_FEE_USDT', '0.000000001', /WITHDRAW_FEE_USDT/],
    ['WITHDRAW_FEE_COIN', 'ten', /WITHDRAW_FEE_COIN/],
    ['BSC_RPC_URL', 'wss://bsc.example', /BSC_RPC_URL/],
    ['BSC_RPC_URL', 'bsc.example', /BSC_RPC_URL/],
    ['DEPOSIT_ADDRESS', '0x123', /DEPOSIT_ADDRESS/],
    ['EXPLORER_URL', 'bscscan.com', /EXPLORER_URL/],
    ['EXPLORER_URL', 'https://bscscan.com/?q=1', /EXPLORER_URL/],
    ['USDT_CONTRACT', 'usdt', /USDT_CONTRACT/],
    ['COIN_CONTRACT', '0xZZ00000000000000000000000000000000000000', /COIN_CONTRACT/],
    ['DEPOSIT_CONFIRMATIONS', '0', /DEPOSIT_CONFIRMATIONS/],
    ['DEPOSIT_CONFIRMATIONS', 'three', /DEPOSIT_CONFIRMATIONS/],
    ['RECHARGE_MIN_USDT', '-1', /RECHARGE_MIN_USDT/],
    ['RECHARGE_MIN_COIN', '0.000000001', /RECHARGE_MIN_COIN/],
    ['DEPOSIT_POLL_SECONDS', '0', /DEPOSIT_POLL_SECONDS/],
    ['RUSD_PER_USDT', '0', /RUSD_PER_USDT/],
    ['RUSD_PER_USDT', '0.00000000', /RUSD_PER_USDT/],
    ['RUSD_PER_USDT', '-1', /RUSD_PER_USDT/],
    ['RUSD_PER_USDT', '1.000000001', /RUSD_PER_USDT/],
    ['RUSD_PER_USDT', 'one', /RUSD_PER_USDT/],
    ['BNB_PRICE_USDT', '0', /BNB_PRICE_USDT/],
    ['BNB_PRICE_USDT', '6e2', /BNB_PRICE_USDT/],
    ['SOCKET_IDLE_SECONDS', '0', /SOCKET_IDLE_SECONDS/],
    ['SOCKET_IDLE_SECONDS', 'soon', /SOCKET_IDLE_SECONDS/],
    ['REALTIME_CHANNEL', 'two words', /REALTIME_CHANNEL/],
  ])('refuses %s=%s naming the variable', (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });
});

describe('TRUST_PROXY', () => {
  it("is off by default: X-Forwarded-For is nobody's to believe", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it("takes a hop count or the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
  });
});

describe('WeChat official account (decision 066)', () => {
  it('is off by default and on with the id and the secret, which never shows', () => {
    expect(loadConfig({}).wechat).toBeNull();
    const config = loadConfig({ WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 'topsecret123', WECHAT_API_BASE_URL: 'http://127.0.0.1:9/' });
    expect(config.wechat).toMatchObject({ appId: 'wx0123456789abcdef', apiBaseUrl: 'http://127.0.0.1:9', appSecret: 'topsecret123' });
    expect(JSON.stringify(config)).not.toContain('topsecret123');
  });

  it('wants both the id and the secret, and names the missing one without the secret', () => {
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx0123456789abcdef' })).toThrow(/WECHAT_APP_SECRET: required/);
    expect(() => loadConfig({ WECHAT_APP_SECRET: 'topsecret123' })).toThrow(/WECHAT_APP_ID: required/);
    let message = '';
    try {
      loadConfig({ WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 'top secret!' });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toMatch(/WECHAT_APP_SECRET: letters and digits only/);
    expect(message).not.toContain('top secret!');
    expect(() => loadConfig({ WECHAT_API_BASE_URL: 'ftp://x' })).toThrow(/WECHAT_API_BASE_URL/);
  });
});

describe('phone codes and developer helpers (decisions 076, 077)', () => {
  it('logs codes in development, refuses in production without a gateway, and never shows the token', () => {
    expect(loadConfig({}).sms).toMatchObject({ provider: null, logCodes: true, perPhonePerDay: 10, perIpPerHour: 20 });
    expect(loadConfig({ NODE_ENV: 'production' }).sms.logCodes).toBe(false);
    const config = loadConfig({ SMS_PROVIDER_URL: 'https://sms.example/send', SMS_PROVIDER_TOKEN: 'sms-secret-1' });
    expect(config.sms.provider).toMatchObject({ url: 'https://sms.example/send', token: 'sms-secret-1' });
    expect(JSON.stringify(config)).not.toContain('sms-secret-1');
    expect(() => loadConfig({ SMS_PROVIDER_TOKEN: 'sms-secret-1' })).toThrow(/SMS_PROVIDER_TOKEN: only valid together with SMS_PROVIDER_URL/);
    expect(() => loadConfig({ SMS_PROVIDER_URL: 'ftp://x' })).toThrow(/SMS_PROVIDER_URL/);
  });

  it('refuses DEV_LOGIN together with NODE_ENV=production', () => {
    expect(loadConfig({ DEV_LOGIN: 'true' }).devLogin).toBe(true);
    expect(loadConfig({}).devLogin).toBe(false);
    expect(() => loadConfig({ DEV_LOGIN: 'true', NODE_ENV: 'production' })).toThrow(/DEV_LOGIN: refused when NODE_ENV=production/);
  });
});
