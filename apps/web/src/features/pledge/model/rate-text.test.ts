// On the real translator and catalogue (zh-tw, the default language).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ASSET_SYMBOLS } from '@reef/contract';
import { loadFullCatalogue, t } from '../../../i18n';
import { annualRateText, perThousandText, rateText } from './rate-text';

beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  await loadFullCatalogue();
});
afterAll(() => vi.unstubAllGlobals());

describe('rate text', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(rateText('0.365')).toBe('36.5%');
    expect(rateText('0.01')).toBe('1%');
    expect(rateText('0.12345678')).toBe('12.345678%');
  });

  it('shows the daily interest per 1,000 with every place the payout keeps', () => {
    expect(perThousandText('0.32876712', 'RSC')).toBe('0.32876712 RSC');
    expect(perThousandText('1.00000000', 'RSC')).toBe('1 RSC');
  });

  it('says the annual rate in the asset it is paid in, and per unit locked when the assets differ', () => {
    const other = { annual_rate: '0.12000000', asset: 'usdt', interest_asset: 'coin' } as const;
    expect(annualRateText(t, other, DEFAULT_ASSET_SYMBOLS)).toBe('按 RSC 計年化 12%：每鎖倉 1 USDT 每年得 0.12 RSC，不按價格換算');
    expect(annualRateText(t, { ...other, interest_asset: 'usdt' }, DEFAULT_ASSET_SYMBOLS)).toBe('本金年化 12%，以 USDT 支付');
  });
});
