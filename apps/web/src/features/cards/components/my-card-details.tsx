import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMyCard } from '../api/get-my-card';
import { useServerClock } from '../api/server-clock';
import { cardStage } from '../model/card-stage';
import { cardsPaths } from '../model/paths';
import { serverNowMs } from '../../../lib/server-clock';
import { AutoSellSwitch } from './auto-sell-switch';
import { CardArt } from './card-art';
import { CardHistory } from './card-history';
import { CardRules } from './card-rules';
import { CardStageChip } from './card-stage-chip';
import { FoundState } from './found-state';
import { Money } from '../../../components/ui/money';
import { useWeekdayName } from './weekday';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

/** cards/details?card=: one of the caller's cards (held, listed or sold), what they may do with it, its whole history. */
export function MyCardDetails({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const query = useMyCard(cardId);
  const offset = useServerClock();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const weekday = useWeekdayName();
  const data = query.data;

  let body: ReactNode = null;
  if (data !== undefined) {
    const { card } = data;
    const now = serverNowMs(offset, Date.now());
    const stage = cardStage(card, now);
    const time = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
    const facts: { label: string; value: ReactNode; testId?: string }[] = [
      { label: t('cards.fields.price'), value: <Money value={card.price} symbol={symbols.rusd} />, testId: 'card-price' },
      { label: t('cards.fields.purchasePrice'), value: <Money value={card.purchase_price} symbol={symbols.rusd} /> },
      { label: t('cards.fields.purchasedAt'), value: time(card.purchased_at) },
      { label: t('cards.fields.fuelFee'), value: <Money value={card.fuel_fee} symbol={symbols.fuel} /> },
      ...(card.session_weekday === null ? [] : [{ label: t('cards.fields.sessionWeekday'), value: weekday(card.session_weekday) }]),
      ...(card.match_price === null ? [] : [{ label: t('cards.fields.matchPrice'), value: <Money value={card.match_price} symbol={symbols.rusd} /> }]),
      ...(card.matched_at === null ? [] : [{ label: t('cards.fields.matchedAt'), value: time(card.matched_at) }]),
      {
        label: t(card.state === 'sold' ? 'cards.fields.obtained' : 'cards.fields.obtainable'),
        value: <Money value={card.obtainable} symbol={symbols.rusd} />,
        testId: 'card-obtainable',
      },
      ...(card.state === 'warehouse'
        ? [
            { label: t('cards.fields.nextPrice'), value: <Money value={card.next_price} symbol={symbols.rusd} /> },
            { label: t('cards.fields.holdUntil'), value: time(card.hold_until) },
            { label: t('cards.fields.listBy'), value: time(card.list_by) },
          ]
        : []),
    ];
    body = (
      <>
        <article className="card card-offer" data-testid="card-details" data-card={card.id}>
          <div className="card-offer__head">
            <CardArt image={card.image} large />
            <div className="card-offer__title">
              <h2 className="card-offer__name">{card.name}</h2>
              <CardStageChip stage={stage} testId="card-stage" />
              <p className="cards-note" data-testid="card-stage-note">
                {stage === 'holding'
                  ? t('cards.stageNote.holding', { time: dateFormat.format(new Date(card.hold_until)) })
                  : stage === 'due'
                    ? t('cards.stageNote.due', { time: dateFormat.format(new Date(card.list_by)) })
                    : t(`cards.stageNote.${stage}`)}
              </p>
            </div>
          </div>
          <FeeBox rows={facts} />
          {card.state === 'warehouse' && <AutoSellSwitch cardId={card.id} on={card.auto_sell} label={t('cards.autoSell.label')} testId="card-auto-sell" />}
          {(card.listable || card.renewable || card.state === 'listed') && (
            <div className="cards-success__actions">
              {card.listable && (
                <Link className="btn btn--primary btn--block" to={cardsPaths.sell(card.id)} data-testid="card-sell">
                  <span className="btn__label">{t('cards.actions.sell')}</span>
                </Link>
              )}
              {card.renewable && (
                <Link className="btn btn--secondary btn--block" to={cardsPaths.renewal(card.id)} data-testid="card-renew">
                  <span className="btn__label">{t('cards.actions.renew')}</span>
                </Link>
              )}
              {card.state === 'listed' && (
                <Link className="btn btn--secondary btn--block" to={cardsPaths.mySales()} data-testid="card-my-sales">
                  <span className="btn__label">{t('titles.trading/sell')}</span>
                </Link>
              )}
            </div>
          )}
        </article>
        <CardHistory lines={data.history} />
        <CardRules rules={data.rules} testId="card-rules" />
      </>
    );
  }

  return (
    <div className="cards-page">
      <FoundState id={cardId} query={query} testId="card-details">
        {body}
      </FoundState>
    </div>
  );
}
