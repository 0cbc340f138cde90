import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { trimAmount } from '../../../lib/amount-format';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMarketListing } from '../api/get-market-listing';
import { useServerClock } from '../api/server-clock';
import { cardsPaths } from '../model/paths';
import { sessionWindow } from '../model/session-phase';
import { CardArt } from './card-art';
import { CardRules } from './card-rules';
import { FoundState } from './found-state';
import { Money } from '../../../components/ui/money';
import { SessionClock } from './session-clock';
import { FeeBox } from '../../../components/ui/fee-box';
import './cards.css';

/**
 * trading/details?listing=: one card on the market — its price, seller, what a buyer pays on top, the session — and
 * the way to bid for it: a buy order at exactly its price (the engine matches the oldest listing in a band, so
 * this card or an equal one older than it).
 */
export function ListingDetails({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const query = useMarketListing(listingId);
  const offset = useServerClock();
  const listing = query.data;
  return (
    <div className="cards-page">
      <FoundState id={listingId} query={query} testId="listing">
        {listing !== undefined && (
          <>
            <article className="card card-offer" data-testid="listing-details">
              <div className="card-offer__head">
                <CardArt image={listing.image} large />
                <div className="card-offer__title">
                  <h2 className="card-offer__name">{listing.name}</h2>
                  <span className="card-offer__price">
                    <Money value={listing.price} symbol={symbols.rusd} testId="listing-price" />
                  </span>
                  <SessionClock
                    schedule={
                      listing.session === null ? null : sessionWindow(listing.session.opens_at, listing.session.closes_at, listing.session.state === 'closed')
                    }
                    offset={offset}
                    onChange={() => void query.refetch()}
                    testId="listing-session"
                  />
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
              <Link className="btn btn--primary btn--block" to={cardsPaths.order(listing.card_type_id, trimAmount(listing.price))} data-testid="listing-order">
                <span className="btn__label">{t('cards.market.orderAtPrice')}</span>
              </Link>
            </article>
            <CardRules rules={listing.rules} testId="listing-rules" />
          </>
        )}
      </FoundState>
    </div>
  );
}
