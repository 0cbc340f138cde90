import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import { useDateFormat } from '../../../../lib/use-date-format';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS, isAssetKey, type AssetKey } from '@reef/contract';
import { Tabs, type Tab } from '../../../../components/ui/tabs';
import { useAppConfig } from '../../../../lib/app-config';
import { useBills, type BillType } from '../api/get-bills';
import { uniqueRows } from '../../../../lib/paged-list';
import { BillLog } from './bill-log';
import { ScrollCue } from './scroll-cue';

/** Fund log (GET /api/finance/bill/:type): a tab per asset, 20 lines a page, "load more". */
export function BillList() {
  const { t } = useTranslation();
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
  const dateFormat = useDateFormat();

  const lines = useMemo(() => uniqueRows(bills.data?.pages), [bills.data]);

  const tabs: Tab<BillType>[] = [
    { id: 'all', label: t('bills.all'), testId: 'bill-tab-all' },
    ...(config.data?.assets ?? []).map((asset) => ({ id: asset.key, label: asset.symbol, testId: `bill-tab-${asset.key}` })),
  ];

  return (
    <div className="bills">
      <ScrollCue testId="bill-filters">
        <Tabs
          label={t('bills.tabsLabel')}
          tabs={tabs}
          selected={type}
          onSelect={(next) => setSearch(next === 'all' ? {} : { type: next }, { replace: true })}
        />
      </ScrollCue>

      <div role="tabpanel" aria-busy={bills.isFetching || undefined}>
        <BillLog bills={bills} lines={lines} symbolOf={(line) => symbols[line.asset]} dateFormat={dateFormat} testIds={{ loadMore: 'bills-load-more' }} />
      </div>
    </div>
  );
}
