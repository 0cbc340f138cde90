import type { cardsApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { cardsPaths, type SuccessKind } from '../model/paths';
import { Money } from '../../../components/ui/money';
import { CardSuccess, SuccessPanel, type SuccessLink } from './success-panel';
import { FeeBox, type FeeRow } from '../../../components/ui/fee-box';
import './cards.css';

/**
 * A card just bought (a starter card, or on the market by an order matched at once), listed or renewed: its name,
 * what now holds (what it cost and from when it may be sold, the listing price, or the new deadline) and where to go
 * next — for a card bought, the card itself first.
 */
export function CardDone({ kind, cardId }: { kind: 'bought' | 'matched' | 'listed' | 'renewed'; cardId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const time = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
  const viewCard = (card: cardsApi.MyCard, testId: string) => ({ to: cardsPaths.card(card.id), label: t('cards.success.viewCard'), testId });
  const myCards = (testId: string) => ({ to: cardsPaths.myCards(), label: t('titles.cards/order'), testId });
  const boughtRows = (card: cardsApi.MyCard): FeeRow[] => [
    { label: t('cards.fields.purchasePrice'), value: <Money value={card.purchase_price} symbol={symbols.rusd} testId="purchase-success-price" /> },
    { label: t('cards.fields.fuelFee'), value: <Money value={card.fuel_fee} symbol={symbols.fuel} testId="purchase-success-fuel" /> },
    { label: t('cards.fields.holdUntil'), value: time(card.hold_until) },
  ];
  const done: Record<typeof kind, { testId: string; links: (card: cardsApi.MyCard) => SuccessLink[]; rows: (card: cardsApi.MyCard) => FeeRow[] }> = {
    bought: {
      testId: 'purchase-success',
      links: (card) => [
        viewCard(card, 'purchase-success-card'),
        myCards('purchase-success-my-cards'),
        { to: cardsPaths.starter(), label: t('cards.success.backToStarter'), testId: 'purchase-success-starter' },
      ],
      rows: boughtRows,
    },
    matched: {
      testId: 'purchase-success',
      links: (card) => [
        viewCard(card, 'purchase-success-card'),
        myCards('purchase-success-my-cards'),
        { to: cardsPaths.market(card.card_type_id), label: t('cards.success.backToMarket'), testId: 'purchase-success-market' },
      ],
      rows: boughtRows,
    },
    listed: {
      testId: 'trading-success',
      links: (card) => [{ to: cardsPaths.mySales(), label: t('titles.trading/sell'), testId: 'trading-success-sales' }, viewCard(card, 'trading-success-card')],
      rows: (card) => [{ label: t('cards.sell.listPrice'), value: <Money value={card.next_price} symbol={symbols.rusd} testId="trading-success-price" /> }],
    },
    renewed: {
      testId: 'trading-success',
      links: (card) => [viewCard(card, 'trading-success-card'), myCards('trading-success-my-cards')],
      rows: (card) => [{ label: t('cards.fields.listBy'), value: time(card.list_by), testId: 'trading-success-list-by' }],
    },
  };
  const { testId, links, rows } = done[kind];
  return (
    <CardSuccess
      cardId={cardId}
      testId={testId}
      title={(card) => t(`cards.success.${kind === 'matched' ? 'bought' : kind}`, { name: card.name })}
      links={links}
    >
      {(card) => <FeeBox rows={rows(card)} />}
    </CardSuccess>
  );
}

/** trading/success?kind=&id=: a buy order that waits for a match, a card bought on the market, a card listed or renewed. */
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
