import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { cardsApi, UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { trimAmount } from '../../../lib/amount-format';
import { spendsOf } from '../../../lib/balance-after';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { usePlaceOrder } from '../api/orders';
import { placedOrderPath } from '../model/paths';
import { useShortfall } from './use-shortfall';

interface MarketBuyProps {
  listing: cardsApi.MarketListing;
  /** The type's session is open on the server's clock: orders are taken only then. */
  open: boolean;
  balances: UserInfo['balances'] | undefined;
  onBalancesChanged: () => void;
}

/**
 * "Buy at this price" on a listing (issue 25 §1): the review every spend shows — the card, its price, the fuel fee
 * and trading points, each balance after — then a buy order at exactly that price, placed from this page. The
 * engine matches it at once when the card (or an equal, older one) is still listed, and the result page says the
 * card is the user's; an order that did not match says so.
 */
export function MarketBuy({ listing, open, balances, onBalancesChanged }: MarketBuyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const place = usePlaceOrder();
  const { handle, sheet: shortfallSheet, referrerSheet } = useShortfall('listing');
  const [reviewing, setReviewing] = useState(false);

  const submit = useIdempotentMutation({
    // The band is the listing's price alone (the contract takes at most 2 decimals, the view gives 8).
    intent: () => (!open ? null : { card_type_id: listing.card_type_id, min_price: trimAmount(listing.price), max_price: trimAmount(listing.price) }),
    send: (body, idempotencyKey) => place.mutateAsync({ body, idempotencyKey }),
    onSuccess: (order) => {
      onBalancesChanged();
      void navigate(placedOrderPath(order));
    },
    onError: (error) => {
      setReviewing(false);
      handle(error);
    },
  });

  return (
    <>
      <Button block disabled={!open} onClick={() => setReviewing(true)} data-testid="listing-order">
        {open ? t('cards.market.orderAtPrice') : t('cards.order.closed')}
      </Button>
      {reviewing && open && (
        <ReviewSheet
          title={t('cards.review.buyTitle', { name: listing.name })}
          testId="buy-review"
          rows={[
            { label: t('funds.review.what'), value: listing.name, testId: 'buy-review-what' },
            { label: t('funds.review.price'), value: <Money value={listing.price} symbol={symbols.rusd} testId="buy-review-price" /> },
            { label: t('cards.fields.fuelFee'), value: <Money value={listing.fuel_fee} symbol={symbols.fuel} testId="buy-review-fee" /> },
            { label: t('cards.rules.tradePoints'), value: <Money value={listing.trade_points} symbol={symbols.trade} /> },
            { label: t('funds.review.gets'), value: t('cards.review.getsCard', { name: listing.name }), testId: 'buy-review-gets' },
          ]}
          spends={spendsOf(balances, symbols, [
            ['rusd', listing.price],
            ['fuel', listing.fuel_fee],
            ['trade', listing.trade_points],
          ])}
          note={t('cards.review.marketNote')}
          confirmLabel={t('cards.review.confirmBuy')}
          confirmTestId="buy-review-confirm"
          busy={place.isPending}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        />
      )}
      {shortfallSheet}
      {referrerSheet}
    </>
  );
}
