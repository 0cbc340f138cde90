/**
 * Credits deposits and BNB charges as soon as they are confirmed, not only when the user asks again: one pass
 * every DEPOSIT_POLL_SECONDS, never two at once in this process. Started by server.ts when an RPC is configured.
 */
import { creditConfirmedBnbCharges } from '../charge/charge.service.js';
import { creditConfirmedDeposits, type DepositContext } from './deposits.service.js';

export interface DepositWatcher {
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export function startDepositWatcher(ctx: DepositContext & { log: { error(details: object, message: string): void } }, intervalMs: number): DepositWatcher {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    // One pass failing (its own error) must not starve the other: each is logged apart.
    running = Promise.all([
      creditConfirmedDeposits(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'deposit watcher pass failed')),
      creditConfirmedBnbCharges(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'BNB charge watcher pass failed')),
    ])
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
