import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_PAYTABLE, blindBoxOutcome, raffleOutcome, serverSeedHash, slotOutcome, type GameRound } from '@reef/contract';
import { verifyRound } from './verify';

const SEED = 'reef-demo-seed';
const base = {
  id: 1,
  asset: 'game',
  stake: '10.00000000',
  nonce: 42,
  client_seed: 'a:b:c',
  server_seed_hash: serverSeedHash(SEED),
  server_seed: SEED,
  created_at: '',
} as const;

describe('verifyRound', () => {
  const multipliers = ['0', '0.5', '1', '1.3', '2'];
  const box = blindBoxOutcome({ serverSeed: SEED, clientSeed: 'a:b:c', nonce: 42 }, multipliers, 3);
  const boxRound: GameRound = {
    ...base,
    game: 'blind_box',
    payout: `${(box.cents / 10).toFixed(8)}`,
    result: { game: 'blind_box', box: 3, arrangement: box.arrangement, multipliers },
  };

  it('says a blind-box round matches its revealed seed', () => {
    expect(verifyRound(boxRound, SEED)).toEqual({ matches: true });
  });

  it('says a tampered seed, outcome or payout does not match', () => {
    expect(verifyRound(boxRound, `${SEED}x`)).toEqual({ matches: false, reason: 'hash' });
    const swapped = [...box.arrangement].reverse();
    expect(verifyRound({ ...boxRound, result: { ...boxRound.result, arrangement: swapped } } as GameRound, SEED)).toEqual({
      matches: false,
      reason: 'outcome',
    });
    expect(verifyRound({ ...boxRound, payout: '99.00000000' }, SEED)).toEqual({ matches: false, reason: 'payout' });
  });

  it('recomputes a slot spin: stops, lines and payout', () => {
    const spin = slotOutcome({ serverSeed: SEED, clientSeed: 'a:b:c', nonce: 42 }, DEFAULT_SLOT_PAYTABLE);
    const round: GameRound = {
      ...base,
      game: 'slot',
      payout: (spin.cents / 50).toFixed(8),
      result: { game: 'slot', stops: spin.stops, lines: spin.lines, paytable: DEFAULT_SLOT_PAYTABLE },
    };
    expect(verifyRound(round, SEED)).toEqual({ matches: true });
    expect(verifyRound({ ...round, result: { ...round.result, stops: [0, 0, 0] } } as GameRound, SEED).matches).toBe(false);
  });
});

describe('verifyRound on the lucky wheel', () => {
  it('recomputes the segment and the prize', () => {
    const segments = [
      { asset: 'game' as const, amount: '0', weight: 3 },
      { asset: 'coin' as const, amount: '2.5', weight: 1 },
    ];
    const { segment } = raffleOutcome({ serverSeed: SEED, clientSeed: 'a:b:c', nonce: 42 }, segments);
    const round: GameRound = {
      ...base,
      game: 'raffle',
      asset: segments[segment]!.asset,
      stake: '0.00000000',
      payout: segment === 1 ? '2.50000000' : '0.00000000',
      result: { game: 'raffle', segment, segments },
    };
    expect(verifyRound(round, SEED)).toEqual({ matches: true });
    expect(verifyRound({ ...round, payout: '9.00000000' }, SEED)).toEqual({ matches: false, reason: 'payout' });
    expect(verifyRound({ ...round, result: { ...round.result, segment: 1 - segment } } as GameRound, SEED).matches).toBe(false);
  });
});
