import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS, isAssetKey, isLanguageCode, type AssetKey } from '@reef/contract';
import { localeTag } from '../../../i18n';
import { useAppConfig } from '../../../lib/app-config';
import { useBills, type BillType } from '../api/get-bills';
import { uniqueRows } from '../model/paged-list';
import { BillLog } from './bill-log';

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
        <BillLog bills={bills} lines={lines} symbolOf={(line) => symbols[line.asset]} dateFormat={dateFormat} testIds={{ loadMore: 'bills-load-more' }} />
      </div>
    </div>
  );
}
