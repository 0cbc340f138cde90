import { fromUnits, toUnits } from '@reef/contract';
import { formatGroupedAmount } from '../../../lib/amount-format';

/**
 * What a round did to the player's balance: the payout less the stake, signed. "Payout 5" on a stake of 10 read as a
 * win; the net line says −5 (issue 25 §6).
 */
export function netOfRound(stake: string, payout: string): { text: string; trend: 'up' | 'down' | 'flat' } {
  const net = toUnits(payout) - toUnits(stake);
  if (net === 0n) return { text: formatGroupedAmount('0'), trend: 'flat' };
  const figure = formatGroupedAmount(fromUnits(net < 0n ? -net : net));
  return net > 0n ? { text: `+${figure}`, trend: 'up' } : { text: `−${figure}`, trend: 'down' };
}
