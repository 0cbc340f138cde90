import { useTranslation } from '../../../../i18n';
import { type UserInfo } from '@reef/contract';
import { Button } from '../../../../components/ui/button';
import { toastError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useChargeQuote } from '../api/calculate-charge';
import { useCharge } from '../api/charge';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';
import { ChargeAmountFields, useQuotedAmount } from './charge-amount-fields';
import '../../shared/components/funds-form.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

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
  const quoted = useQuotedAmount(useChargeQuote);
  const { amount, setAmount } = quoted;
  const usdt = balances?.find((b) => b.key === 'usdt');

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
      <ChargeAmountFields quoted={quoted} balances={balances} pays="usdt" />
      <Button type="submit" block busy={send.isPending} data-testid="charge-submit">
        {t('charge.submit')}
      </Button>
    </form>
  );
}
