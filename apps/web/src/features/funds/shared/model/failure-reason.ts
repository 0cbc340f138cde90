import type { ErrorCode } from '@reef/contract';

/**
 * Why an on-chain deposit or BNB payment failed after it was accepted as pending: the codes the server's
 * watchers record. The client labels them itself (the list carries the code, not a message).
 */
export const CHAIN_FAILURES = [
  'DEPOSIT_TX_NOT_FOUND',
  'DEPOSIT_TX_REVERTED',
  'DEPOSIT_WRONG_TOKEN',
  'DEPOSIT_WRONG_RECIPIENT',
  'DEPOSIT_WRONG_SENDER',
  'DEPOSIT_BELOW_MINIMUM',
] as const satisfies readonly ErrorCode[];

export type ChainFailure = (typeof CHAIN_FAILURES)[number];

/** The failure's own label when it is one of the chain failures; null for any other (shown generically). */
export function chainFailure(code: string | null): ChainFailure | null {
  return CHAIN_FAILURES.find((failure) => failure === code) ?? null;
}
