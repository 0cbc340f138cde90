import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { cardsPaths, type SuccessKind } from '../model/paths';
import { Money } from '../../../components/ui/money';
import { CardSuccess, SuccessPanel } from './success-panel';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

/** A listed or renewed card: its name and what now holds — the listing price, or the new deadline. */
function CardDone({ kind, cardId }: { kind: 'listed' | 'renewed'; cardId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardSuccess
      cardId={cardId}
      testId="trading-success"
      title={(card) => t(`cards.success.${kind}`, { name: card.name })}
      links={(card) =>
        kind === 'listed'
          ? [
              { to: cardsPaths.mySales(), label: t('titles.trading/sell'), testId: 'trading-success-sales' },
              { to: cardsPaths.card(card.id), label: t('cards.success.viewCard'), testId: 'trading-success-card' },
            ]
          : [
              { to: cardsPaths.card(card.id), label: t('cards.success.viewCard'), testId: 'trading-success-card' },
              { to: cardsPaths.myCards(), label: t('titles.cards/order'), testId: 'trading-success-my-cards' },
            ]
      }
    >
      {(card) => (
        <FeeBox
          rows={[
            kind === 'listed'
              ? { label: t('cards.sell.listPrice'), value: <Money value={card.next_price} symbol={symbols.rusd} testId="trading-success-price" /> }
              : {
                  label: t('cards.fields.listBy'),
                  value: <time dateTime={card.list_by}>{dateFormat.format(new Date(card.list_by))}</time>,
                  testId: 'trading-success-list-by',
                },
          ]}
        />
      )}
    </CardSuccess>
  );
}

/** trading/success?kind=&id=: a buy order placed (it waits for a match), a card listed, a card renewed. */
export function TradingSuccess({ kind, id }: { kind: SuccessKind; id: number }) {
  const { t } = useTranslation();
  if (kind === 'order') {
    return (
      <SuccessPanel
        title={t('cards.success.order')}
        testId="trading-success"
        links={[
          { to: cardsPaths.order(), label: t('titles.trading/order'), testId: 'trading-success-orders' },
          { to: cardsPaths.market(), label: t('titles.trading/index'), testId: 'trading-success-market' },
        ]}
      >
        <p className="cards-note">{t('cards.success.orderNote')}</p>
      </SuccessPanel>
    );
  }
  return <CardDone kind={kind} cardId={id} />;
}
