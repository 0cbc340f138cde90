/** The parts of an EIP-1193 provider the app uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
  /** Set by some wallets when several extensions inject into window.ethereum at once. */
  providers?: unknown;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** EIP-1193: the user rejected the request. */
export const USER_REJECTED = 4001;
/** EIP-3085: the wallet does not know this chain. */
export const UNRECOGNIZED_CHAIN = 4902;

/** A provider error's code. Some mobile wallets nest the real code in data.originalError. */
export function rpcErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  const nested = record.data?.originalError?.code;
  if (typeof nested === 'number' && (record.code === undefined || record.code === -32603)) return nested;
  return typeof record.code === 'number' ? record.code : undefined;
}

export function isUserRejection(error: unknown): boolean {
  return rpcErrorCode(error) === USER_REJECTED;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}
