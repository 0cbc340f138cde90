import type { ComponentType } from 'react';
import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import type { AssetKey, UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '../../../../components/ui/art/icons';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { pagePath } from '../../../../lib/pages';
import { useAssetSymbols } from '../../../../lib/use-asset-symbols';
import { useBills } from '../../bills/api/get-bills';
import { assetActions, type AssetActionKind } from '../model/asset-actions';
import { valueHoldings, type PricedLake } from '../model/holdings';
import { uniqueRows } from '../../../../lib/paged-list';
import { BillLog } from '../../bills/components/bill-log';
import { useDateFormat } from '../../../../lib/use-date-format';
import { FundActions } from './fund-actions';
import { FeeBox } from '../../../../components/ui/fee-box';
import { PriceFigure } from '../../../../components/ui/price-figure';
import './holdings.css';

/** Without the lakes only USDT can be valued; one constant keeps the memoized values stable. */
const NO_LAKES: readonly PricedLake[] = [];

const ACTION_ICONS: Record<AssetActionKind, ComponentType<{ className?: string }>> = {
  recharge: DepositIcon,
  withdraw: WithdrawIcon,
  transfer: TransferIcon,
  exchange: ExchangeIcon,
};

interface AssetDetailsProps {
  asset: AssetKey;
  balances: UserInfo['balances'] | undefined;
  failed: boolean;
  onRetry: () => void;
  lakes: readonly PricedLake[] | undefined;
  lakesFailed: boolean;
}

/**
 * pages/index/details?asset=<key>: one asset — balance, value in USDT, the actions that apply to it, and its
 * fund log 20 lines a page (each line is the index/detailsTpl row, `BillRow`).
 */
export function AssetDetails({ asset, balances, failed, onRetry, lakes, lakesFailed }: AssetDetailsProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const bills = useBills(asset);
  const lines = useMemo(() => uniqueRows(bills.data?.pages), [bills.data]);
  const pricing = lakes ?? (lakesFailed ? NO_LAKES : undefined);
  const holding = useMemo(() => {
    const balance = balances?.find((b) => b.key === asset);
    if (balance === undefined || pricing === undefined) return undefined;
    return valueHoldings([balance], pricing).list[0];
  }, [balances, pricing, asset]);
  const symbol = symbols[asset];

  return (
    <>
      <section className="card asset-head" aria-labelledby="asset-head-title">
        <h2 id="asset-head-title" className="holdings-total__label">
          {t('details.balance', { symbol })}
        </h2>
        {failed ? (
          <ErrorState className="inline-error" onRetry={onRetry} />
        ) : holding === undefined ? (
          <PriceFigure value={undefined} unit={symbol} testId="details-balance" />
        ) : (
          <>
            <PriceFigure value={formatGroupedAmount(holding.amount)} unit={symbol} large testId="details-balance" />
            <FeeBox
              rows={[
                {
                  label: t('details.value'),
                  value: holding.value === null ? t('property.holdings.noPrice') : `≈ ${formatGroupedAmount(holding.value)} ${symbols.usdt}`,
                  testId: 'details-value',
                },
                holding.price !== null &&
                  asset !== 'usdt' && {
                    label: t('details.price'),
                    value: t('details.priceValue', { symbol, price: formatGroupedAmount(holding.price), quote: symbols.usdt }),
                    testId: 'details-price',
                  },
              ]}
            />
          </>
        )}
      </section>

      <FundActions
        actions={assetActions(asset).map(({ kind, page, search }) => ({
          key: kind,
          to: `${pagePath(page)}${search}`,
          Icon: ACTION_ICONS[kind],
          label: t(`details.actions.${kind}`),
          testId: `details-action-${kind}`,
        }))}
      />

      <section className="asset-log" aria-labelledby="asset-log-title" aria-busy={bills.isFetching || undefined}>
        <h2 id="asset-log-title" className="card__title">
          {t('details.log')}
        </h2>
        <BillLog
          bills={bills}
          lines={lines}
          symbolOf={() => symbol}
          dateFormat={dateFormat}
          testIds={{ list: 'details-log', empty: 'details-log-empty', loadMore: 'details-load-more' }}
        />
      </section>
    </>
  );
}
