import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS, isAssetKey, isLanguageCode, type AssetKey } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import { localeTag } from '../../../i18n';
import { useAppConfig } from '../../../lib/app-config';
import { useBills, type BillType } from '../api/get-bills';
import { uniqueRows } from '../model/paged-list';
import { BillRow } from './bill-row';
import { LoadMore } from './load-more';

/** Fund log (GET /api/finance/bill/:type): a tab per asset, 20 lines a page, "load more". */
export function BillList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const config = useAppConfig();
  const requested = search.get('type');
  const type: BillType = requested !== null && isAssetKey(requested) ? requested : 'all';
  const bills = useBills(type);

  const symbols = useMemo(() => {
    const map: Record<AssetKey, string> = { ...DEFAULT_ASSET_SYMBOLS };
    for (const asset of config.data?.assets ?? []) map[asset.key] = asset.symbol;
    return map;
  }, [config.data]);
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );

  const lines = useMemo(() => uniqueRows(bills.data?.pages), [bills.data]);

  const tabs: { type: BillType; label: string }[] = [
    { type: 'all', label: t('bills.all') },
    ...(config.data?.assets ?? []).map((asset) => ({ type: asset.key, label: asset.symbol })),
  ];

  return (
    <div className="bills">
      <div className="tabs" role="tablist" aria-label={t('bills.tabsLabel')}>
        {tabs.map((tab) => (
          <button
            key={tab.type}
            type="button"
            role="tab"
            aria-selected={tab.type === type}
            className="tabs__tab"
            data-testid={`bill-tab-${tab.type}`}
            onClick={() => setSearch(tab.type === 'all' ? {} : { type: tab.type }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" aria-busy={bills.isFetching || undefined}>
        {bills.isError && lines.length === 0 ? (
          <div className="card inline-error">
            <p>{t('errors.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void bills.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : bills.isPending ? (
          <div className="list-loading">
            <Spinner size="large" />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : lines.length === 0 ? (
          <div className="empty-state">
            <FishSchool />
            <p>{t('bills.empty')}</p>
          </div>
        ) : (
          <>
            <ul className="card bill-list">
              {lines.map((line) => (
                <BillRow key={line.id} line={line} symbol={symbols[line.asset]} dateFormat={dateFormat} />
              ))}
            </ul>
            <LoadMore
              hasNextPage={bills.hasNextPage}
              isFetchingNextPage={bills.isFetchingNextPage}
              fetchNextPage={bills.fetchNextPage}
              testId="bills-load-more"
            />
          </>
        )}
      </div>
    </div>
  );
}
