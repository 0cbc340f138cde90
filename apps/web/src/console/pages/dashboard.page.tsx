import { useQuery } from '@tanstack/react-query';
import { consoleApi, DASHBOARD_DAYS, depositsApi, marketApi, toUnits, withdrawalsApi } from '@reef/contract';
import { pagePath } from '../../lib/pages';
import { call } from '../api';
import { BarChart } from '../components/bar-chart';
import { useConsoleFormat } from '../components/format';
import { LiabilitiesPanel } from '../components/liabilities-panel';
import { ReconciliationAlert } from '../components/reconciliation-alert';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

type Days = { day: string; new_users: number; turnover: { asset: string; amount: string }[] }[];

/** The app's service desk (its agents' inbox): the app at /index/ routes by hash, like the console. */
const DESK_HREF = `/index/#${pagePath('chat/myService')}`;

/** Sign-ups per day, and turnover per day for each asset that had any in the fortnight. */
function Charts({ days }: { days: Days }) {
  const t = useT();
  const format = useConsoleFormat();
  const assets = [...new Set(days.flatMap((d) => d.turnover.map((x) => x.asset)))].sort();
  const dayHeader = t('dashboard.day');
  return (
    <>
      <h2>{t('dashboard.lastDays', { days: DASHBOARD_DAYS })}</h2>
      <div className="charts">
        <BarChart
          title={t('dashboard.chartUsers')}
          testId="chart-users"
          labelHeader={dayHeader}
          valueHeader={t('dashboard.usersToday')}
          bars={days.map((d) => ({ label: format.day(d.day), value: BigInt(d.new_users), text: String(d.new_users) }))}
        />
        {assets.map((asset) => (
          <BarChart
            key={asset}
            title={t('dashboard.chartTurnover', { asset: format.symbol(asset) })}
            testId={`chart-turnover-${asset}`}
            labelHeader={dayHeader}
            valueHeader={t('dashboard.turnoverToday')}
            bars={days.map((d) => {
              const amount = d.turnover.find((x) => x.asset === asset)?.amount ?? '0';
              return { label: format.day(d.day), value: toUnits(amount), text: format.amount(amount) };
            })}
          />
        ))}
      </div>
      {assets.length === 0 && <p className="state">{t('dashboard.noTurnover')}</p>}
    </>
  );
}

function Dashboard() {
  const t = useT();
  const format = useConsoleFormat();
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
      <ReconciliationAlert />
      <div className="figures">
        {figure(t('dashboard.usersTotal'), board.data?.users_total, '#/users')}
        {figure(t('dashboard.usersToday'), board.data?.users_new_today, undefined, 'users-new-today')}
        {figure(t('dashboard.usersActive'), board.data?.users_active_today, undefined, 'users-active-today')}
        {figure(t('dashboard.withdrawalsWaiting'), withdrawals.data?.total, '#/withdrawals', 'waiting-withdrawals')}
        {figure(t('dashboard.depositsWaiting'), deposits.data?.total, '#/deposits', 'waiting-deposits')}
        <div className="figure">
          <span>{t('nav.desk')}</span>
          <a href={DESK_HREF} title={t('desk.open')} data-testid="desk-link">
            {t('desk.queue', { count: board.data?.desk_waiting ?? '…' })}
          </a>
        </div>
      </div>
      <p className="note">{t('dashboard.activeNote')}</p>
      <h2>{t('dashboard.turnoverToday')}</h2>
      <p className="note">{t('dashboard.turnoverNote')}</p>
      {board.data && board.data.turnover_today.length === 0 ? (
        <p className="state">{t('dashboard.noTurnoverToday')}</p>
      ) : (
        <div className="table-scroll">
          <table className="compact" data-testid="turnover-today">
            <tbody>
              {board.data?.turnover_today.map((l) => (
                <tr key={l.asset}>
                  <th>{format.symbol(l.asset)}</th>
                  <td className="amount">{format.amount(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t('dashboard.owed')}</h2>
      <div className="table-scroll">
        <table className="compact" data-testid="liabilities">
          <thead>
            <tr>
              <th />
              <th>{t('dashboard.owedBalances')}</th>
              <th>{t('dashboard.owedMiningFuture')}</th>
              <th>{t('dashboard.owedMiningUncollected')}</th>
              <th>{t('dashboard.owedPledgePrincipal')}</th>
              <th>{t('dashboard.owedPledgeInterest')}</th>
              <th>{t('dashboard.owedTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {board.data?.owed.map((o) => (
              <tr key={o.asset}>
                <th>{format.symbol(o.asset)}</th>
                <td className="amount">{format.amount(o.balances)}</td>
                <td className="amount">{format.amount(o.mining_future)}</td>
                <td className="amount">{format.amount(o.mining_uncollected)}</td>
                <td className="amount">{format.amount(o.pledge_principal)}</td>
                <td className="amount">{format.amount(o.pledge_interest)}</td>
                <td className="amount">
                  <strong>{format.amount(o.total)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LiabilitiesPanel />
      {board.data && <Charts days={board.data.days} />}
      <h2>{t('dashboard.lakes')}</h2>
      <div className="table-scroll">
        <table className="compact" data-testid="dashboard-lakes">
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
                  {format.amount(lake.reserve_base)} / {format.amount(lake.reserve_quote)}
                </td>
                <td className="amount">{format.amount(lake.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
