import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { isAssetKey } from '@reef/contract';
import { useMyLiabilitiesProof, usePublishedLiabilities } from '../api/liabilities';
import { LIABILITIES_ROUTES } from '../model/paths';
import { verifyAgainstPublished } from '../model/verify';
import { SnapshotFacts } from './published-liabilities';
import './liabilities.css';

/**
 * Mine → Verify my balance: the user's own inclusion proof, checked here in the browser with the contract's verifier
 * against the root and totals the public endpoint publishes. The proof can be copied or downloaded for the
 * command-line verifier.
 */
export function VerifyMyBalance() {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const mine = useMyLiabilitiesProof();
  const published = usePublishedLiabilities();
  const verdict = useMemo(
    () => (mine.data && published.data ? verifyAgainstPublished(mine.data.proof, published.data.history) : null),
    [mine.data, published.data],
  );
  const unavailable = mine.error instanceof ApiError && mine.error.code === 'LIABILITIES_PROOF_UNAVAILABLE';
  const proofText = mine.data ? JSON.stringify(mine.data.proof, null, 2) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(proofText);
      showToast(t('liabilities.copied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([proofText], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `reef-liabilities-proof-${mine.data!.proof.snapshot_id}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  if (unavailable) {
    return (
      <div className="pol-page">
        <p className="card pol-intro" data-testid="pol-unavailable">
          {t('liabilities.unavailable')}
        </p>
        <Link className="row-link card" to={LIABILITIES_ROUTES.published}>
          <span>{t('liabilities.publicEntry')}</span>
          <span aria-hidden="true">›</span>
        </Link>
      </div>
    );
  }
  return (
    <div className="pol-page">
      <QueryState query={{ isPending: mine.isPending || published.isPending, isError: mine.isError || published.isError, refetch: () => void mine.refetch() }}>
        {verdict && mine.data && (
          <>
            <p
              className={`card pol-verdict verdict--${verdict.ok ? 'good' : 'bad'}`}
              role="status"
              data-testid="pol-verdict"
              data-result={verdict.ok ? 'ok' : verdict.failure}
            >
              <span aria-hidden="true">{verdict.ok ? '✓ ' : '✗ '}</span>
              {verdict.ok ? t('liabilities.verified') : t(`liabilities.failures.${verdict.failure}`)}
            </p>
            <section className="card" aria-label={t('liabilities.yourLeaf')}>
              <h2 className="pol-heading">{t('liabilities.yourLeaf')}</h2>
              <ul className="pol-totals">
                {mine.data.proof.assets.map((asset, i) => (
                  <li key={asset} data-testid={`pol-balance-${asset}`}>
                    <Money value={mine.data.proof.leaf.balances[i]!} symbol={isAssetKey(asset) ? symbols[asset] : asset} />
                  </li>
                ))}
              </ul>
              <p className="pol-note">{t('liabilities.pathLength', { steps: mine.data.proof.path.length })}</p>
            </section>
            <section className="card" aria-label={t('liabilities.latest')}>
              <SnapshotFacts snapshot={mine.data.snapshot} />
            </section>
            <section className="card pol-actions">
              <Button variant="secondary" onClick={() => void copy()} data-testid="pol-copy">
                {t('liabilities.copy')}
              </Button>
              <Button variant="secondary" onClick={download} data-testid="pol-download">
                {t('liabilities.download')}
              </Button>
              <p className="pol-note">{t('liabilities.cliHint')}</p>
              <code className="pol-mono">npm run verify:liabilities -- proof.json {mine.data.snapshot.root}</code>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
