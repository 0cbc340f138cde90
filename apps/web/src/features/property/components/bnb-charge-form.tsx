import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type UserInfo } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { ApiError, toastError } from '../../../lib/api-client';
import { useChainConfig } from '../../../lib/chain-config';
import { useSession } from '../../../lib/session';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBnbChargeQuote } from '../api/calculate-bnb-charge';
import { useChargeBnb } from '../api/charge-bnb';
import { checkAmount, normalizeAmountInput } from '../model/amount-input';
import { depositProvider, sendBnbPayment } from '../model/deposit-transaction';
import { AmountField } from './amount-field';
import { chainConfigBlocker, toastWalletSendError } from './wallet-payment';

/** Quotes are asked for once typing has stopped this long. */
const QUOTE_DEBOUNCE_MS = 300;

interface BnbChargeFormProps {
  balances: UserInfo['balances'] | undefined;
}

/**
 * RUSD bought with BNB paid on chain (pages/property/single, BNB tab): the wallet sends BNB to the platform's
 * deposit address, then the app claims the payment by its hash and the list below follows it to credited.
 * A hash whose claim got no answer is kept behind 'Submit again', so a retry never pays twice.
 */
export function BnbChargeForm({ balances }: BnbChargeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { account } = useSession();
  const config = useChainConfig();
  const claim = useChargeBnb();
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const [unclaimed, setUnclaimed] = useState<string | null>(null);

  const debounced = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quotable = checkAmount(debounced) === null ? normalizeAmountInput(debounced) : null;
  const quote = useBnbChargeQuote(quotable);
  const shownQuote = quotable !== null ? quote.data : undefined;
  const rusd = balances?.find((b) => b.key === 'rusd');

  const submitClaim = async (txHash: string) => {
    try {
      const charge = await claim.mutateAsync(txHash);
      setUnclaimed(null);
      setAmount('');
      showToast(charge.status === 'credited' ? t('property.bnb.credited', { amount: formatAmount(charge.rusd ?? '0') }) : t('property.bnb.submitted'));
    } catch (error) {
      // Refused: the hash is settled one way or the other. No answer: it may still be claimed.
      setUnclaimed(error instanceof ApiError ? null : txHash);
      toastError(error);
    }
  };

  const submit = useGuardedSubmit(async () => {
    if (!config.chain || account === null) return;
    const problem = checkAmount(amount);
    if (problem !== null) {
      showToast(t(`transfer.${problem}`));
      return;
    }
    setSending(true);
    let txHash: string;
    try {
      const provider = await depositProvider();
      txHash = await sendBnbPayment({ provider, account, depositAddress: config.chain.depositAddress, amount: normalizeAmountInput(amount) });
    } catch (error) {
      toastWalletSendError(error, t);
      return;
    } finally {
      setSending(false);
    }
    await submitClaim(txHash);
  });

  const retry = useGuardedSubmit(async () => {
    if (unclaimed !== null) await submitClaim(unclaimed);
  });

  const blocker = chainConfigBlocker(config, t, t('property.bnb.unavailable'), 'bnb-unavailable');
  if (blocker || !config.chain) return blocker;

  return (
    <form
      className="card form charge-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="bnb-form"
    >
      <p className="field__hint" data-testid="bnb-rusd-balance">
        {t('charge.rusdBalance', { amount: rusd ? formatAmount(rusd.amount) : '—' })}
      </p>
      <AmountField
        id={`${id}-amount`}
        label={t('property.bnb.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('property.bnb.amountPlaceholder')}
        suffix="BNB"
        testId="bnb-amount"
      />

      <dl className="fee-box" aria-busy={quote.isFetching || undefined}>
        <div>
          <dt>{t('charge.receive')}</dt>
          <dd data-testid="bnb-rusd">{shownQuote ? `${formatAmount(shownQuote.rusd)} RUSD` : '—'}</dd>
        </div>
        <div>
          <dt>{t('property.bnb.price')}</dt>
          <dd data-testid="bnb-price">{shownQuote ? t('property.bnb.priceValue', { price: formatAmount(shownQuote.price) }) : '—'}</dd>
        </div>
        <div>
          <dt>{t('charge.rate')}</dt>
          <dd>{shownQuote ? t('charge.rateValue', { rate: formatAmount(shownQuote.rate) }) : '—'}</dd>
        </div>
      </dl>
      {quotable !== null && quote.isError && (
        <p className="form-warning" role="alert" data-testid="bnb-quote-error">
          {quote.error instanceof ApiError ? quote.error.message : t('errors.transport')}
        </p>
      )}
      <p className="field__hint">{t('property.bnb.hint', { confirmations: config.chain.confirmations ?? '—' })}</p>

      <Button type="submit" block busy={sending || claim.isPending} data-testid="bnb-submit">
        {t('property.bnb.submit')}
      </Button>
      {unclaimed !== null && (
        <div className="form-warning" data-testid="bnb-unclaimed">
          <p>{t('recharge.unclaimed')}</p>
          <Button variant="secondary" block busy={claim.isPending} onClick={retry} data-testid="bnb-retry">
            {t('recharge.retry')}
          </Button>
        </div>
      )}
    </form>
  );
}
