import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { useChainConfig } from '../../../lib/chain-config';
import { showToast } from '../../../lib/toast';
import { isUserRejection } from '../../../lib/wallet';
import { DepositWalletError } from '../model/deposit-transaction';

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
    return (
      <section className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void config.refetch()}>
          {t('common.retry')}
        </Button>
      </section>
    );
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
