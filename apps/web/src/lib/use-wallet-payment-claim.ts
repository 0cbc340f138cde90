import { useState } from 'react';
import { ApiError, toastError } from './api-client';
import { useGuardedSubmit } from './submit-guard';

export interface WalletPaymentClaimOptions<TPayment, TClaim, TResult> {
  /** The payment the form asks for, checked before the wallet opens; null when the form showed a problem instead. */
  prepare: () => TPayment | null;
  /** Has the wallet pay and answers what to claim (the transaction's hash, with what it is for). */
  pay: (payment: TPayment) => Promise<TClaim>;
  /** The wallet did not pay (none, wrong account, refused): nothing was sent, nothing to claim. */
  onPayError: (error: unknown) => void;
  claim: (target: TClaim) => Promise<TResult>;
  onClaimed: (result: TResult, target: TClaim) => void;
}

/**
 * Claims a payment the wallet sent. Answers what is still to claim: nothing once the server answered (it
 * credited the hash or refused it, settled either way), the target again when no answer came, since the
 * payment may still be claimed and paying again would pay twice.
 */
export async function claimWalletPayment<TClaim, TResult>(
  target: TClaim,
  options: Pick<WalletPaymentClaimOptions<unknown, TClaim, TResult>, 'claim' | 'onClaimed'>,
  onClaimError: (error: unknown) => void = toastError,
): Promise<TClaim | null> {
  let result: TResult;
  try {
    result = await options.claim(target);
  } catch (error) {
    onClaimError(error);
    return error instanceof ApiError ? null : target;
  }
  options.onClaimed(result, target);
  return null;
}

/**
 * A form paid from the wallet on chain, then claimed by hash (recharge, RUSD charge in BNB). `submit` pays
 * and claims; a claim that got no answer stays in `unclaimed` for `retry`, which claims it again and never
 * pays a second time. Both are guarded like every money submit.
 */
export function useWalletPaymentClaim<TPayment, TClaim, TResult>(options: WalletPaymentClaimOptions<TPayment, TClaim, TResult>) {
  const [paying, setPaying] = useState(false);
  const [unclaimed, setUnclaimed] = useState<TClaim | null>(null);

  const submit = useGuardedSubmit(async (_event?: unknown) => {
    const payment = options.prepare();
    if (payment === null) return;
    setPaying(true);
    let target: TClaim;
    try {
      target = await options.pay(payment);
    } catch (error) {
      options.onPayError(error);
      return;
    } finally {
      setPaying(false);
    }
    setUnclaimed(await claimWalletPayment(target, options));
  });

  const retry = useGuardedSubmit(async () => {
    if (unclaimed !== null) setUnclaimed(await claimWalletPayment(unclaimed, options));
  });

  return { submit, retry, paying, unclaimed };
}
