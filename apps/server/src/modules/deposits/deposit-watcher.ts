/**
 * One pass of the watcher that credits deposits and BNB charges as soon as they are confirmed, not only when
 * the user asks again. The job runner runs it every DEPOSIT_POLL_SECONDS (background-jobs.ts), one pass at a
 * time across all processes, when an RPC is configured.
 */
import { creditConfirmedBnbCharges } from '../charge/charge.service.js';
import { creditConfirmedDeposits, type DepositContext } from './deposits.service.js';

export async function watchDepositsAndCharges(ctx: DepositContext & { log: { error(details: object, message: string): void } }): Promise<void> {
  // One pass failing (its own error) must not starve the other: each is logged apart.
  await Promise.all([
    creditConfirmedDeposits(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'deposit watcher pass failed')),
    creditConfirmedBnbCharges(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'BNB charge watcher pass failed')),
  ]);
}
