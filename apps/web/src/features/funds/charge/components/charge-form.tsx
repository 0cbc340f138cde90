import { useState } from 'react';
import { useTranslation } from '../../../../i18n';
import { type UserInfo } from '@reef/contract';
import { Button } from '../../../../components/ui/button';
import { toastError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useChargeQuote } from '../api/calculate-charge';
import { useCharge } from '../api/charge';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';
import { AmountField } from '../../../../components/ui/amount-field';
import { FeeBox } from '../../../../components/ui/fee-box';
import { QuoteError } from '../../shared/components/quote-problem';
import '../../shared/components/funds-form.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

/** Quotes are asked for once typing has stopped this long. */
const QUOTE_DEBOUNCE_MS = 300;

interface ChargeFormProps {
  /** The user's balances (from the user info), for USDT available and RUSD held. */
  balances: UserInfo['balances'] | undefined;
  /** After a successful charge: the caller refreshes what it owns (user info). */
  onCharged: () => void;
}

/** RUSD bought with USDT from the balance (decision 016): live quote, then one idempotent charge. */
export function ChargeForm({ balances, onCharged }: ChargeFormProps) {
  const { t } = useTranslation();
  const send = useCharge();
  const [amount, setAmount] = useState('');

  const debounced = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quotable = checkAmount(debounced) === null ? normalizeAmountInput(debounced) : null;
  const quote = useChargeQuote(quotable);
  const usdt = balances?.find((b) => b.key === 'usdt');
  const rusd = balances?.find((b) => b.key === 'rusd');
  const shownQuote = quotable !== null ? quote.data : undefined;

  const submit = useIdempotentMutation({
    intent: () => {
      const problem = checkAmount(amount);
      if (problem !== null) {
        showToast(t(`transfer.${problem}`));
        return null;
      }
      return normalizeAmountInput(amount);
    },
    send: (value, idempotencyKey) => send.mutateAsync({ amount: value, idempotencyKey }),
    onSuccess: (result) => {
      setAmount('');
      showToast(t('charge.success', { amount: formatGroupedAmount(result.rusd) }));
      onCharged();
    },
    onError: (error) => toastError(error),
  });

  return (
    <form className="card form charge-form" noValidate onSubmit={submit}>
      <p className="field__hint" data-testid="charge-available">
        {t('charge.available', { amount: usdt ? formatGroupedAmount(usdt.amount) : '—' })}
      </p>
      <p className="field__hint" data-testid="charge-rusd-balance">
        {t('charge.rusdBalance', { amount: rusd ? formatGroupedAmount(rusd.amount) : '—' })}
      </p>

      <AmountField
        label={t('charge.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('charge.amountPlaceholder')}
        suffix="USDT"
        testId="charge-amount"
      />

      <FeeBox
        busy={quote.isFetching}
        rows={[
          { label: t('charge.receive'), value: shownQuote ? `${formatGroupedAmount(shownQuote.rusd)} RUSD` : '—', testId: 'charge-rusd' },
          { label: t('charge.rate'), value: shownQuote ? t('charge.rateValue', { rate: formatGroupedAmount(shownQuote.rate) }) : '—', testId: 'charge-rate' },
        ]}
      />
      <QuoteError error={quotable !== null && quote.isError ? quote.error : null} testId="charge-quote-error" />

      <Button type="submit" block busy={send.isPending} data-testid="charge-submit">
        {t('charge.submit')}
      </Button>
    </form>
  );
}
