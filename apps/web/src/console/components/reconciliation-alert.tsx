/**
 * The dashboard's alert while the latest reconciliation run failed (decision 097): which checks, and a link to the
 * figures. Nothing shows while the books agree, or before the first run.
 */
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { reconciliationQuery } from './reconciliation-panel';

export function ReconciliationAlert() {
  const t = useT();
  const latest = useQuery(reconciliationQuery).data?.latest;
  if (!latest || latest.ok) return null;
  const failing = latest.checks.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => t(`reconciliation.check.${c.name}`));
  return (
    <p className="alert" role="alert" data-testid="reconciliation-alert">
      {t('reconciliation.alert', { checks: failing.join('; ') })} <a href="#/integrity">{t('reconciliation.alertLink')}</a>
    </p>
  );
}
