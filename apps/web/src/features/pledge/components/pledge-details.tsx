import { useCallback, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { pledgeApi, UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FeeBox } from '../../../components/ui/fee-box';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { QueryState } from '../../../components/ui/query-state';
import { useReferrerPrompt } from '../../../components/ui/referrer-prompt';
import { ApiError, toastError } from '../../../lib/api-client';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { rateText } from '../model/rate-text';
import { showToast } from '../../../lib/toast';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useServerClock } from '../../../lib/use-server-clock';
import { usePledgeProduct } from '../api/get-pledge-product';
import { readPledgeClock } from '../api/list-pledge-products';
import { useLockPledge, usePreviewPledge } from '../api/lock-pledge';
import { checkLockAmount, lockRoom, type LockProblem } from '../model/lock-amount';
import { pledgePaths, productParam } from '../model/paths';
import { Money } from '../../../components/ui/money';
import { usePledgeClock } from './pledge-clock';
import { PledgeProductCard } from './pledge-product-card';
import { CardSection } from '../../../components/ui/card-section';
import './pledge.css';
import { AmountField } from '../../../components/ui/amount-field';
import { RechargeNotice, useRechargePrompt } from '../../../components/ui/recharge-prompt';
import { amountShort } from '../../../lib/recharge-shortfall';

interface PledgeDetailsProps {
  balances: UserInfo['balances'] | undefined;
  onBalancesChanged: () => void;
}

/** pledge/details?product=: the product, when it pays, and the lock form. */
export function PledgeDetails({ balances, onBalancesChanged }: PledgeDetailsProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const productId = productParam(search.get('product'));
  const product = usePledgeProduct(productId);
  if (productId === 0) return <EmptyState text={t('pledge.notFound')} testId="pledge-not-found" />;
  return (
    <div className="pledge-page">
      <QueryState query={product} empty={product.data === undefined} emptyText={t('pledge.notFound')}>
        {product.data !== undefined && (
          <ProductAndForm
            product={product.data}
            balance={balances?.find((line) => line.key === product.data.asset)?.amount}
            balancesLoaded={balances !== undefined}
            onChange={() => void product.refetch()}
            onBalancesChanged={onBalancesChanged}
          />
        )}
      </QueryState>
    </div>
  );
}

interface ProductAndFormProps {
  product: pledgeApi.PledgeProduct;
  balance: string | undefined;
  balancesLoaded: boolean;
  onChange: () => void;
  onBalancesChanged: () => void;
}

function ProductAndForm({ product, balance, balancesLoaded, onChange, onBalancesChanged }: ProductAndFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const dates = useDateFormat();
  const offset = useServerClock(readPledgeClock);
  const clock = usePledgeClock(product, offset, onChange);
  const preview = usePreviewPledge();
  const lock = useLockPledge();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<LockProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const referrer = useReferrerPrompt('pledge-referrer');
  const recharge = useRechargePrompt('pledge');
  const [quote, setQuote] = useState<pledgeApi.PledgeQuote | null>(null);
  const closeQuote = useCallback(() => setQuote(null), []);
  const symbol = symbols[product.asset];
  const interestSymbol = symbols[product.interest_asset];
  const open = clock.state === 'in_progress';
  // An account that never held the asset has no line: its balance is 0 once the balances are in.
  const available = balance ?? (balancesLoaded ? '0' : undefined);
  // What the typed amount lacks, as it is typed: the prompt shows before Next, and Next waits for a deposit.
  const shortBy = amountShort(available, text);
  const room = lockRoom(product);
  const feeRate = rateText(product.fee_rate);
  const inAsset = (value: string) => `${formatGroupedAmount(value)} ${symbol}`;
  // A refusal of the preview or of the lock: the referrer sheet; the recharge prompt, with fresh balances so the form
  // shows the shortfall (the balance may have moved since the review); else the server's own message, in the user's
  // language, where the form shows its own.
  const refused = (error: unknown) => {
    if (referrer.offer(error)) return;
    if (recharge.offer(error, { asset: product.asset, symbol })) {
      onBalancesChanged();
      return;
    }
    if (error instanceof ApiError) setRefusal(error.message);
    else toastError(error);
  };

  const onNext = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkLockAmount(text, product, available);
    if (checked.amount === null) {
      setProblem(checked);
      return;
    }
    setProblem(null);
    try {
      setQuote(await preview.mutateAsync({ productId: product.id, amount: checked.amount }));
    } catch (error) {
      refused(error);
    }
  };

  const confirm = useIdempotentMutation({
    intent: () => (quote === null ? null : { productId: product.id, amount: quote.amount }),
    send: (intent, idempotencyKey) => lock.mutateAsync({ ...intent, idempotencyKey }),
    onSuccess: () => {
      onBalancesChanged();
      showToast(t('pledge.lock.done'));
      void navigate(pledgePaths.mine());
    },
    onError: (error) => {
      setQuote(null);
      refused(error);
    },
  });

  const problemText =
    problem === null
      ? null
      : problem.problem === 'invalid'
        ? t('pledge.problem.invalid')
        : problem.problem === 'belowMin'
          ? t('pledge.problem.belowMin', { min: inAsset(problem.min) })
          : problem.problem === 'aboveMax'
            ? t('pledge.problem.aboveMax', { max: inAsset(problem.max) })
            : problem.problem === 'capReached'
              ? t('pledge.problem.capReached', { remaining: inAsset(problem.remaining) })
              : t('pledge.problem.balance', { balance: inAsset(problem.balance) });

  return (
    <>
      <PledgeProductCard product={product} clock={clock} linked={false} />
      <CardSection title={t('pledge.terms.title')} className="pledge-terms">
        <FeeBox
          rows={[
            {
              label: t('pledge.fields.saleWindow'),
              value: `${dates.format(new Date(product.sale_starts_at))} – ${dates.format(new Date(product.sale_ends_at))}`,
            },
            { label: t('pledge.fields.dividendAt'), value: dates.format(new Date(product.dividend_at)) },
            { label: t('pledge.fields.unlockAt'), value: dates.format(new Date(product.unlock_at)) },
            {
              label: t('pledge.fields.releaseDays'),
              value: product.release_days === 0 ? t('pledge.terms.atOnce') : t('pledge.fields.days', { days: product.release_days }),
            },
            { label: t('pledge.fields.feeRate'), value: feeRate },
          ]}
        />
        <p className="pledge-note">{t('pledge.terms.explain', { cycle: product.cycle_days, interest: interestSymbol, days: product.release_days })}</p>
      </CardSection>
      <form className="card form" noValidate onSubmit={(event) => void onNext(event)} aria-labelledby={`${id}-form`} data-testid="pledge-lock-form">
        <h2 id={`${id}-form`} className="card__title">
          {t('pledge.lock.title')}
        </h2>
        <AmountField
          label={t('pledge.lock.amount', { symbol })}
          value={text}
          onChange={(value) => {
            setText(value);
            setProblem(null);
            setRefusal(null);
          }}
          invalid={problem !== null || refusal !== null}
          describedBy={`${id}-limits`}
          testId="pledge-amount"
        />
        <p id={`${id}-limits`} className="pledge-note" data-testid="pledge-limits">
          {t('pledge.lock.limits', { min: inAsset(product.min_lock), mine: inAsset(room.mine), cap: inAsset(room.cap) })}
          {available !== undefined && (
            <>
              {' '}
              {t('pledge.lock.balance')} <Money value={available} symbol={symbol} testId="pledge-balance" />
            </>
          )}
        </p>
        {(problemText ?? refusal) !== null && (
          <p className="pledge-warning" role="alert" data-testid="pledge-problem">
            {problemText ?? refusal}
          </p>
        )}
        {shortBy !== null && (
          <RechargeNotice title={t('rechargePrompt.title', { symbol })} asset={product.asset} symbol={symbol} short={shortBy} testPrefix="pledge" />
        )}
        <Button type="submit" block disabled={!open || shortBy !== null} busy={preview.isPending} data-testid="pledge-next">
          {open ? t('pledge.lock.next') : t(`pledge.state.${clock.state}`)}
        </Button>
      </form>
      {referrer.sheet}
      {recharge.sheet}
      {quote !== null && (
        <ReviewSheet
          title={t('pledge.confirm.title')}
          testId="pledge-confirm"
          rows={[
            { label: t('funds.review.what'), value: product.name, testId: 'pledge-confirm-what' },
            { label: t('pledge.confirm.amount'), value: <Money value={quote.amount} symbol={symbol} testId="pledge-confirm-amount" /> },
            { label: t('pledge.confirm.fee', { rate: feeRate }), value: <Money value={quote.fee} symbol={symbol} testId="pledge-confirm-fee" /> },
            { label: t('pledge.confirm.principal'), value: <Money value={quote.principal} symbol={symbol} testId="pledge-confirm-principal" /> },
            {
              label: t('pledge.confirm.dailyInterest'),
              value: <Money value={quote.daily_interest} symbol={interestSymbol} testId="pledge-confirm-daily" />,
            },
            {
              label: t('pledge.confirm.totalInterest'),
              value: <Money value={quote.total_interest} symbol={interestSymbol} testId="pledge-confirm-interest" />,
            },
          ]}
          spends={[{ symbol, amount: quote.amount, balance: available }]}
          note={
            <span data-testid="pledge-confirm-when">
              {t('pledge.confirm.when', {
                first: dates.format(new Date(Date.parse(quote.dividend_at) + 86_400_000)),
                unlock: dates.format(new Date(quote.unlock_at)),
                released: dates.format(new Date(quote.released_at)),
              })}
            </span>
          }
          confirmLabel={t('pledge.confirm.submit')}
          confirmTestId="pledge-confirm-submit"
          busy={lock.isPending}
          onConfirm={confirm}
          onClose={closeQuote}
        />
      )}
    </>
  );
}
