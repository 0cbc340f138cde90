import type { LiabilitiesSnapshot } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { usePublishedLiabilities } from '../api/liabilities';
import './liabilities.css';

/** One snapshot's root and totals: what every user's proof must lead to. */
export function SnapshotFacts({ snapshot }: { snapshot: LiabilitiesSnapshot }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dates = useDateFormat();
  return (
    <dl className="pol-facts" data-testid="pol-snapshot">
      <dt>{t('liabilities.takenAt')}</dt>
      <dd data-testid="pol-taken-at">{dates.format(new Date(snapshot.taken_at))}</dd>
      <dt>{t('liabilities.root')}</dt>
      <dd className="pol-mono" data-testid="pol-root">
        {snapshot.root}
      </dd>
      <dt>{t('liabilities.leaves')}</dt>
      <dd>{snapshot.leaf_count}</dd>
      <dt>{t('liabilities.totals')}</dt>
      <dd>
        <ul className="pol-totals">
          {snapshot.totals.map(({ asset, amount }) => (
            <li key={asset} data-testid={`pol-total-${asset}`}>
              <Money value={amount} symbol={symbols[asset]} />
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

/** The public page: the latest root and totals, how they are checked, and the earlier snapshots. */
export function PublishedLiabilities() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const published = usePublishedLiabilities();
  const latest = published.data?.latest ?? null;
  return (
    <div className="pol-page">
      <p className="card pol-intro">{t('liabilities.intro')}</p>
      <QueryState query={published} empty={latest === null} emptyText={t('liabilities.none')} emptyTestId="pol-none">
        {latest && (
          <section className="card" aria-label={t('liabilities.latest')}>
            <h2 className="pol-heading">{t('liabilities.latest')}</h2>
            <SnapshotFacts snapshot={latest} />
          </section>
        )}
        {published.data && published.data.history.length > 1 && (
          <section className="card" aria-label={t('liabilities.history')}>
            <h2 className="pol-heading">{t('liabilities.history')}</h2>
            <ul className="pol-history">
              {published.data.history.slice(1).map((snapshot) => (
                <li key={snapshot.id}>
                  <span>{dates.format(new Date(snapshot.taken_at))}</span>
                  <span className="pol-mono">{snapshot.root.slice(0, 16)}…</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryState>
    </div>
  );
}
