import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../../i18n';
import { Tabs, type Tab } from '../../../../components/ui/tabs';
import { pagePath } from '../../../../lib/pages';
import { DepositList } from '../../recharge/components/deposit-list';
import { WithdrawalList } from '../../withdrawal/components/withdrawal-list';
import { parseRecordTab, recordTabSearch, type RecordTab } from '../model/record-tab';

/**
 * user/record (decision 091): the user's deposits and withdrawals, a tab each, kept in `?tab=` so the back button and
 * a shared link land on the same list. The lists are the ones the recharge and withdrawal pages show (same rows, same
 * paging, same polling while a row is pending), so the two places cannot drift apart.
 */
export function FundRecords({ onCredited }: { onCredited: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = parseRecordTab(search.get('tab'));
  const tabs: Tab<RecordTab>[] = [
    { id: 'deposits', label: t('records.deposits'), testId: 'record-tab-deposits' },
    { id: 'withdrawals', label: t('records.withdrawals'), testId: 'record-tab-withdrawals' },
  ];
  return (
    <>
      <Tabs
        label={t('records.tabsLabel')}
        tabs={tabs}
        selected={tab}
        onSelect={(next) => setSearch(recordTabSearch(next), { replace: true })}
        testId="record-tabs"
      />
      <div role="tabpanel" data-testid={`record-panel-${tab}`}>
        {tab === 'deposits' ? (
          <DepositList onCredited={onCredited} emptyAction={{ label: t('records.emptyState.deposits.action'), to: pagePath('property/recharge') }} />
        ) : (
          <WithdrawalList emptyAction={{ label: t('records.emptyState.withdrawals.action'), to: pagePath('property/withdrawal') }} />
        )}
      </div>
    </>
  );
}
