import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useMyCards } from '../api/list-my-cards';
import { useRenewalPreview, useRenewCard } from '../api/renewal';
import { useServerClock } from '../api/server-clock';
import { cardStage } from '../model/card-stage';
import { cardsPaths } from '../model/paths';
import { bpPercent } from '../model/rates';
import { serverNowMs } from '../../../lib/server-clock';
import { CardArt } from './card-art';
import { CardStageChip } from './card-stage-chip';
import { FoundState } from './found-state';
import { Money } from '../../../components/ui/money';
import { useShortfall } from './use-shortfall';
import { FeeBox } from '../../../components/ui/fee-box';
import { CardSection } from '../../../components/ui/card-section';
import './cards.css';

interface RenewalProps {
  onBalancesChanged: () => void;
}

/** Renewal of one card: the fee (a rate of its price, in RUSD) and the listing deadline it moves, then Renew. */
function RenewCard({ cardId, onBalancesChanged }: RenewalProps & { cardId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const preview = useRenewalPreview(cardId);
  const renew = useRenewCard();
  const { handle, sheet: shortfallSheet, referrerSheet } = useShortfall('renewal');
  const data = preview.data;
  const submit = useIdempotentMutation({
    intent: () => (data?.renewable ? cardId : null),
    send: (id, idempotencyKey) => renew.mutateAsync({ cardId: id, idempotencyKey }),
    onSuccess: () => {
      onBalancesChanged();
      void navigate(cardsPaths.done('renewed', cardId));
    },
    onError: (error) => handle(error),
  });
  return (
    <FoundState id={cardId} query={preview} testId="renewal">
      {data !== undefined && (
        <form className="card form" noValidate onSubmit={submit} data-testid="renewal-form">
          <FeeBox
            rows={[
              { label: t('cards.fields.price'), value: <Money value={data.price} symbol={symbols.rusd} /> },
              {
                label: t('cards.renewal.fee', { rate: bpPercent(data.renewal_fee_bp) }),
                value: <Money value={data.fee} symbol={symbols.rusd} testId="renewal-fee" />,
              },
              { label: t('cards.fields.listBy'), value: <time dateTime={data.list_by}>{dateFormat.format(new Date(data.list_by))}</time> },
              {
                label: t('cards.renewal.newListBy'),
                value: <time dateTime={data.new_list_by}>{dateFormat.format(new Date(data.new_list_by))}</time>,
                testId: 'renewal-new-list-by',
              },
            ]}
          />
          <p className="cards-note" data-testid="renewal-note">
            {data.refusal === 'CARD_HOLDING'
              ? t('cards.renewal.holding', { time: dateFormat.format(new Date(data.hold_until)) })
              : data.refusal === 'CARD_RENEWAL_EXPIRED'
                ? t('cards.renewal.expired')
                : data.refusal === 'CARD_NOT_IN_WAREHOUSE'
                  ? t('cards.sell.notInWarehouse')
                  : t('cards.renewal.explain')}
          </p>
          <Button type="submit" block disabled={!data.renewable} busy={renew.isPending} data-testid="renewal-submit">
            {t('cards.renewal.submit')}
          </Button>
          {shortfallSheet}
          {referrerSheet}
        </form>
      )}
    </FoundState>
  );
}

/** Without a card: the cards in the warehouse to choose from. */
function RenewalChoice() {
  const { t } = useTranslation();
  const cards = useMyCards('warehouse');
  const offset = useServerClock();
  const data = cards.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  const nowMs = serverNowMs(offset, Date.now());
  return (
    <CardSection title={t('cards.renewal.choose')}>
      <p className="cards-note">{t('cards.renewal.explain')}</p>
      <PagedList
        query={cards}
        list={list}
        empty={<CardsEmpty list="held" />}
        renderRow={(card) => (
          <li className="card-list__item" data-testid="renewal-card">
            <Link className="card-row" to={cardsPaths.renewal(card.id)}>
              <CardArt image={card.image} />
              <span className="card-row__main">
                <span className="bill__kind">{card.name}</span>
                <CardStageChip stage={cardStage(card, nowMs)} />
              </span>
              <span className="card-row__chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        )}
        testId="renewal-more"
      />
    </CardSection>
  );
}

/** trading/renewal (?card=): renew a card past its holding time before its listing deadline, or choose one. */
export function Renewal({ cardId, onBalancesChanged }: RenewalProps & { cardId: number | null }) {
  return <div className="cards-page">{cardId === null ? <RenewalChoice /> : <RenewCard cardId={cardId} onBalancesChanged={onBalancesChanged} />}</div>;
}
