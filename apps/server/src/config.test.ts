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
    });
    expect(config.port).toBe(9000);
    expect(config.loginLegacy).toBe(false);
    expect(config.adminAddresses.has('0x000000000000000000000000000000000000dead')).toBe(true);
    expect(config.assetSymbols.coin).toBe('REEF');
    expect(config.publicOrigins).toEqual(['https://reef.example']);
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
  ])('refuses %s=%s naming the variable', (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });
});
