import { useTranslation } from '../../../../i18n';
import { type UserInfo } from '@reef/contract';
import { Button } from '../../../../components/ui/button';
import { useChainConfig } from '../../../../lib/chain-config';
import { useSession } from '../../../../lib/session';
import { showToast } from '../../../../lib/toast';
import { useWalletPaymentClaim } from '../../../../lib/use-wallet-payment-claim';
import { useBnbChargeQuote } from '../api/calculate-bnb-charge';
import { useChargeBnb } from '../api/charge-bnb';
import { depositProvider, sendBnbPayment } from '../../shared/model/deposit-transaction';
import { ChargeAmountFields, useQuotedAmount } from './charge-amount-fields';
import { chainConfigBlocker, toastWalletSendError, UnclaimedPayment, walletPaymentRequest } from '../../shared/components/wallet-payment';
import '../../shared/components/funds-form.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

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
  const quoted = useQuotedAmount(useBnbChargeQuote);
  const { amount, setAmount } = quoted;

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
      <ChargeAmountFields quoted={quoted} balances={balances} pays="bnb" />
      <p className="field__hint">{t('property.bnb.hint', { confirmations: config.chain.confirmations ?? '—' })}</p>

      <Button type="submit" block busy={payment.paying || claim.isPending} data-testid="bnb-submit">
        {t('property.bnb.submit')}
      </Button>
      {payment.unclaimed !== null && <UnclaimedPayment busy={claim.isPending} onRetry={payment.retry} testPrefix="bnb" />}
    </form>
  );
}
