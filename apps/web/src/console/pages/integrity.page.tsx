/**
 * Books and reserves: whether the platform's numbers can be trusted. The reconciliation's status (decision 097) and the
 * latest published proof of liabilities (decision 098).
 */
import { reconciliationApi } from '@reef/contract';
import { LiabilitiesPanel } from '../components/liabilities-panel';
import { ReconciliationPanel } from '../components/reconciliation-panel';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Integrity() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.integrity')}</h1>
      <ReconciliationPanel />
      <LiabilitiesPanel />
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
