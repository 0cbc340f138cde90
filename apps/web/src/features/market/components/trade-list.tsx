import { useMemo } from 'react';
import { localeTag, useTranslation } from '../../../i18n';
import type * as z from 'zod/mini';
import { isLanguageCode, type Lake, type marketApi } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useLake } from '../api/get-lake';
import { useMainLake } from '../api/list-lakes';
import './trade-list.css';
import { formatGroupedAmount } from '../../../lib/amount-format';

type Swap = z.infer<typeof marketApi.swapRecord>;

function TradeRow({ swap, lake, dateFormat }: { swap: Swap; lake: Lake; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  // Paying the quote asset (USDT) into the lake buys its base (the coin).
  const buy = swap.asset_in === lake.quote;
  const symbolOf = (asset: Swap['asset_in']) => (asset === lake.base ? lake.base_symbol : lake.quote_symbol);
  return (
    <li className="trade" data-testid="price-record">
      <span className={`trade__side trade__side--${buy ? 'buy' : 'sell'}`}>
        {buy ? t('market.buy', { symbol: lake.base_symbol }) : t('market.sell', { symbol: lake.base_symbol })}
      </span>
      <time className="trade__time" dateTime={swap.created_at}>
        {dateFormat.format(new Date(swap.created_at))}
      </time>
      <span className="trade__flow">
        <span className="trade__leg">
          {formatGroupedAmount(swap.amount_in)} <small>{symbolOf(swap.asset_in)}</small>
        </span>
        <span className="trade__arrow" aria-hidden="true">
          →
        </span>
        <span className="trade__leg">
          {formatGroupedAmount(swap.amount_out)} <small>{symbolOf(swap.asset_out)}</small>
        </span>
      </span>
      <span className="trade__price">{t('market.tradePrice', { price: formatGroupedAmount(swap.price), symbol: lake.quote_symbol })}</span>
    </li>
  );
}

/** The recent trades of a lake (the main one unless `lakeId` names another; GET /api/lakes, then GET /api/lake/:id), newest first. */
export function TradeList({ lakeId }: { lakeId?: number }) {
  const { t, i18n } = useTranslation();
  const main = useMainLake();
  const lake = useLake(lakeId ?? main.data?.id);
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'short', timeStyle: 'medium' }), [language]);

  const failed = main.isError || lake.isError;
  if (failed) {
    return <ErrorState onRetry={() => (main.isError ? main.refetch() : lake.refetch())} />;
  }
  if (lakeId !== undefined) {
    if (lake.isPending) return <LoadingState />;
    const swaps = lake.data?.swaps ?? [];
    if (lake.data === undefined || swaps.length === 0) return <EmptyState text={t('market.tradesEmpty')} testId="lake-trades-empty" />;
    return (
      <ul className="card trade-list" aria-busy={lake.isFetching || undefined}>
        {swaps.map((swap) => (
          <TradeRow key={swap.id} swap={swap} lake={lake.data} dateFormat={dateFormat} />
        ))}
      </ul>
    );
  }
  if (main.isPending || (main.data !== null && lake.isPending)) {
    return <LoadingState />;
  }
  const swaps = lake.data?.swaps ?? [];
  if (main.data === null || lake.data === undefined || swaps.length === 0) {
    return <EmptyState text={main.data === null ? t('market.noLake') : t('market.tradesEmpty')} testId="price-records-empty" />;
  }
  return (
    <ul className="card trade-list" aria-busy={lake.isFetching || undefined}>
      {swaps.map((swap) => (
        <TradeRow key={swap.id} swap={swap} lake={lake.data} dateFormat={dateFormat} />
      ))}
    </ul>
  );
}
