import { useQuery } from '@tanstack/react-query';
import { consoleApi, depositsApi, marketApi, withdrawalsApi } from '@reef/contract';
import { call } from '../api';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Dashboard() {
  const t = useT();
  const board = useQuery({ queryKey: ['dashboard'], queryFn: () => call(consoleApi.adminDashboard) });
  const withdrawals = useQuery({
    queryKey: ['waiting', 'withdrawals'],
    queryFn: () => call(withdrawalsApi.adminListWithdrawals, { query: { status: 'pending', page: 1, limit: 1 } }),
  });
  const deposits = useQuery({
    queryKey: ['waiting', 'deposits'],
    queryFn: () => call(depositsApi.adminListDeposits, { query: { status: 'review', page: 1, limit: 1 } }),
  });
  const lakes = useQuery({ queryKey: ['lakes'], queryFn: () => call(marketApi.listLakes) });
  const figure = (label: string, value: number | undefined, href?: string, testId?: string) => (
    <div className="figure" data-testid={testId}>
      <span>{label}</span>
      {href ? <a href={href}>{value ?? '…'}</a> : <strong>{value ?? '…'}</strong>}
    </div>
  );

  return (
    <>
      <h1>{t('nav.dashboard')}</h1>
      <div className="figures">
        {figure(t('dashboard.usersTotal'), board.data?.users_total, '#/users')}
        {figure(t('dashboard.usersToday'), board.data?.users_new_today)}
        {figure(t('dashboard.withdrawalsWaiting'), withdrawals.data?.total, '#/withdrawals', 'waiting-withdrawals')}
        {figure(t('dashboard.depositsWaiting'), deposits.data?.total, '#/deposits', 'waiting-deposits')}
        <div className="figure">
          <span>{t('nav.desk')}</span>
          <a href="/index/#/chat/index" data-testid="desk-link">
            {t('desk.queue', { count: board.data?.desk_waiting ?? '…' })}
          </a>
        </div>
      </div>
      <h2>{t('dashboard.liabilities')}</h2>
      <table className="compact" data-testid="liabilities">
        <tbody>
          {board.data?.liabilities.map((l) => (
            <tr key={l.asset}>
              <th>{l.asset.toUpperCase()}</th>
              <td className="amount">{l.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('dashboard.lakes')}</h2>
      <table className="compact">
        <thead>
          <tr>
            <th />
            <th>{t('dashboard.reserves')}</th>
            <th>{t('dashboard.price')}</th>
          </tr>
        </thead>
        <tbody>
          {lakes.data?.list.map((lake) => (
            <tr key={lake.id}>
              <th>
                {lake.base_symbol}/{lake.quote_symbol}
              </th>
              <td className="amount">
                {lake.reserve_base} / {lake.reserve_quote}
              </td>
              <td className="amount">{lake.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const page: ConsolePage = {
  path: '/dashboard',
  group: 'overview',
  order: 0,
  title: 'nav.dashboard',
  reads: consoleApi.adminDashboard,
  component: Dashboard,
};
