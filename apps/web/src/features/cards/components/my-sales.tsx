import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { Tabs } from '../../../components/ui/tabs';
import { toastError } from '../../../lib/api-client';
import { uniqueRows } from '../../../lib/paged-list';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useWithdrawListing } from '../api/listing';
import { useMySales, type MySalesFilter } from '../api/list-my-sales';
import { cardsPaths } from '../model/paths';
import { CardsLinks } from './cards-links';
import { CardRow } from './card-row';
import { Money } from '../../../components/ui/money';
import './cards.css';

const FILTERS: readonly MySalesFilter[] = ['all', 'not_started', 'on_sale', 'ended'];
const TONE: Record<cardsApi.MySale['state'], string> = { not_started: 'card-state--warn', on_sale: 'card-state--live', ended: '' };

function isFilter(value: string | null): value is MySalesFilter {
  return (FILTERS as readonly (string | null)[]).includes(value);
}

/** Takes a live listing off the market, back to the warehouse; a buyer who got it first wins (the refusal says so). */
function WithdrawButton({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawListing();
  const press = useGuardedSubmit(async () => {
    try {
      await withdraw.mutateAsync(cardId);
      showToast(t('cards.sales.withdrawn'));
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <Button variant="secondary" className="sale-withdraw" busy={withdraw.isPending} onClick={press} data-testid="my-sale-withdraw">
      {t('cards.sales.withdraw')}
    </Button>
  );
}

function SaleRow({ sale }: { sale: cardsApi.MySale & { id: number } }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const state = sale.state === 'ended' && sale.outcome !== null ? (`ended_${sale.outcome}` as const) : sale.state;
  return (
    <CardRow
      item={{ 'data-testid': 'my-sale', 'data-state': sale.state, 'data-outcome': sale.outcome ?? '' }}
      to={cardsPaths.card(sale.card_id)}
      image={sale.image}
      name={sale.name}
      note={<span className={`card-state ${TONE[sale.state]}`}>{t(`cards.saleState.${state}`)}</span>}
      time={
        <>
          {dateFormat.format(new Date(sale.listed_at))}
          {sale.auto && ` · ${t('cards.sales.auto')}`}
        </>
      }
      amount={<Money value={sale.price} symbol={symbols.rusd} testId="my-sale-price" />}
      details={[
        <>
          {t(sale.outcome === 'sold' ? 'cards.fields.obtained' : 'cards.fields.obtainable')} <Money value={sale.obtainable} symbol={symbols.rusd} />
        </>,
      ]}
      after={sale.state !== 'ended' && <WithdrawButton cardId={sale.card_id} />}
    />
  );
}

/** trading/sell: the caller's listings — not started (no session open), on sale, ended (sold or withdrawn). */
export function MySales() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('state');
  const filter: MySalesFilter = isFilter(requested) ? requested : 'all';
  const sales = useMySales(filter);
  const data = sales.data;
  const list = useMemo(
    () =>
      data === undefined ? undefined : uniqueRows(data.pages.map((page) => ({ ...page, list: page.list.map((sale) => ({ ...sale, id: sale.listing_id })) }))),
    [data],
  );
  return (
    <div className="cards-page">
      <CardsLinks pages={['cards/order', 'trading/index', 'trading/record']} testId="my-sales-links" />
      <section className="card" aria-label={t('titles.trading/sell')}>
        <p className="cards-note">{t('cards.sales.explain')}</p>
        <Tabs
          label={t('cards.sales.filter')}
          tabs={FILTERS.map((id) => ({ id, label: t(`cards.saleState.${id}`), testId: `my-sales-${id}` }))}
          selected={filter}
          onSelect={(id) => setSearch(id === 'all' ? {} : { state: id }, { replace: true })}
        />
        <PagedList query={sales} list={list} renderRow={(sale) => <SaleRow sale={sale} />} empty={<CardsEmpty list="sales" />} testId="my-sales-more" />
      </section>
    </div>
  );
}
