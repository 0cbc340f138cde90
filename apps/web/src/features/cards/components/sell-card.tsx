import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { formatGroupedAmount } from '../../../lib/amount-format';
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
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { useMyCard } from '../api/get-my-card';
import { listingBelowCost } from '../model/listing-cost';
import './cards.css';

/**
 * cards/sell?card=: what listing the card would do — the listing price (the next step), the platform fee and what
 * the seller obtains when it sells — then List, which opens the review every spend shows, with a warning when the
 * listing would bring back less than the card cost (issue 25 §7). Before its holding time is over the page says until when.
 */
export function SellCard({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const preview = useListingPreview(cardId);
  const offset = useServerClock();
  const list = useListCard();
  const card = useMyCard(cardId).data?.card;
  const [reviewing, setReviewing] = useState(false);
  const data = preview.data;
  const belowCost = data === undefined || card === undefined ? false : listingBelowCost(data.obtainable, card.purchase_price);

  const submit = useIdempotentMutation({
    intent: () => (data?.listable ? cardId : null),
    send: (id, idempotencyKey) => list.mutateAsync({ cardId: id, idempotencyKey }),
    onSuccess: () => void navigate(cardsPaths.done('listed', cardId)),
    onError: (error) => {
      setReviewing(false);
      toastError(error);
    },
  });

  const session = data?.session ?? null;
  const schedule = session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed');
  return (
    <div className="cards-page">
      <FoundState id={cardId} query={preview} testId="sell">
        {data !== undefined && (
          <form
            className="card form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (data.listable) setReviewing(true);
            }}
            data-testid="sell-form"
          >
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
            <Button type="submit" block disabled={!data.listable} data-testid="sell-submit">
              {t('cards.sell.submit')}
            </Button>
          </form>
        )}
        {data !== undefined && reviewing && (
          <ReviewSheet
            title={t('cards.review.sellTitle', { name: card?.name ?? '' })}
            testId="sell-review"
            rows={[
              card !== undefined && { label: t('funds.review.what'), value: card.name, testId: 'sell-review-what' },
              { label: t('cards.sell.listPrice'), value: <Money value={data.list_price} symbol={symbols.rusd} testId="sell-review-price" /> },
              {
                label: t('cards.sell.fee', { rate: bpPercent(data.platform_fee_bp) }),
                value: <Money value={data.platform_fee} symbol={symbols.rusd} testId="sell-review-fee" />,
              },
              { label: t('cards.sell.obtainable'), value: <Money value={data.obtainable} symbol={symbols.rusd} testId="sell-review-gets" /> },
              card !== undefined && {
                label: t('cards.review.paid'),
                value: t('cards.review.paidValue', {
                  price: `${formatGroupedAmount(card.purchase_price)} ${symbols.rusd}`,
                  fee: `${formatGroupedAmount(card.fuel_fee)} ${symbols.fuel}`,
                }),
                testId: 'sell-review-paid',
              },
            ]}
            spends={[]}
            note={t('cards.review.sellNote')}
            warning={
              belowCost && card !== undefined
                ? t('cards.review.belowCost', {
                    gets: `${formatGroupedAmount(data.obtainable)} ${symbols.rusd}`,
                    price: `${formatGroupedAmount(card.purchase_price)} ${symbols.rusd}`,
                    fee: `${formatGroupedAmount(card.fuel_fee)} ${symbols.fuel}`,
                  })
                : undefined
            }
            confirmLabel={t('cards.review.confirmSell')}
            confirmTestId="sell-review-confirm"
            busy={list.isPending}
            onConfirm={submit}
            onClose={() => setReviewing(false)}
          />
        )}
      </FoundState>
    </div>
  );
}
