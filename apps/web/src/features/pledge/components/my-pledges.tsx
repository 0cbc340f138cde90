import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { pledgeApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyListState } from '../../../components/ui/empty-state';
import { annualRateText, rateText } from '../model/rate-text';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMyPledge, useMyPledges } from '../api/my-pledges';
import { pledgePaths } from '../model/paths';
import { FeeBox } from '../../../components/ui/fee-box';
import { Money } from '../../../components/ui/money';
import { PLEDGE_TONE } from './pledge-clock';
import './pledge.css';

/** pledge/myList: the caller's positions with the interest paid, the principal back, and each payment explained. */
export function MyPledges() {
  const { t } = useTranslation();
  const positions = useMyPledges();
  return (
    <div className="pledge-page">
      <Link className="text-link pledge-page__mine" to={pledgePaths.products()} data-testid="pledge-products-link">
        {t('titles.pledge/index')}
      </Link>
      <PagedList
        query={positions}
        renderRow={(position: pledgeApi.PledgePosition) => <PositionRow position={position} />}
        empty={<EmptyListState strings="pledge.emptyState" to={pledgePaths.products()} testId="my-pledges-empty" />}
        testId="my-pledges-more"
      />
    </div>
  );
}

function PositionRow({ position }: { position: pledgeApi.PledgePosition }) {
  const { t } = useTranslation();
  const id = useId();
  const symbols = useAssetSymbols();
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  const symbol = symbols[position.asset];
  const interestSymbol = symbols[position.interest_asset];
  const testId = `my-pledge-${position.id}`;
  return (
    <li className="card pledge-position" data-testid="my-pledge" data-position={position.id} data-state={position.state}>
      <div className="pledge-product__head">
        <h2 className="pledge-product__name">{position.name}</h2>
        <span className={`countdown-line__state countdown-line__state--${PLEDGE_TONE[position.state]}`} data-testid={`${testId}-state`}>
          {t(`pledge.state.${position.state}`)}
        </span>
      </div>
      <FeeBox
        rows={[
          { label: t('pledge.confirm.amount'), value: <Money value={position.amount} symbol={symbol} testId={`${testId}-amount`} /> },
          { label: t('pledge.fields.fee'), value: <Money value={position.fee} symbol={symbol} testId={`${testId}-fee`} /> },
          { label: t('pledge.confirm.principal'), value: <Money value={position.principal} symbol={symbol} testId={`${testId}-principal`} /> },
          {
            label: t('pledge.confirm.dailyInterest'),
            value: <Money value={position.daily_interest} symbol={interestSymbol} testId={`${testId}-daily`} />,
          },
          { label: t('pledge.fields.annualRate'), value: annualRateText(t, position, symbols), testId: `${testId}-annual` },
          {
            label: t('pledge.mine.interest', { paid: position.interest_days_paid, days: position.cycle_days }),
            value: <Money value={position.interest} symbol={interestSymbol} testId={`${testId}-interest`} />,
          },
          { label: t('pledge.mine.released'), value: <Money value={position.released} symbol={symbol} testId={`${testId}-released`} /> },
          { label: t('pledge.fields.unlockAt'), value: dates.format(new Date(position.unlock_at)) },
          ...(position.next_payment_at === null
            ? []
            : [{ label: t('pledge.mine.nextPayment'), value: dates.format(new Date(position.next_payment_at)), testId: `${testId}-next` }]),
        ]}
      />
      <button
        type="button"
        className="pledge-position__toggle"
        aria-expanded={open}
        aria-controls={`${id}-payments`}
        onClick={() => setOpen((value) => !value)}
        data-testid={`${testId}-toggle`}
      >
        {t('pledge.mine.showPayments')}
      </button>
      {open && (
        <div id={`${id}-payments`}>
          <PositionPayments position={position} />
        </div>
      )}
    </li>
  );
}

/** The release schedule and every payment so far, each said in words: which product, which day, which rate. */
function PositionPayments({ position }: { position: pledgeApi.PledgePosition }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dates = useDateFormat();
  const details = useMyPledge(position.id, true);
  const testId = `my-pledge-${position.id}`;
  if (details.isPending) return <LoadingState size="small" />;
  if (details.isError) return <ErrorState className="inline-error" onRetry={() => void details.refetch()} />;
  const { payments, release_schedule: schedule } = details.data;
  const rate = rateText(position.annual_rate);
  return (
    <>
      <h3 className="pledge-position__subtitle">{t('pledge.mine.schedule')}</h3>
      <ol className="pledge-lines" data-testid={`${testId}-schedule`}>
        {schedule.map((line) => (
          <li key={line.period} className="pledge-line" data-testid={`${testId}-schedule-line`} data-paid={line.paid}>
            <span>
              {t('pledge.mine.instalment', { period: line.period, of: schedule.length })} · {dates.format(new Date(line.due_at))}
            </span>
            <span>
              <Money value={line.amount} symbol={symbols[position.asset]} /> · {line.paid ? t('pledge.mine.paid') : t('pledge.mine.due')}
            </span>
          </li>
        ))}
      </ol>
      <h3 className="pledge-position__subtitle">{t('pledge.mine.payments')}</h3>
      {payments.length === 0 ? (
        <p className="pledge-note" data-testid={`${testId}-no-payments`}>
          {t('pledge.mine.noPayments')}
        </p>
      ) : (
        <ol className="pledge-lines" data-testid={`${testId}-payments`}>
          {payments.map((payment) => (
            <li key={`${payment.kind}-${payment.period}`} className="pledge-line" data-testid={`${testId}-payment`} data-kind={payment.kind}>
              <span>
                {payment.kind === 'interest'
                  ? t('pledge.mine.interestLine', { product: position.name, day: payment.period, rate })
                  : t('pledge.mine.releaseLine', { product: position.name, period: payment.period, of: schedule.length })}
                {' · '}
                {dates.format(new Date(payment.due_at))}
              </span>
              <Money value={payment.amount} symbol={symbols[payment.asset]} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
