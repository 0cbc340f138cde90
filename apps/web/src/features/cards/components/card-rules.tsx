import { useTranslation } from '../../../i18n';
import type { cardsApi } from '@reef/contract';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { bpPercent } from '../model/rates';
import { Money } from '../../../components/ui/money';
import { FeeBox, type FeeRow } from '../../../components/ui/fee-box';
import { CardSection } from '../../../components/ui/card-section';

/** The rules of a card type: the price step per resale, holding days, the fees, what a seller obtains. */
export function CardRules({ rules, testId }: { rules: cardsApi.CardTypeRules; testId: string }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const rows: FeeRow[] = [
    { label: t('cards.rules.startPrice'), value: <Money value={rules.start_price} symbol={symbols.rusd} /> },
    { label: t('cards.rules.step'), value: <span className="figure">{`+${bpPercent(rules.price_step_bp)}%`}</span> },
    { label: t('cards.rules.fuelFee'), value: <span className="figure">{`${bpPercent(rules.fuel_fee_bp)}%`}</span> },
    { label: t('cards.rules.tradePoints'), value: <Money value={rules.trade_points} symbol={symbols.trade} /> },
    { label: t('cards.rules.holdDays'), value: t('cards.rules.days', { days: rules.hold_days }) },
    { label: t('cards.rules.listWindow'), value: t('cards.rules.days', { days: rules.list_window_days }) },
    { label: t('cards.rules.platformFee'), value: <span className="figure">{`${bpPercent(rules.platform_fee_bp)}%`}</span> },
    { label: t('cards.rules.obtainable'), value: <span className="figure">{`${bpPercent(rules.obtainable_bp)}%`}</span> },
    { label: t('cards.rules.renewalFee'), value: <span className="figure">{`${bpPercent(rules.renewal_fee_bp)}%`}</span> },
  ];
  return (
    <CardSection title={t('cards.rules.title')} testId={testId}>
      <FeeBox rows={rows} />
    </CardSection>
  );
}
