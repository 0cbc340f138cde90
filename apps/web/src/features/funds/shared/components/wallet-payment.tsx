import type { ReactElement } from 'react';
import { useTranslation, type TFunction } from '../../../../i18n';
import { ErrorState } from '../../../../components/ui/error-state';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import type { ChainConfig, useChainConfig } from '../../../../lib/chain-config';
import { showToast } from '../../../../lib/toast';
import { isUserRejection } from '../../../../lib/wallet';
import { checkAmount, normalizeAmountInput } from '../model/amount-input';
import { DepositWalletError } from '../model/deposit-transaction';
import './funds-form.css';

/** Says in words why the wallet did not send a payment (no wallet, wrong chain, refused, or anything else). */
export function toastWalletSendError(error: unknown, t: TFunction): void {
  if (error instanceof DepositWalletError) showToast(t(`recharge.${error.reason}`));
  else if (isUserRejection(error)) showToast(t('recharge.rejected'));
  else {
    console.error(error);
    showToast(t('recharge.walletError'));
  }
}

/**
 * What a wallet payment form shows until the chain configuration is usable: its load error with Retry,
 * a spinner, or `unavailable` when the server has no chain configured. Null once the form can show.
 */
export function chainConfigBlocker(config: ReturnType<typeof useChainConfig>, t: TFunction, unavailable: string, testId: string): ReactElement | null {
  if (config.isError) {
    return <ErrorState as="section" onRetry={() => config.refetch()} />;
  }
  if (config.chain === undefined) {
    return (
      <section className="card list-loading">
        <Spinner />
      </section>
    );
  }
  if (config.chain === null) {
    return (
      <section className="card empty-state" data-testid={testId}>
        <p>{unavailable}</p>
      </section>
    );
  }
  return null;
}

/**
 * What a wallet payment form may ask the wallet to pay: the chain, the signed-in account and the amount, once
 * the amount is valid; null (after saying why, when the amount is at fault) while it may not.
 */
export function walletPaymentRequest(chain: ChainConfig | null | undefined, account: string | null, rawAmount: string, t: TFunction) {
  if (!chain || account === null) return null;
  const problem = checkAmount(rawAmount);
  if (problem !== null) {
    showToast(t(`transfer.${problem}`));
    return null;
  }
  return { chain, account, amount: normalizeAmountInput(rawAmount) };
}

/** The note and 'Submit again' a wallet payment form shows while its payment's claim got no answer. */
export function UnclaimedPayment({ busy, onRetry, testPrefix }: { busy: boolean; onRetry: () => void; testPrefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-warning" data-testid={`${testPrefix}-unclaimed`}>
      <p>{t('recharge.unclaimed')}</p>
      <Button variant="secondary" block busy={busy} onClick={onRetry} data-testid={`${testPrefix}-retry`}>
        {t('recharge.retry')}
      </Button>
    </div>
  );
}
