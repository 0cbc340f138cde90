// On the real translator and catalogue (zh-tw, the default language).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ASSET_SYMBOLS, type RewardExplanation } from '@reef/contract';
import { loadFullCatalogue, t } from '../../../i18n';
import { explainIncome, ratePercent } from './explain-income';

beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  await loadFullCatalogue();
});
afterAll(() => vi.unstubAllGlobals());

const symbols = DEFAULT_ASSET_SYMBOLS;

const direct: RewardExplanation = {
  member: { uid: 12, nickname: 'Ann' },
  purchase: {
    event_id: 3,
    kind: 'miner',
    ref_type: 'miner',
    ref_id: 5,
    occurred_at: '2026-11-27T10:00:00.000Z',
    paid: { asset: 'usdt', amount: '1000.00000000' },
  },
  source: null,
  dividend_day: null,
  base: '1000.00000000',
  rate: '0.05000000',
  level: 1,
  generation: 1,
  weight: null,
  total_weight: null,
  computed: '50.00000000',
  cap: null,
};

describe('explainIncome', () => {
  it('writes rates as exact percentages', () => {
    expect(ratePercent('0.05000000')).toBe('5%');
    expect(ratePercent('0.00500000')).toBe('0.5%');
    expect(ratePercent('1.00000000')).toBe('100%');
    expect(ratePercent('0.00000001')).toBe('0.000001%');
  });

  it('names the member, the purchase, the rate, the level and the generation, and any cap', () => {
    const text = explainIncome(t, direct, symbols, 'usdt');
    for (const part of ['Ann', '1000', '5%']) expect(text).toContain(part);
    const capped = explainIncome(t, { ...direct, cap: 'user_day' }, symbols, 'usdt');
    expect(capped.length).toBeGreaterThan(text.length);
    expect(explainIncome(t, { ...direct, member: { uid: 7, nickname: '' } }, symbols, 'usdt')).toContain('7');
  });

  it('explains a dividend by its day, pool and weight', () => {
    const text = explainIncome(
      t,
      {
        ...direct,
        member: null,
        purchase: null,
        dividend_day: '2026-11-26',
        base: '19.00000000',
        weight: '3.00000000',
        total_weight: '10.00000000',
        generation: null,
      },
      symbols,
      'usdt',
    );
    for (const part of ['2026-11-26', '19', '3', '10']) expect(text).toContain(part);
  });

  it('says what a card cost in the asset it was paid in, and what it counted as in the reward asset', () => {
    const card: RewardExplanation = {
      ...direct,
      purchase: { ...direct.purchase!, kind: 'card_starter', paid: { asset: 'rusd', amount: '100.00000000' } },
      base: '100.00000000',
    };
    expect(explainIncome(t, card, symbols, 'usdt')).toBe('Ann 以 100 RUSD 購買卡牌（計入業績 100 USDT）· 比例 5% · 您的等級 V1 · 第 1 代');
  });

  it('without the purchase, says only what it counted as', () => {
    expect(explainIncome(t, { ...direct, purchase: null }, symbols, 'usdt')).toBe('Ann 的購買計入業績 1000 USDT · 比例 5% · 您的等級 V1 · 第 1 代');
  });
});
