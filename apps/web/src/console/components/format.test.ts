import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSET_SYMBOLS } from '@reef/contract';
import { assetSymbolMap } from '../../lib/asset-display';
import { consoleFormat } from './format';

const en = consoleFormat('en', DEFAULT_ASSET_SYMBOLS);

describe('the console shows values as the app does', () => {
  it('asset keys as the configured symbols, whatever their case', () => {
    expect(en.symbol('usdt')).toBe('USDT');
    expect(en.symbol('MINERAL')).toBe('MP');
    const configured = consoleFormat('en', assetSymbolMap([{ key: 'coin', symbol: 'REEF' }]));
    expect(configured.symbol('coin')).toBe('REEF');
    expect(configured.symbol('usdt')).toBe('USDT');
    expect(en.symbol('bnb')).toBe('bnb');
  });

  it('amounts grouped at the app’s places, never the 8 stored ones', () => {
    expect(en.amount('100000000.00000000')).toBe('100,000,000.0000');
    expect(en.money('-25.50000000', 'usdt')).toBe('-25.5000 USDT');
    expect(en.amount('not a number')).toBe('not a number');
  });

  it('exact amounts grouped with every place, for figures checked to the last unit', () => {
    expect(en.exactAmount('370006646.36537034')).toBe('370,006,646.36537034');
    expect(en.exactAmount('-0.00000001')).toBe('-0.00000001');
    expect(en.exactAmount('1200')).toBe('1,200');
    expect(en.exactAmount('not a number')).toBe('not a number');
  });

  it('instants as a date and time in the operator’s language, in UTC', () => {
    expect(en.dateTime('2026-11-27T09:30:00.000Z')).toBe('Nov 27, 2026, 09:30 UTC');
    expect(consoleFormat('de', DEFAULT_ASSET_SYMBOLS).dateTime('2026-11-27T09:30:00.000Z')).toContain('27. Nov. 2026');
    expect(consoleFormat('zh-tw', DEFAULT_ASSET_SYMBOLS).dateTime('2026-11-27T09:30:00.000Z')).toContain('2026年11月27日');
    expect(en.day('2026-11-27')).toBe('Nov 27');
  });

  it('a list cell by its shape', () => {
    expect(en.value('2026-11-27T09:30:00.000Z')).toBe('Nov 27, 2026, 09:30 UTC');
    expect(en.value('120.00000000')).toBe('120.0000');
    expect(en.value('mineral', 'holding_asset')).toBe('MP');
    expect(en.value(null)).toBe('—');
    expect(en.value(7)).toBe('7');
    expect(en.value('0xabc')).toBe('0xabc');
  });
});
