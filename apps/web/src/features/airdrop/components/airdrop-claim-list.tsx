import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/paged-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAirdropClaims } from '../api/list-airdrop-claims';
import { formatGroupedAmount } from '../../../lib/amount-format';

/** pages/index/airDrop body: the user's airdrop claims, 20 a page, "load more". */
export function AirdropClaimList() {
  const { t } = useTranslation();
  const claims = useAirdropClaims();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();

  const rows = useMemo(() => uniqueRows(claims.data?.pages), [claims.data]);

  if (claims.isError && rows.length === 0) {
    return <ErrorState onRetry={claims.refetch} />;
  }
  if (claims.isPending) {
    return <LoadingState />;
  }
  if (rows.length === 0) {
    return <EmptyState text={t('airdrop.historyEmpty')} testId="airdrop-claims-empty" />;
  }
  return (
    <>
      <ul className="card bill-list">
        {rows.map((row) => (
          <li key={row.id} className="bill" data-testid="airdrop-claim-row">
            <div className="bill__main">
              <span className="bill__kind">{t('airdrop.campaign', { id: row.campaign_id })}</span>
              <time className="bill__time" dateTime={row.created_at}>
                {dateFormat.format(new Date(row.created_at))}
              </time>
            </div>
            <div className="bill__side">
              <span className="bill__amount is-positive" data-testid="airdrop-claim-amount">
                +{formatGroupedAmount(row.amount)} <small>{symbols[row.asset]}</small>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={claims} testId="airdrop-claims-load-more" />
    </>
  );
}
