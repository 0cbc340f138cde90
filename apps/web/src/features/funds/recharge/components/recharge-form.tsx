import { useState } from 'react';
import { useTranslation } from '../../../../i18n';
import { type depositsApi, type UserInfo } from '@reef/contract';
import type * as z from 'zod/mini';
import { ErrorState } from '../../../../components/ui/error-state';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { useChainConfig } from '../../../../lib/chain-config';
import { useSession } from '../../../../lib/session';
import { showToast } from '../../../../lib/toast';
import { useWalletPaymentClaim } from '../../../../lib/use-wallet-payment-claim';
import { useRechargeRules } from '../api/get-recharge-rules';
import { useRecharge, type ChainRecharge } from '../api/recharge';
import { depositProvider, sendDepositTransfer } from '../../shared/model/deposit-transaction';
import { AssetToggle, useAssetSymbol, useChainAssetParam, type ChainAsset } from '../../shared/components/asset-toggle';
import { AmountField } from '../../../../components/ui/amount-field';
import { chainConfigBlocker, toastWalletSendError, UnclaimedPayment, walletPaymentRequest } from '../../shared/components/wallet-payment';
import { VoucherRechargeForm } from './voucher-recharge-form';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { DepositTarget } from './deposit-target';

type RechargeRules = z.infer<typeof depositsApi.rechargeRules.response>;

interface RechargeFormProps {
  balances: UserInfo['balances'] | undefined;
}

/**
 * pages/property/recharge: the server's recharge rules decide the form. With a chain RPC the wallet pays and the
 * hash is claimed; without one the user submits the amount and a voucher for review.
 */
export function RechargeForm({ balances }: RechargeFormProps) {
  const rules = useRechargeRules();
  const initialAsset = useChainAssetParam();
  if (rules.isError) {
    return <ErrorState as="section" onRetry={() => rules.refetch()} />;
  }
  if (rules.data === undefined) {
    return (
      <section className="card list-loading">
        <Spinner />
      </section>
    );
  }
  if (rules.data.mode === 'review') {
    return (
      <VoucherRechargeForm
        balances={balances}
        minimums={rules.data.minimums}
        initialAsset={initialAsset}
        target={(asset, symbol) => (
          <DepositTarget
            address={rules.data.deposit_address}
            symbol={symbol}
            minimum={rules.data.minimums[asset]}
            confirmations={rules.data.required_confirmations}
          />
        )}
      />
    );
  }
  return <ChainRechargeForm balances={balances} initialAsset={initialAsset} rules={rules.data} />;
}

/**
 * Chain mode: the wallet sends the token to the platform's deposit address, then the app claims the
 * transaction by its hash. A hash whose claim got no answer is kept for "Submit again", so a retry never
 * sends a second transfer.
 */
function ChainRechargeForm({ balances, initialAsset, rules }: RechargeFormProps & { initialAsset: ChainAsset; rules: RechargeRules }) {
  const { t } = useTranslation();
  const { account } = useSession();
  const config = useChainConfig();
  const claim = useRecharge();
  const symbolOf = useAssetSymbol();
  const [asset, setAsset] = useState<ChainAsset>(initialAsset);
  const [amount, setAmount] = useState('');
  const symbol = symbolOf(asset);
  const balance = balances?.find((b) => b.key === asset);

  const payment = useWalletPaymentClaim({
    prepare: () => {
      const request = walletPaymentRequest(config.chain, account, amount, t);
      return request === null ? null : { ...request, asset };
    },
    pay: async ({ chain, account: from, asset: paid, amount: value }): Promise<ChainRecharge> => {
      const provider = await depositProvider();
      const txHash = await sendDepositTransfer({
        provider,
        account: from,
        token: chain.contracts[paid],
        depositAddress: chain.depositAddress,
        amount: value,
      });
      return { asset: paid, txHash };
    },
    onPayError: (error) => toastWalletSendError(error, t),
    claim: (target) => claim.mutateAsync(target),
    onClaimed: () => {
      setAmount('');
      showToast(t('recharge.success'));
    },
  });

  const blocker = chainConfigBlocker(config, t, t('recharge.unavailable'), 'recharge-unavailable');
  if (blocker || !config.chain) return blocker;

  return (
    <form className="card form" noValidate onSubmit={payment.submit}>
      <AssetToggle value={asset} onChange={setAsset} testId="recharge-asset" />
      <DepositTarget
        address={rules.deposit_address ?? config.chain.depositAddress}
        symbol={symbol}
        minimum={rules.minimums[asset]}
        confirmations={rules.required_confirmations}
      />
      <p className="field__hint" data-testid="recharge-balance">
        {t('transfer.available', { amount: balance ? formatGroupedAmount(balance.amount) : '—', symbol })}
      </p>
      <AmountField
        label={t('recharge.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('recharge.amountPlaceholder')}
        suffix={symbol}
        testId="recharge-amount"
      />
      <p className="field__hint">{t('recharge.hint', { confirmations: config.chain.confirmations ?? '—' })}</p>
      <Button type="submit" block busy={payment.paying || claim.isPending} data-testid="recharge-submit">
        {t('recharge.submit')}
      </Button>
      {payment.unclaimed !== null && <UnclaimedPayment busy={claim.isPending} onRetry={payment.retry} testPrefix="recharge" />}
    </form>
  );
}
