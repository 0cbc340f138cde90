/**
 * Books and reserves: whether the platform's numbers can be trusted. The reconciliation's status (decision 097); the
 * published proof of liabilities joins it as its own section.
 */
import { reconciliationApi } from '@reef/contract';
import { ReconciliationPanel } from '../components/reconciliation-panel';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Integrity() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.integrity')}</h1>
      <ReconciliationPanel />
    </>
  );
}

export const page: ConsolePage = {
  path: '/integrity',
  group: 'overview',
  order: 1,
  title: 'nav.integrity',
  reads: reconciliationApi.adminReconciliation,
  component: Integrity,
};
