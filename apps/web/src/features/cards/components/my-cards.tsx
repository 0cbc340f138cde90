import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { PagedList } from '../../../components/ui/paged-list';
import { MyCardsEmpty } from './cards-empty';
import { Tabs } from '../../../components/ui/tabs';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMyCards } from '../api/list-my-cards';
import { useServerClock } from '../api/server-clock';
import { cardStage } from '../model/card-stage';
import { cardsPaths } from '../model/paths';
import { serverNowMs } from '../../../lib/server-clock';
import { CardsLinks } from './cards-links';
import { CardStageChip } from './card-stage-chip';
import { CardRow } from './card-row';
import { Money } from '../../../components/ui/money';
import './cards.css';

const FILTERS = ['all', 'warehouse', 'listed', 'sold'] as const;
type Filter = (typeof FILTERS)[number];

function isFilter(value: string | null): value is Filter {
  return (FILTERS as readonly (string | null)[]).includes(value);
}

function MyCardRow({ card, nowMs }: { card: cardsApi.MyCard; nowMs: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardRow
      item={{ 'data-testid': 'my-card', 'data-card': card.id, 'data-state': card.state }}
      to={cardsPaths.card(card.id)}
      image={card.image}
      name={card.name}
      note={<CardStageChip stage={cardStage(card, nowMs)} />}
      time={t('cards.fields.boughtOn', { time: dateFormat.format(new Date(card.purchased_at)) })}
      amount={<Money value={card.state === 'sold' && card.match_price !== null ? card.match_price : card.price} symbol={symbols.rusd} />}
      details={[
        <>
          {t(card.state === 'sold' ? 'cards.fields.obtained' : 'cards.fields.obtainable')} <Money value={card.obtainable} symbol={symbols.rusd} />
        </>,
      ]}
    />
  );
}

/** cards/order: the caller's cards — in the warehouse, listed (matching) and sold (completed) — newest first. */
export function MyCards() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('state');
  const filter: Filter = isFilter(requested) ? requested : 'all';
  const cards = useMyCards(filter);
  const offset = useServerClock();
  const data = cards.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  const nowMs = serverNowMs(offset, Date.now());
  return (
    <div className="cards-page">
      <CardsLinks pages={['cards/index', 'trading/sell', 'trading/set', 'trading/renewal']} testId="my-cards-links" />
      <section className="card" aria-label={t('titles.cards/order')}>
        <Tabs
          label={t('cards.myCards.filter')}
          tabs={FILTERS.map((id) => ({ id, label: t(`cards.myCards.${id}`), testId: `my-cards-${id}` }))}
          selected={filter}
          onSelect={(id) => setSearch(id === 'all' ? {} : { state: id }, { replace: true })}
        />
        <PagedList query={cards} list={list} renderRow={(card) => <MyCardRow card={card} nowMs={nowMs} />} empty={<MyCardsEmpty />} testId="my-cards-more" />
      </section>
    </div>
  );
}
