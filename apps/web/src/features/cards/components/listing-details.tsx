import { useTranslation } from '../../../i18n';
import type { UserInfo } from '@reef/contract';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMarketListing } from '../api/get-market-listing';
import { useServerClock } from '../api/server-clock';
import { sessionWindow } from '../model/session-phase';
import { CardArt } from './card-art';
import { CardRules } from './card-rules';
import { FoundState } from './found-state';
import { MarketBuy } from './market-buy';
import { Money } from '../../../components/ui/money';
import { SessionClockView, useSessionClock } from './session-clock';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

interface ListingDetailsProps {
  listingId: number;
  balances: UserInfo['balances'] | undefined;
  onBalancesChanged: () => void;
}

/**
 * trading/details?listing=: one card on the market — its price, seller, what a buyer pays on top, the session — and
 * the way to buy it: the review, then a buy order at exactly its price placed from here (the engine matches the oldest
 * listing in a band, so this card or an equal one older than it).
 */
export function ListingDetails({ listingId, ...buying }: ListingDetailsProps) {
  const query = useMarketListing(listingId);
  const listing = query.data;
  return (
    <div className="cards-page">
      <FoundState id={listingId} query={query} testId="listing">
        {listing !== undefined && <ListingView listing={listing} onSessionChange={() => void query.refetch()} {...buying} />}
      </FoundState>
    </div>
  );
}

type ListingViewProps = Omit<ListingDetailsProps, 'listingId'> & {
  listing: NonNullable<ReturnType<typeof useMarketListing>['data']>;
  onSessionChange: () => void;
};

/** The listing once loaded: the session's clock decides whether "Buy at this price" is open, as on the order form. */
function ListingView({ listing, onSessionChange, balances, onBalancesChanged }: ListingViewProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const offset = useServerClock();
  const session = listing.session;
  const clock = useSessionClock(
    session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed'),
    offset,
    onSessionChange,
  );
  return (
    <>
      <article className="card card-offer" data-testid="listing-details">
        <div className="card-offer__head">
          <CardArt image={listing.image} large />
          <div className="card-offer__title">
            <h2 className="card-offer__name">{listing.name}</h2>
            <span className="card-offer__price">
              <Money value={listing.price} symbol={symbols.rusd} testId="listing-price" />
            </span>
            <SessionClockView clock={clock} testId="listing-session" />
          </div>
        </div>
        <FeeBox
          rows={[
            { label: t('cards.market.sellerUidShort'), value: listing.seller, testId: 'listing-seller', className: 'figure' },
            { label: t('cards.fields.fuelFee'), value: <Money value={listing.fuel_fee} symbol={symbols.fuel} /> },
            { label: t('cards.rules.tradePoints'), value: <Money value={listing.trade_points} symbol={symbols.trade} /> },
            { label: t('cards.fields.listedAt'), value: <time dateTime={listing.listed_at}>{dateFormat.format(new Date(listing.listed_at))}</time> },
          ]}
        />
        <p className="cards-note">{t('cards.market.orderExplain')}</p>
        <MarketBuy listing={listing} open={clock.phase === 'open'} balances={balances} onBalancesChanged={onBalancesChanged} />
      </article>
      <CardRules rules={listing.rules} testId="listing-rules" />
    </>
  );
}
