import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { REWARD_ASSET, REWARD_KINDS, type AssetKey } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { pagePath } from '../../../lib/pages';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIncomes } from '../api/get-incomes';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { FeeBox } from '../../../components/ui/fee-box';

type Amounts = { asset: AssetKey; amount: string }[];

function AmountLines({ amounts, symbols, testId }: { amounts: Amounts; symbols: Record<AssetKey, string>; testId: string }) {
  // No lines yet: the zero still says its unit, the asset every reward is paid in.
  const shown = amounts.length === 0 ? [{ asset: REWARD_ASSET, amount: '0' }] : amounts;
  return (
    <span data-testid={testId}>
      {shown.map((a) => (
        <span key={a.asset} className="income__amount">
          {formatGroupedAmount(a.amount)} <small>{symbols[a.asset]}</small>
        </span>
      ))}
    </span>
  );
}

/** pages/index/income body: all and today's reward income, then each of the five kinds, what earns it, and a row that opens its lines. */
export function IncomeOverview() {
  const { t } = useTranslation();
  const incomes = useIncomes();
  const symbols = useAssetSymbols();

  if (incomes.isError) {
    return <ErrorState onRetry={incomes.refetch} />;
  }
  const data = incomes.data;
  return (
    <div className="incomes" aria-busy={incomes.isFetching || undefined}>
      <section className="card">
        <FeeBox
          rows={[
            { label: t('income.total'), value: data ? <AmountLines amounts={data.total} symbols={symbols} testId="income-total" /> : '—' },
            { label: t('income.today'), value: data ? <AmountLines amounts={data.today} symbols={symbols} testId="income-today" /> : '—' },
          ]}
        />
      </section>
      <ul className="card bill-list">
        {REWARD_KINDS.map((kind) => {
          const rows = data?.list.filter((row) => row.kind === kind) ?? [];
          return (
            <li key={kind} data-testid={`income-kind-${kind}`}>
              {/* The whole row opens the kind's lines: a row, not an underlined link label. */}
              <Link className="bill income-kind" to={`${pagePath('index/incomeTpl')}?kind=${kind}`} data-testid={`income-link-${kind}`}>
                <span className="bill__main">
                  <span className="bill__kind">{t(`income.kinds.${kind}`)}</span>
                  <span className="income-kind__explain">{t(`income.explain.${kind}`)}</span>
                  <span className="bill__memo">
                    {t('income.today')}:{' '}
                    {data ? (
                      <AmountLines amounts={rows.map((r) => ({ asset: r.asset, amount: r.today }))} symbols={symbols} testId={`income-today-${kind}`} />
                    ) : (
                      '—'
                    )}
                  </span>
                </span>
                <span className="bill__side">
                  <span className="bill__amount">
                    {data ? (
                      <AmountLines amounts={rows.map((r) => ({ asset: r.asset, amount: r.total }))} symbols={symbols} testId={`income-total-${kind}`} />
                    ) : (
                      '—'
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
