/** ERC-20 `transfer(address,uint256)`: the first four bytes of keccak256 of its signature. */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb';
/** USDT and the coin on BNB Smart Chain are 18-decimal tokens (decision 014). */
export const TOKEN_DECIMALS = 18;

/** "12.5" → 12500000000000000000n for 18 decimals: exact, no floats. Throws on anything else. */
export function decimalToWei(amount: string, decimals: number = TOKEN_DECIMALS): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`more than ${decimals} decimal places: ${amount}`);
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

function word(hex: string): string {
  if (hex.length > 64) throw new Error('value does not fit 32 bytes');
  return hex.padStart(64, '0');
}

/** Calldata of `transfer(to, wei)`: selector, then the address and the amount as 32-byte words. */
export function erc20TransferData(to: string, wei: bigint): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new Error(`not an address: ${to}`);
  if (wei < 0n) throw new Error('negative amount');
  return `${ERC20_TRANSFER_SELECTOR}${word(to.slice(2).toLowerCase())}${word(wei.toString(16))}`;
}

/**
 * Wei as an EIP-1474 quantity for a transaction's `value`: 0x and hex digits without leading zeros
 * ("0x0" for zero). Wallets refuse a padded or decimal value.
 */
export function weiToQuantity(wei: bigint): string {
  if (wei < 0n) throw new Error('negative amount');
  return `0x${wei.toString(16)}`;
}
