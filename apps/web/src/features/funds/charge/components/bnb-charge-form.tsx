import { useState } from 'react';
import { useTranslation } from '../../../../i18n';
import { type UserInfo } from '@reef/contract';
import { Button } from '../../../../components/ui/button';
import { useChainConfig } from '../../../../lib/chain-config';
import { useSession } from '../../../../lib/session';
import { showToast } from '../../../../lib/toast';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useWalletPaymentClaim } from '../../../../lib/use-wallet-payment-claim';
import { useBnbChargeQuote } from '../api/calculate-bnb-charge';
import { useChargeBnb } from '../api/charge-bnb';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';
import { depositProvider, sendBnbPayment } from '../../shared/model/deposit-transaction';
import { AmountField } from '../../../../components/ui/amount-field';
import { FeeBox } from '../../../../components/ui/fee-box';
import { QuoteError } from '../../shared/components/quote-problem';
import { chainConfigBlocker, toastWalletSendError, UnclaimedPayment, walletPaymentRequest } from '../../shared/components/wallet-payment';
import '../../shared/components/funds-form.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

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
  const { account } = useSession();
  const config = useChainConfig();
  const claim = useChargeBnb();
  const [amount, setAmount] = useState('');

  const debounced = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quotable = checkAmount(debounced) === null ? normalizeAmountInput(debounced) : null;
  const quote = useBnbChargeQuote(quotable);
  const shownQuote = quotable !== null ? quote.data : undefined;
  const rusd = balances?.find((b) => b.key === 'rusd');

  const payment = useWalletPaymentClaim({
    prepare: () => walletPaymentRequest(config.chain, account, amount, t),
    pay: async ({ chain, account: from, amount: value }) =>
      sendBnbPayment({ provider: await depositProvider(), account: from, depositAddress: chain.depositAddress, amount: value }),
    onPayError: (error) => toastWalletSendError(error, t),
    claim: (txHash) => claim.mutateAsync(txHash),
    onClaimed: (charge) => {
      setAmount('');
      showToast(charge.status === 'credited' ? t('property.bnb.credited', { amount: formatGroupedAmount(charge.rusd ?? '0') }) : t('property.bnb.submitted'));
    },
  });

  const blocker = chainConfigBlocker(config, t, t('property.bnb.unavailable'), 'bnb-unavailable');
  if (blocker || !config.chain) return blocker;

  return (
    <form className="card form charge-form" noValidate onSubmit={payment.submit} data-testid="bnb-form">
      <p className="field__hint" data-testid="bnb-rusd-balance">
        {t('charge.rusdBalance', { amount: rusd ? formatGroupedAmount(rusd.amount) : '—' })}
      </p>
      <AmountField
        label={t('property.bnb.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('property.bnb.amountPlaceholder')}
        suffix="BNB"
        testId="bnb-amount"
      />

      <FeeBox
        busy={quote.isFetching}
        rows={[
          { label: t('charge.receive'), value: shownQuote ? `${formatGroupedAmount(shownQuote.rusd)} RUSD` : '—', testId: 'bnb-rusd' },
          {
            label: t('property.bnb.price'),
            value: shownQuote ? t('property.bnb.priceValue', { price: formatGroupedAmount(shownQuote.price) }) : '—',
            testId: 'bnb-price',
          },
          { label: t('charge.rate'), value: shownQuote ? t('charge.rateValue', { rate: formatGroupedAmount(shownQuote.rate) }) : '—' },
        ]}
      />
      <QuoteError error={quotable !== null && quote.isError ? quote.error : null} testId="bnb-quote-error" />
      <p className="field__hint">{t('property.bnb.hint', { confirmations: config.chain.confirmations ?? '—' })}</p>

      <Button type="submit" block busy={payment.paying || claim.isPending} data-testid="bnb-submit">
        {t('property.bnb.submit')}
      </Button>
      {payment.unclaimed !== null && <UnclaimedPayment busy={claim.isPending} onRetry={payment.retry} testPrefix="bnb" />}
    </form>
  );
}
