import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { Tabs } from '../../../components/ui/tabs';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useTradeRecord, type RecordSide } from '../api/list-trade-record';
import { cardsPaths } from '../model/paths';
import { CardsLinks } from './cards-links';
import { CardRow } from './card-row';
import { Money } from '../../../components/ui/money';
import './cards.css';

const SIDES: readonly RecordSide[] = ['all', 'buy', 'sell'];

function isSide(value: string | null): value is RecordSide {
  return (SIDES as readonly (string | null)[]).includes(value);
}

function RecordRow({ record }: { record: cardsApi.TradeRecord & { id: number } }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardRow
      item={{ 'data-testid': 'trade-record', 'data-side': record.side, 'data-match': record.match_id }}
      to={cardsPaths.card(record.card_id)}
      lead={<span className={`card-state ${record.side === 'buy' ? 'card-state--live' : 'card-state--good'}`}>{t(`cards.record.${record.side}`)}</span>}
      name={record.name}
      note={<span className="bill__memo">{t(record.side === 'buy' ? 'cards.record.from' : 'cards.record.to', { uid: record.counterparty })}</span>}
      time={dateFormat.format(new Date(record.created_at))}
      amount={<Money value={record.price} symbol={symbols.rusd} testId="trade-record-price" />}
      details={
        record.side === 'sell'
          ? [
              <>
                {t('cards.record.fee')} <Money value={record.platform_fee} symbol={symbols.rusd} />
              </>,
              <>
                {t('cards.fields.obtained')} <Money value={record.seller_obtained} symbol={symbols.rusd} testId="trade-record-obtained" />
              </>,
            ]
          : [
              <>
                + <Money value={record.fuel_fee} symbol={symbols.fuel} />
              </>,
            ]
      }
    />
  );
}

/** trading/record: every match the caller took part in — bought or sold — newest first. */
export function TradeRecord() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('side');
  const side: RecordSide = isSide(requested) ? requested : 'all';
  const record = useTradeRecord(side);
  const data = record.data;
  const list = useMemo(
    () =>
      data === undefined
        ? undefined
        : uniqueRows(data.pages.map((page) => ({ ...page, list: page.list.map((row) => ({ ...row, id: row.match_id * 2 + (row.side === 'sell' ? 1 : 0) })) }))),
    [data],
  );
  return (
    <div className="cards-page">
      <CardsLinks pages={['trading/index', 'trading/order', 'trading/sell']} testId="record-links" />
      <section className="card" aria-label={t('titles.trading/record')}>
        <Tabs
          label={t('cards.record.filter')}
          tabs={SIDES.map((id) => ({ id, label: t(`cards.record.tab.${id}`), testId: `record-${id}` }))}
          selected={side}
          onSelect={(id) => setSearch(id === 'all' ? {} : { side: id }, { replace: true })}
        />
        <PagedList query={record} list={list} renderRow={(row) => <RecordRow record={row} />} empty={<CardsEmpty list="record" />} testId="record-more" />
      </section>
    </div>
  );
}
