import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { cardsPaths } from '../model/paths';
import { Money } from '../../../components/ui/money';
import { CardSuccess } from './success-panel';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

/** cards/success?card=: the starter card just bought — what it cost and from when it may be sold. */
export function PurchaseSuccess({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardSuccess
      cardId={cardId}
      testId="purchase-success"
      title={(card) => t('cards.success.bought', { name: card.name })}
      links={(card) => [
        { to: cardsPaths.card(card.id), label: t('cards.success.viewCard'), testId: 'purchase-success-card' },
        { to: cardsPaths.myCards(), label: t('titles.cards/order'), testId: 'purchase-success-my-cards' },
        { to: cardsPaths.starter(), label: t('cards.success.backToStarter'), testId: 'purchase-success-starter' },
      ]}
    >
      {(card) => (
        <FeeBox
          rows={[
            { label: t('cards.fields.purchasePrice'), value: <Money value={card.purchase_price} symbol={symbols.rusd} testId="purchase-success-price" /> },
            { label: t('cards.fields.fuelFee'), value: <Money value={card.fuel_fee} symbol={symbols.fuel} testId="purchase-success-fuel" /> },
            { label: t('cards.fields.holdUntil'), value: <time dateTime={card.hold_until}>{dateFormat.format(new Date(card.hold_until))}</time> },
          ]}
        />
      )}
    </CardSuccess>
  );
}
