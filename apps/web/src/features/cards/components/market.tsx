import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Link, useSearchParams } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { Tabs } from '../../../components/ui/tabs';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useCardTypes } from '../api/list-card-types';
import { useMarket, type MarketFilter } from '../api/list-market';
import { useServerClock } from '../api/server-clock';
import { idParam, cardsPaths } from '../model/paths';
import { checkMarketFilter, type MarketFilterProblem } from '../model/market-filter';
import type { ClockOffset } from '../../../lib/server-clock';
import { sessionWindow } from '../model/session-phase';
import { CardsLinks } from './cards-links';
import { CardRow } from './card-row';
import { Money } from '../../../components/ui/money';
import { AmountField } from '../../../components/ui/amount-field';
import { SessionClock } from './session-clock';
import { CardSection } from '../../../components/ui/card-section';
import './cards.css';
import { QuantityField } from '../../../components/ui/quantity-field';

type Row = cardsApi.MarketListing & { id: number };

function ListingRow({ listing }: { listing: Row }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardRow
      item={{ 'data-testid': 'market-listing', 'data-listing': listing.listing_id, 'data-seller': listing.seller }}
      to={cardsPaths.listing(listing.listing_id)}
      image={listing.image}
      name={listing.name}
      note={<span className="bill__memo">{t('cards.market.seller', { uid: listing.seller })}</span>}
      time={dateFormat.format(new Date(listing.listed_at))}
      amount={<Money value={listing.price} symbol={symbols.rusd} testId="market-listing-price" />}
      details={[
        <>
          + <Money value={listing.fuel_fee} symbol={symbols.fuel} />
        </>,
      ]}
    />
  );
}

/** Each type's session on the market (their clocks tick on the server's time; the list refetches at a boundary). */
function MarketSessions({
  sessions,
  names,
  offset,
  onChange,
}: {
  sessions: readonly cardsApi.CardSession[];
  names: Map<number, string>;
  offset: ClockOffset | null;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  if (sessions.length === 0) return <p className="cards-note">{t('cards.market.noSessions')}</p>;
  return (
    <ul className="market-sessions" aria-label={t('cards.market.sessions')}>
      {sessions.map((session) => (
        <li key={session.id} className="card-offer__title">
          <span className="bill__kind">{names.get(session.card_type_id) ?? ''}</span>
          <SessionClock
            schedule={sessionWindow(session.opens_at, session.closes_at, session.state === 'closed')}
            offset={offset}
            onChange={onChange}
            testId={`market-session-${session.card_type_id}`}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * trading/index: the live listings, oldest first, narrowed by type, a price band and a seller's uid (spec §2), with
 * each type's session countdown. The filter lives in the URL, so a reload or a shared link shows the same list.
 */
export function Market() {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const typeId = idParam(search.get('type'));
  const filter: MarketFilter = {
    type: typeId === 0 ? null : typeId,
    minPrice: search.get('min'),
    maxPrice: search.get('max'),
    seller: idParam(search.get('seller')) || null,
  };
  const [min, setMin] = useState(filter.minPrice ?? '');
  const [max, setMax] = useState(filter.maxPrice ?? '');
  const [seller, setSeller] = useState(filter.seller === null ? '' : String(filter.seller));
  const [problem, setProblem] = useState<MarketFilterProblem | null>(null);

  const types = useCardTypes();
  const market = useMarket(filter);
  const offset = useServerClock();
  const data = market.data;
  const list = useMemo(
    () => (data === undefined ? undefined : uniqueRows(data.pages.map((page) => ({ ...page, list: page.list.map((l) => ({ ...l, id: l.listing_id })) })))),
    [data],
  );
  const names = useMemo(() => new Map((types.data?.list ?? []).map((type) => [type.id, type.name])), [types.data]);
  // Each type's current or next session (the market's own list names only the open ones): the countdown to the
  // opening as well as to the closing.
  const sessions = (types.data?.list ?? []).flatMap((type) =>
    type.session !== null && (filter.type === null || type.id === filter.type) ? [type.session] : [],
  );

  const update = (next: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') params.delete(key);
      else params.set(key, value);
    }
    setSearch(params, { replace: true });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMarketFilter({ min, max, seller });
    setProblem(checked.problem);
    if (checked.value === null) return;
    update({ min: checked.value.minPrice, max: checked.value.maxPrice, seller: checked.value.seller === null ? null : String(checked.value.seller) });
  };

  const clear = () => {
    setMin('');
    setMax('');
    setSeller('');
    setProblem(null);
    update({ min: null, max: null, seller: null });
  };

  const problemText = (shown: MarketFilterProblem): string => {
    if (shown.field === 'all') return t('cards.market.filterEmpty');
    if (shown.field === 'seller') return t('cards.market.sellerInvalid');
    if (shown.field === 'band') return t('cards.price.order');
    const field = t(shown.field === 'min' ? 'cards.market.minPrice' : 'cards.market.maxPrice');
    return t('cards.price.fieldProblem', { field, problem: t(`cards.price.${shown.problem}`) });
  };

  const typeTabs = [
    { id: 0, label: t('cards.market.allTypes'), testId: 'market-type-all' },
    ...(types.data?.list ?? []).map((type) => ({ id: type.id, label: type.name, testId: `market-type-${type.id}` })),
  ];

  return (
    <div className="cards-page">
      <CardsLinks pages={['trading/order', 'trading/sell', 'trading/record', 'trading/set']} testId="market-links" />
      <CardSection title={t('cards.market.sessions')}>
        <MarketSessions
          sessions={sessions}
          names={names}
          offset={offset}
          onChange={() => {
            void types.refetch();
            void market.refetch();
          }}
        />
        <Link className="btn btn--primary btn--block" to={cardsPaths.order(filter.type ?? undefined)} data-testid="market-place-order">
          <span className="btn__label">{t('cards.market.placeOrder')}</span>
        </Link>
      </CardSection>
      <CardSection title={t('cards.market.listings')}>
        <Tabs
          label={t('cards.market.type')}
          tabs={typeTabs}
          selected={typeId}
          onSelect={(next) => update({ type: next === 0 ? null : String(next) })}
          testId="market-types"
        />
        <form className="market-filter" noValidate onSubmit={apply} data-testid="market-filter">
          <AmountField id={`${id}-min`} label={t('cards.market.minPrice')} value={min} onChange={setMin} testId="market-min" />
          <AmountField id={`${id}-max`} label={t('cards.market.maxPrice')} value={max} onChange={setMax} testId="market-max" />
          <QuantityField
            className="market-filter__seller"
            label={t('cards.market.sellerUid')}
            value={seller}
            onChange={setSeller}
            placeholder={t('cards.market.sellerPlaceholder')}
            testId="market-seller"
          />
          {problem !== null && (
            <p className="form-warning market-filter__problem" role="alert" data-testid="market-filter-problem">
              {problemText(problem)}
            </p>
          )}
          <div className="market-filter__actions">
            <Button variant="secondary" onClick={clear} data-testid="market-clear">
              {t('cards.market.clear')}
            </Button>
            <Button type="submit" data-testid="market-apply">
              {t('cards.market.apply')}
            </Button>
          </div>
        </form>
        <PagedList
          query={market}
          list={list}
          renderRow={(listing) => <ListingRow listing={listing} />}
          empty={<CardsEmpty list="market" />}
          testId="market-more"
        />
      </CardSection>
    </div>
  );
}
