import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useListingPreview, useListCard } from '../api/listing';
import { useServerClock } from '../api/server-clock';
import { cardsPaths } from '../model/paths';
import { bpPercent } from '../model/rates';
import { sessionWindow } from '../model/session-phase';
import { FoundState } from './found-state';
import { Money } from '../../../components/ui/money';
import { SessionClock } from './session-clock';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

/**
 * cards/sell?card=: what listing the card would do — the listing price (the next step), the platform fee and what
 * the seller obtains when it sells — then List. Before its holding time is over the page says until when.
 */
export function SellCard({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const preview = useListingPreview(cardId);
  const offset = useServerClock();
  const list = useListCard();
  const data = preview.data;

  const submit = useIdempotentMutation({
    intent: () => (data?.listable ? cardId : null),
    send: (id, idempotencyKey) => list.mutateAsync({ cardId: id, idempotencyKey }),
    onSuccess: () => void navigate(cardsPaths.done('listed', cardId)),
    onError: (error) => toastError(error),
  });

  const session = data?.session ?? null;
  const schedule = session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed');
  return (
    <div className="cards-page">
      <FoundState id={cardId} query={preview} testId="sell">
        {data !== undefined && (
          <form className="card form" noValidate onSubmit={submit} data-testid="sell-form">
            <FeeBox
              rows={[
                { label: t('cards.sell.price'), value: <Money value={data.price} symbol={symbols.rusd} testId="sell-price" /> },
                { label: t('cards.sell.listPrice'), value: <Money value={data.list_price} symbol={symbols.rusd} testId="sell-list-price" /> },
                {
                  label: t('cards.sell.fee', { rate: bpPercent(data.platform_fee_bp) }),
                  value: <Money value={data.platform_fee} symbol={symbols.rusd} testId="sell-fee" />,
                },
                { label: t('cards.sell.obtainable'), value: <Money value={data.obtainable} symbol={symbols.rusd} testId="sell-obtainable" /> },
              ]}
            />
            <SessionClock schedule={schedule} offset={offset} onChange={() => void preview.refetch()} testId="sell-session" />
            <p className="cards-note" data-testid="sell-note">
              {data.refusal === 'CARD_HOLDING'
                ? t('cards.sell.holding', { time: dateFormat.format(new Date(data.hold_until)) })
                : data.refusal === 'CARD_ALREADY_LISTED'
                  ? t('cards.sell.alreadyListed')
                  : data.refusal === 'CARD_NOT_IN_WAREHOUSE'
                    ? t('cards.sell.notInWarehouse')
                    : t('cards.sell.explain')}
            </p>
            <Button type="submit" block disabled={!data.listable} busy={list.isPending} data-testid="sell-submit">
              {t('cards.sell.submit')}
            </Button>
          </form>
        )}
      </FoundState>
    </div>
  );
}
