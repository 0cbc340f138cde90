import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type AirdropClaim } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAirdropClaims } from '../api/list-airdrop-claims';

/** pages/index/airDrop body: the user's airdrop claims, 20 a page, "load more". */
export function AirdropClaimList() {
  const { t } = useTranslation();
  const claims = useAirdropClaims();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();

  // Offset pages can overlap when a claim lands between loads: show each claim once.
  const rows = useMemo(() => {
    const byId = new Map<number, AirdropClaim>();
    for (const page of claims.data?.pages ?? []) for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
    return [...byId.values()];
  }, [claims.data]);

  if (claims.isError && rows.length === 0) {
    return (
      <div className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void claims.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (claims.isPending) {
    return (
      <div className="list-loading">
        <Spinner size="large" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="empty-state" data-testid="airdrop-claims-empty">
        <FishSchool />
        <p>{t('airdrop.historyEmpty')}</p>
      </div>
    );
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
                +{formatAmount(row.amount)} <small>{symbols[row.asset]}</small>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="list-footer">
        {claims.hasNextPage ? (
          <Button
            variant="secondary"
            busy={claims.isFetchingNextPage}
            onClick={() => {
              if (!claims.isFetchingNextPage) void claims.fetchNextPage();
            }}
            data-testid="airdrop-claims-load-more"
          >
            {t('common.loadMore')}
          </Button>
        ) : (
          <p className="muted">{t('common.noMore')}</p>
        )}
      </div>
    </>
  );
}
