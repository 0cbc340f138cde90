import { useState } from 'react';
import type { miningApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMiner } from '../api/get-miner';
import { useMinerOrderRows } from './miner-order';
import { FeeBox } from '../../../components/ui/fee-box';

/** One of the caller's miners: state, income, produced / remaining; its release and purchase records when opened. */
export function MinerRow({ miner }: { miner: miningApi.Miner }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const [open, setOpen] = useState(false);
  const output = symbols[miner.output_asset];
  const testId = `miner-${miner.id}`;
  return (
    <li className="card miner-row" data-testid="miner" data-miner={miner.id} data-state={miner.state} data-release={miner.release_state}>
      <div className="miner-row__head">
        <h3 className="miner-row__name">{`${miner.name} × ${miner.quantity}`}</h3>
        <span className={`miner-state miner-state--${miner.state}`} data-testid={`${testId}-state`}>
          {t(`mining.state.${miner.state}`)}
        </span>
      </div>
      <FeeBox
        rows={[
          { label: t('mining.mine.todayIncome'), value: <Money value={miner.today_income} symbol={output} testId={`${testId}-today`} /> },
          { label: t('mining.mine.totalIncome'), value: <Money value={miner.income} symbol={output} testId={`${testId}-income`} /> },
          { label: t('mining.fields.produced'), value: <Money value={miner.produced} symbol={output} testId={`${testId}-produced`} /> },
          { label: t('mining.fields.remaining'), value: <Money value={miner.remaining} symbol={output} testId={`${testId}-remaining`} /> },
          { label: t('mining.fields.release'), value: t(`mining.release.${miner.release_state}`), testId: `${testId}-release` },
          { label: t('mining.fields.purchasedAt'), value: dateFormat.format(new Date(miner.purchased_at)), className: 'figure' },
          miner.ends_at !== null && { label: t('mining.fields.endsAt'), value: dateFormat.format(new Date(miner.ends_at)), className: 'figure' },
        ]}
      />
      <details className="miner-records" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary data-testid={`${testId}-records`}>{t('mining.records.show')}</summary>
        {open && <MinerRecords minerId={miner.id} />}
      </details>
    </li>
  );
}

/** The purchase record (the miner order) and the release records (each day's bubble), read when the row opens. */
function MinerRecords({ minerId }: { minerId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const query = useMiner(minerId);
  const orderRows = useMinerOrderRows();
  const details = query.data;
  return (
    <QueryState query={query}>
      {details !== undefined && (
        <div className="miner-records__body">
          <h4 className="miner-records__title">{t('mining.records.purchase')}</h4>
          <FeeBox rows={orderRows(details.purchase)} />
          <h4 className="miner-records__title">{t('mining.records.releases')}</h4>
          {details.releases.length === 0 ? (
            <p className="muted">{t('mining.records.noReleases')}</p>
          ) : (
            <ul className="miner-releases">
              {details.releases.map((bubble) => (
                <li key={bubble.id} data-state={bubble.state}>
                  <span>{t('mining.records.day', { day: bubble.period })}</span>
                  <Money value={bubble.amount} symbol={symbols[bubble.asset]} />
                  <span className="muted">{t(`mining.bubble.state.${bubble.state}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryState>
  );
}
