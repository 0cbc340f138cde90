import { fromUnits, toUnits, type AssetKey, type RewardExplanation } from '@reef/contract';
import type { TFunction } from '../../../i18n';

/** "0.05000000" → "5%", exactly (a rate is a decimal string with 8 places; × 100 keeps 6). */
export function ratePercent(rate: string): string {
  const percent = fromUnits(toUnits(rate) * 100n);
  return `${percent.replace(/\.?0+$/, '')}%`;
}

/** "20.00000000" → "20", "1.90000000" → "1.9": the explanation reads as prose, not as a ledger column. */
function plain(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

const PURCHASE_KINDS = ['card_starter', 'card_market', 'miner', 'pledge'] as const;

/**
 * One income line's explanation as a sentence in the user's language (decision 065): who bought what, for how much in
 * the asset they paid (decision 115: a card's RUSD, not the reward's USDT) and what it counted as, the rate, the level
 * and generation; a dividend's pool and weight; and the cap that cut it, if any. `asset`: the line's own asset, the
 * unit of the base and of the amount before a cap.
 */
export function explainIncome(t: TFunction, e: RewardExplanation, symbols: Readonly<Record<AssetKey, string>>, asset: AssetKey): string {
  const symbol = symbols[asset];
  const person = (p: { uid: number; nickname: string } | null) => (p ? p.nickname || t('income.line.uid', { uid: p.uid }) : '');
  const purchaseKind = (PURCHASE_KINDS as readonly string[]).includes(e.purchase?.kind ?? '') ? e.purchase!.kind : 'miner';
  const values = {
    member: person(e.member),
    source: person(e.source),
    purchase: t(`income.purchase.${purchaseKind as (typeof PURCHASE_KINDS)[number]}`),
    base: plain(e.base),
    rate: ratePercent(e.rate),
    level: e.level,
    generation: e.generation ?? '',
    day: e.dividend_day ?? '',
    weight: plain(e.weight ?? '0'),
    total: plain(e.total_weight ?? '0'),
    computed: plain(e.computed),
    symbol,
    paid: e.purchase ? `${plain(e.purchase.paid.amount)} ${symbols[e.purchase.paid.asset]}` : '',
  };
  const main = e.dividend_day
    ? t('income.line.dividend', values)
    : e.source
      ? t('income.line.sameLevel', values)
      : e.purchase
        ? t('income.line.purchase', values)
        : t('income.line.performance', values);
  if (e.cap === 'user_day') return `${main} · ${t('income.line.capUserDay', values)}`;
  if (e.cap === 'kind_share') return `${main} · ${t('income.line.capKindShare', values)}`;
  return main;
}
