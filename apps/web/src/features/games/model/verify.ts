import { SLOT_PAYLINES, blindBoxOutcome, payoutUnits, raffleOutcome, serverSeedHash, slotOutcome, toUnits, type GameRound } from '@reef/contract';

export type Verdict = { matches: true } | { matches: false; reason: 'hash' | 'outcome' | 'payout' };

/**
 * Recomputes a round from a server seed with the contract's own fair function (decision 070): the seed must hash to
 * the commitment shown before the bet, the draw must give the recorded outcome, and the stake must give the payout.
 */
export function verifyRound(round: GameRound, serverSeed: string): Verdict {
  if (serverSeedHash(serverSeed) !== round.server_seed_hash) return { matches: false, reason: 'hash' };
  const seeds = { serverSeed, clientSeed: round.client_seed, nonce: round.nonce };
  const result = round.result;
  let cents: number;
  let parts = 1;
  if (result.game === 'blind_box') {
    const outcome = blindBoxOutcome(seeds, result.multipliers, result.box);
    if (outcome.arrangement.join() !== result.arrangement.join()) return { matches: false, reason: 'outcome' };
    cents = outcome.cents;
  } else if (result.game === 'raffle') {
    const { segment } = raffleOutcome(seeds, result.segments);
    if (segment !== result.segment) return { matches: false, reason: 'outcome' };
    const prize = result.segments[segment]!;
    const paid = prize.asset === round.asset && toUnits(prize.amount) === toUnits(round.payout);
    return paid ? { matches: true } : { matches: false, reason: 'payout' };
  } else {
    const outcome = slotOutcome(seeds, result.paytable);
    if (outcome.stops.join() !== result.stops.join() || outcome.lines.join() !== result.lines.join()) return { matches: false, reason: 'outcome' };
    cents = outcome.cents;
    parts = SLOT_PAYLINES.length;
  }
  if (payoutUnits(toUnits(round.stake), cents, parts) !== toUnits(round.payout)) return { matches: false, reason: 'payout' };
  return { matches: true };
}
