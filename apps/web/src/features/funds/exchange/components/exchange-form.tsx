import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS, type AssetKey, type UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { ExchangeIcon } from '../../../../components/ui/art/icons';
import { Button } from '../../../../components/ui/button';
import { FeeBox } from '../../../../components/ui/fee-box';
import { cx } from '../../../../components/ui/class-names';
import { Spinner } from '../../../../components/ui/spinner';
import { trimAmount, formatGroupedAmount } from '../../../../lib/amount-format';
import { ApiError, toastError } from '../../../../lib/api-client';
import { useAppConfig } from '../../../../lib/app-config';
import { pagePath } from '../../../../lib/pages';
import { showToast } from '../../../../lib/toast';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useExchange } from '../api/exchange';
import { exchangeQuoteQueryOptions, exchangeQuotesRootKey, useExchangeQuote, type ExchangeQuote } from '../api/quote-exchange';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';
import { directionFromParam, exceedsBalance, formatRate, isHighPriceImpact, minOutFor, quotableAmount, reverse } from '../model/exchange-input';
import { RechargePrompt } from '../../../../components/ui/recharge-prompt';
import { rechargeLinks } from '../../../../lib/recharge-shortfall';
import { useQuoteProblem } from '../../shared/components/quote-problem';
import './exchange-form.css';
import '../../shared/components/funds-form.css';

/** How long the amount must rest before it is quoted. */
const QUOTE_DEBOUNCE_MS = 300;
/** The tolerance behind the quote's min_received (set by the server). */
const SLIPPAGE_PERCENT = '0.5';

interface ExchangeFormProps {
  /** The user's balances (from the user info), for the available amounts. */
  balances: UserInfo['balances'] | undefined;
  /** After a successful exchange: the caller refreshes what it owns (user info, market figures). */
  onExchanged: () => void;
}

export function ExchangeForm({ balances, onExchanged }: ExchangeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const send = useExchange();
  // A retry after no answer must repeat the same request, min_out included, under the same key.
  const unanswered = useRef<{ fingerprint: string; minOut: string } | null>(null);
  const [search, setSearch] = useSearchParams();
  const direction = directionFromParam(search.get('from'));
  const [amount, setAmount] = useState('');
  const [rechargeMessage, setRechargeMessage] = useState<string | null>(null);
  const closeRechargePrompt = useCallback(() => setRechargeMessage(null), []);

  const symbolOf = (asset: AssetKey) => config.data?.assets.find((a) => a.key === asset)?.symbol ?? DEFAULT_ASSET_SYMBOLS[asset];
  const fromSymbol = symbolOf(direction.from);
  const toSymbol = symbolOf(direction.to);
  const balanceOf = (asset: AssetKey) => balances?.find((b) => b.key === asset)?.amount;
  const fromBalance = balanceOf(direction.from);
  const toBalance = balanceOf(direction.to);

  const typed = quotableAmount(amount);
  const settled = useDebouncedValue(typed, QUOTE_DEBOUNCE_MS);
  const quote = useExchangeQuote(direction.from, direction.to, settled);
  const shown: ExchangeQuote | undefined = typed !== null && settled !== null ? quote.data : undefined;
  const stale = shown !== undefined && (typed !== settled || quote.isFetching);
  const quoteProblem = useQuoteProblem(typed !== null && settled === typed ? quote.error : null);
  const short = exceedsBalance(amount, fromBalance);

  const switchDirection = () => {
    const next = reverse(direction);
    setSearch(next.from === 'coin' ? { from: next.from } : {}, { replace: true });
  };

  const submit = useIdempotentMutation({
    intent: async () => {
      const problem = checkAmount(amount);
      if (problem !== null) {
        showToast(t(`exchange.${problem}`));
        return null;
      }
      const value = normalizeAmountInput(amount);
      const { from, to } = direction;
      const fingerprint = JSON.stringify({ from, to, amount: value });
      if (unanswered.current?.fingerprint === fingerprint) return { from, to, amount: value, minOut: unanswered.current.minOut };
      try {
        // The quote on screen when it is fresh, else a new one: min_out always matches this amount.
        const fresh = await queryClient.fetchQuery(exchangeQuoteQueryOptions(from, to, value));
        return { from, to, amount: value, minOut: minOutFor(fresh.min_received) };
      } catch (error) {
        showToast(error instanceof ApiError ? error.message : t('errors.transport'));
        return null;
      }
    },
    // min_out follows the quote, not the user: a retry keeps the key and, through `unanswered`, the min_out.
    fingerprint: ({ from, to, amount: value }) => ({ from, to, amount: value }),
    send: ({ from, to, amount: value, minOut }, idempotencyKey) => send.mutateAsync({ from, to, body: { amount: value, min_out: minOut }, idempotencyKey }),
    onSuccess: () => {
      unanswered.current = null;
      setAmount('');
      showToast(t('exchange.success'));
      onExchanged();
    },
    onError: (error, outcome, { from, to, amount: value, minOut }) => {
      unanswered.current = outcome === 'answered' ? null : { fingerprint: JSON.stringify({ from, to, amount: value }), minOut };
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
        setRechargeMessage(error.message);
        return;
      }
      if (error instanceof ApiError && error.code === 'SLIPPAGE_EXCEEDED') {
        void queryClient.invalidateQueries({ queryKey: exchangeQuotesRootKey });
      }
      toastError(error);
    },
  });

  if (config.isError) {
    return <ErrorState as="section" onRetry={() => config.refetch()} />;
  }

  return (
    <>
      <form className="card form exchange-form" noValidate onSubmit={submit}>
        <div className="swap-panel">
          <div className="swap-panel__row">
            <label className="swap-panel__label" htmlFor={`${id}-amount`}>
              {t('exchange.pay')}
            </label>
            <span className={`asset-badge asset-badge--${direction.from}`}>{fromSymbol}</span>
          </div>
          <input
            id={`${id}-amount`}
            className="swap-panel__input"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={short || undefined}
            data-testid="exchange-amount"
          />
          <div className="swap-panel__row swap-panel__row--foot">
            <span data-testid="exchange-available">
              {t('exchange.available', { amount: fromBalance === undefined ? '—' : formatGroupedAmount(fromBalance), symbol: fromSymbol })}
            </span>
            <button
              type="button"
              className="chip-button"
              disabled={fromBalance === undefined}
              onClick={() => fromBalance !== undefined && setAmount(trimAmount(fromBalance))}
              data-testid="exchange-max"
            >
              {t('exchange.max')}
            </button>
          </div>
        </div>

        <button
          type="button"
          className="swap-toggle"
          onClick={switchDirection}
          aria-label={t('exchange.switch', { from: toSymbol, to: fromSymbol })}
          title={t('exchange.switch', { from: toSymbol, to: fromSymbol })}
          data-testid="exchange-direction"
        >
          <ExchangeIcon />
        </button>

        <div className="swap-panel swap-panel--out">
          <div className="swap-panel__row">
            <span className="swap-panel__label">{t('exchange.receive')}</span>
            <span className={`asset-badge asset-badge--${direction.to}`}>{toSymbol}</span>
          </div>
          <output className={cx('swap-panel__output', stale && 'is-stale')} htmlFor={`${id}-amount`} data-testid="exchange-quote-out">
            {shown ? formatGroupedAmount(shown.amount_out) : '—'}
          </output>
          <div className="swap-panel__row swap-panel__row--foot">
            <span>{t('exchange.balance', { amount: toBalance === undefined ? '—' : formatGroupedAmount(toBalance), symbol: toSymbol })}</span>
          </div>
        </div>

        {short && (
          <p className="form-warning" role="alert">
            {t('exchange.insufficientHint')}{' '}
            <Link to={rechargeLinks(direction.from)[0]?.to ?? pagePath('property/recharge')} data-testid="exchange-recharge-hint">
              {t('exchange.recharge')}
            </Link>
          </p>
        )}

        <FeeBox
          className={cx(stale && 'is-stale')}
          aria-live="polite"
          rows={[
            { label: t('exchange.rate'), value: shown ? t('exchange.rateValue', { from: fromSymbol, price: formatRate(shown.price), to: toSymbol }) : '—' },
            { label: t('exchange.fee'), value: shown ? `${formatGroupedAmount(shown.fee)} ${fromSymbol}` : '—' },
            shown && shown.burn !== '0.00000000' && { label: t('exchange.burn'), value: `${formatGroupedAmount(shown.burn)} ${fromSymbol}` },
            {
              label: t('exchange.priceImpact'),
              value: shown ? `${shown.price_impact}%` : '—',
              testId: 'exchange-price-impact',
              className: cx(shown && isHighPriceImpact(shown.price_impact) && 'is-warning'),
            },
            {
              label: t('exchange.minReceived'),
              value: shown ? `${formatGroupedAmount(shown.min_received)} ${toSymbol}` : '—',
              testId: 'exchange-min-received',
            },
            { label: t('exchange.slippage'), value: `${SLIPPAGE_PERCENT}%` },
          ]}
        />

        <p className={cx('quote-status', quoteProblem !== null && 'quote-status--problem')} data-testid="exchange-quote-status">
          {quoteProblem ??
            (typed === null ? (
              t('exchange.enterAmount')
            ) : quote.isFetching || typed !== settled ? (
              <>
                <Spinner /> {t('exchange.quoting')}
              </>
            ) : (
              t('exchange.note')
            ))}
        </p>

        <Button type="submit" block busy={send.isPending} data-testid="exchange-submit">
          {t('exchange.submit')}
        </Button>
      </form>

      {rechargeMessage !== null && (
        <RechargePrompt
          asset={direction.from}
          symbol={fromSymbol}
          message={rechargeMessage}
          onClose={closeRechargePrompt}
          testPrefix="exchange"
          rechargeHint={t('exchange.rechargeHint', { symbol: fromSymbol })}
        />
      )}
    </>
  );
}
