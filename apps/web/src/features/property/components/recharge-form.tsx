import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type UserInfo } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, toastError } from '../../../lib/api-client';
import { useChainConfig } from '../../../lib/chain-config';
import { useSession } from '../../../lib/session';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useRechargeRules } from '../api/get-recharge-rules';
import { useRecharge, type ChainRecharge } from '../api/recharge';
import { checkAmount, normalizeAmountInput } from '../model/amount-input';
import { depositProvider, sendDepositTransfer } from '../model/deposit-transaction';
import { AssetToggle, useAssetSymbol, useChainAssetParam, type ChainAsset } from './asset-toggle';
import { AmountField } from './amount-field';
import { chainConfigBlocker, toastWalletSendError } from './wallet-payment';
import { VoucherRechargeForm } from './voucher-recharge-form';

interface RechargeFormProps {
  balances: UserInfo['balances'] | undefined;
}

/**
 * pages/property/recharge: the server's recharge rules decide the form. With a chain RPC the wallet pays and the
 * hash is claimed; without one the user submits the amount and a voucher for review.
 */
export function RechargeForm({ balances }: RechargeFormProps) {
  const { t } = useTranslation();
  const rules = useRechargeRules();
  const initialAsset = useChainAssetParam();
  if (rules.isError) {
    return (
      <section className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void rules.refetch()}>
          {t('common.retry')}
        </Button>
      </section>
    );
  }
  if (rules.data === undefined) {
    return (
      <section className="card list-loading">
        <Spinner />
      </section>
    );
  }
  if (rules.data.mode === 'review') {
    return <VoucherRechargeForm balances={balances} minimums={rules.data.minimums} initialAsset={initialAsset} />;
  }
  return <ChainRechargeForm balances={balances} initialAsset={initialAsset} />;
}

/**
 * Chain mode: the wallet sends the token to the platform's deposit address, then the app claims the
 * transaction by its hash. A hash whose claim got no answer is kept for "Submit again", so a retry never
 * sends a second transfer.
 */
function ChainRechargeForm({ balances, initialAsset }: RechargeFormProps & { initialAsset: ChainAsset }) {
  const { t } = useTranslation();
  const id = useId();
  const { account } = useSession();
  const config = useChainConfig();
  const claim = useRecharge();
  const symbolOf = useAssetSymbol();
  const [asset, setAsset] = useState<ChainAsset>(initialAsset);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const [unclaimed, setUnclaimed] = useState<ChainRecharge | null>(null);
  const symbol = symbolOf(asset);
  const balance = balances?.find((b) => b.key === asset);

  const submitClaim = async (target: ChainRecharge) => {
    try {
      await claim.mutateAsync(target);
      setUnclaimed(null);
      setAmount('');
      showToast(t('recharge.success'));
    } catch (error) {
      // Refused: the hash is settled one way or the other. No answer: it may still be claimed.
      setUnclaimed(error instanceof ApiError ? null : target);
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
      txHash = await sendDepositTransfer({
        provider,
        account,
        token: config.chain.contracts[asset],
        depositAddress: config.chain.depositAddress,
        amount: normalizeAmountInput(amount),
      });
    } catch (error) {
      toastWalletSendError(error, t);
      return;
    } finally {
      setSending(false);
    }
    await submitClaim({ asset, txHash });
  });

  const retry = useGuardedSubmit(async () => {
    if (unclaimed !== null) await submitClaim(unclaimed);
  });

  const blocker = chainConfigBlocker(config, t, t('recharge.unavailable'), 'recharge-unavailable');
  if (blocker || !config.chain) return blocker;

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <AssetToggle value={asset} onChange={setAsset} testId="recharge-asset" />
      <p className="field__hint" data-testid="recharge-balance">
        {t('transfer.available', { amount: balance ? formatAmount(balance.amount) : '—', symbol })}
      </p>
      <AmountField
        id={`${id}-amount`}
        label={t('recharge.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('recharge.amountPlaceholder')}
        suffix={symbol}
        testId="recharge-amount"
      />
      <p className="field__hint">
        {t('recharge.hint', { confirmations: config.chain.confirmations ?? '—' })}
      </p>
      <Button type="submit" block busy={sending || claim.isPending} data-testid="recharge-submit">
        {t('recharge.submit')}
      </Button>
      {unclaimed !== null && (
        <div className="form-warning" data-testid="recharge-unclaimed">
          <p>{t('recharge.unclaimed')}</p>
          <Button variant="secondary" block busy={claim.isPending} onClick={retry} data-testid="recharge-retry">
            {t('recharge.retry')}
          </Button>
        </div>
      )}
    </form>
  );
}
