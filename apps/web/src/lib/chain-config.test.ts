import { describe, expect, it } from 'vitest';
import { readChainConfig } from './chain-config';

const address = (digit: string) => `0x${digit.repeat(40)}`;

describe('readChainConfig', () => {
  it('reads the deposit address and token contracts', () => {
    expect(
      readChainConfig({ assets: [], deposit_address: address('a'), usdt_contract: address('b'), coin_contract: address('c'), deposit_confirmations: 3 }),
    ).toEqual({ depositAddress: address('a'), contracts: { usdt: address('b'), coin: address('c') }, confirmations: 3 });
  });

  it('is null without a chain (fields null or absent)', () => {
    expect(readChainConfig({ assets: [] })).toBeNull();
    expect(readChainConfig({ deposit_address: null, usdt_contract: null, coin_contract: null, deposit_confirmations: 3 })).toBeNull();
    expect(readChainConfig({ deposit_address: 'nope', usdt_contract: address('b'), coin_contract: address('c') })).toBeNull();
  });
});
