/**
 * Return to player (decisions 070, 099) in two layers.
 *
 * Exact, by enumeration: the fair function's randomness enters only through its 32-bit words, and given uniform
 * words every layer above them is a finite map we can walk completely — `nextInt` accepts a multiple of n words
 * (each value equally often), `shuffle` turns the i! draw sequences into the i! orders once each, and the slot pays
 * from its 21³ stop triples. So the configured RTP is the game's RTP as played, to the last bit, with no sampling.
 *
 * Sampled, end to end: what enumeration cannot cover is the HMAC itself (that its words behave as uniform), so each
 * game and paytable is still played through `blindBoxOutcome` / `slotOutcome` on a fixed key. The number of rounds
 * is sized by the error bound: the payout's exact variance σ² per round (from the same enumeration) and
 * N = ⌈(z·σ / 0.005)²⌉ put the measured RTP within ±0.5 percentage points with 99.9 % confidence (z = 3.2905), so a
 * paytable with a fatter tail plays more rounds by itself. The 10,000,000-round run of each is `npm run bench:rtp`
 * (GAME_RTP_ROUNDS sets a fixed count).
 */
import { describe, expect, it } from 'vitest';
import { FairStream, fairKey, type FairSeeds } from './fair.js';
import {
  BLIND_BOX_MAX,
  BLIND_BOX_MIN,
  DEFAULT_BLIND_BOX_MULTIPLIERS,
  DEFAULT_SLOT_PAYTABLE,
  SLOT_PAYLINES,
  SLOT_REELS,
  blindBoxOutcome,
  blindBoxRtp,
  multiplierCents,
  slotLineCents,
  slotOutcome,
  slotRtp,
  slotWindow,
  type SlotPaytable,
} from './outcomes.js';

const TOLERANCE = 0.005;
/** Two-sided 99.9 %: a correct fair function misses ±0.5 pp on one paytable with probability 0.001. */
const Z = 3.2905;
const FIXED_ROUNDS = process.env.GAME_RTP_ROUNDS ? Number(process.env.GAME_RTP_ROUNDS) : null;
const key = fairKey('7d2c1f0e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d');
/** The scripted streams never hash; a ready key keeps their constructor from deriving one per stream. */
const seeds: FairSeeds = { serverSeed: fairKey('enumeration'), clientSeed: 'rtp', nonce: 0 };
/** 9! sequences take ~1 s alone and 14 s were seen on the loaded 2-core machine. */
const ENUMERATION_TIMEOUT_MS = 120_000;

const LOW_EDGE_SLOT: SlotPaytable = {
  three: { tiger: '120', dolphin: '60', turtle: '30', manta: '16', lionfish: '10', clownfish: '10' },
  tiger_two: '12',
  tiger_one: '2',
};
const BLIND_BOXES = [
  { name: 'default', multipliers: [...DEFAULT_BLIND_BOX_MULTIPLIERS] },
  { name: 'three boxes', multipliers: ['0', '0.9', '2'] },
];
const SLOTS = [
  { name: 'default', paytable: DEFAULT_SLOT_PAYTABLE },
  { name: 'lower edge', paytable: LOW_EDGE_SLOT },
];

/** A stream whose draws are given, so `shuffle` (the product's own code) can be walked through every sequence. */
class ScriptedDraws extends FairStream {
  private next = 0;
  constructor(private readonly draws: readonly number[]) {
    super(seeds);
  }
  override nextInt(n: number): number {
    const draw = this.draws[this.next++]!;
    if (draw >= n) throw new RangeError(`scripted draw ${draw} is not below ${n}`);
    return draw;
  }
}

/** A stream reading the given words instead of digests, to watch `nextInt` reject and accept. */
class ScriptedWords extends FairStream {
  read = 0;
  constructor(private readonly words: readonly number[]) {
    super(seeds);
  }
  override nextWord(): number {
    return this.words[this.read++]!;
  }
}

/** Every draw sequence Fisher–Yates can read for n places (j ∈ [0, i] for i = n−1 … 1), as a mixed-radix counter. */
function* drawSequences(n: number): Generator<number[]> {
  const draws = Array.from({ length: Math.max(n - 1, 0) }, () => 0);
  for (;;) {
    yield draws;
    let place = 0;
    while (place < draws.length && draws[place] === n - 1 - place) draws[place++] = 0;
    if (place === draws.length) return;
    draws[place]! += 1;
  }
}

/** The rank of a permutation of 0 … n−1 among all n! (its Lehmer code read as a factorial-base number). */
function permutationRank(order: readonly number[]): number {
  let rank = 0;
  for (let i = 0; i < order.length; i += 1) {
    let smaller = 0;
    for (let k = i + 1; k < order.length; k += 1) if (order[k]! < order[i]!) smaller += 1;
    rank = rank * (order.length - i) + smaller;
  }
  return rank;
}

/** The payout of one spin in stakes (cents over 5 lines of a fifth), for every stop triple, read as slotOutcome reads it. */
function spinPayouts(paytable: SlotPaytable): number[] {
  const payouts: number[] = [];
  for (let a = 0; a < SLOT_REELS[0]!.length; a += 1) {
    for (let b = 0; b < SLOT_REELS[1]!.length; b += 1) {
      for (let c = 0; c < SLOT_REELS[2]!.length; c += 1) {
        const window = slotWindow([a, b, c]);
        const cents = SLOT_PAYLINES.reduce(
          (sum, rows) =>
            sum +
            slotLineCents(
              rows.map((row, reel) => window[row]![reel]!),
              paytable,
            ),
          0,
        );
        payouts.push(cents / (100 * SLOT_PAYLINES.length));
      }
    }
  }
  return payouts;
}

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return { mean, variance: values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length };
}

/** Rounds for ±TOLERANCE at Z, from the payout's exact variance per round. */
const roundsFor = (variance: number) => FIXED_ROUNDS ?? Math.ceil((Z * Z * variance) / (TOLERANCE * TOLERANCE));

describe('exactly, by enumerating the outcome space', () => {
  it('draws each value of [0, n) from the same number of words, for every range a game uses', () => {
    for (const n of [...Array.from({ length: BLIND_BOX_MAX }, (_, i) => i + 1), ...SLOT_REELS.map((strip) => strip.length)]) {
      const accepted = 2 ** 32 - (2 ** 32 % n);
      expect(accepted % n).toBe(0);
      // The first refused word is skipped and the next accepted one decides.
      const stream = new ScriptedWords([accepted, 2 ** 32 - 1, accepted - 1]);
      if (accepted < 2 ** 32) {
        expect(stream.nextInt(n)).toBe((accepted - 1) % n);
        expect(stream.read).toBe(3);
      }
    }
  });

  it.each(Array.from({ length: BLIND_BOX_MAX - BLIND_BOX_MIN + 1 }, (_, i) => i + BLIND_BOX_MIN))(
    'shuffles %i boxes into every order from exactly one draw sequence',
    (n) => {
      const factorial = Array.from({ length: n }, (_, i) => i + 1).reduce((p, k) => p * k, 1);
      const seen = new Uint8Array(factorial);
      let sequences = 0;
      for (const draws of drawSequences(n)) {
        seen[permutationRank(new ScriptedDraws(draws).shuffle(n))]! += 1;
        sequences += 1;
      }
      expect(sequences).toBe(factorial);
      expect(seen.every((count) => count === 1)).toBe(true);
    },
    ENUMERATION_TIMEOUT_MS,
  );

  it.each(BLIND_BOXES)('blind box, $name: every box holds every multiplier in 1/N of the orders, so the RTP is their mean', ({ multipliers }) => {
    const n = multipliers.length;
    for (let pick = 0; pick < n; pick += 1) {
      const holds = Array.from({ length: n }, () => 0);
      let orders = 0;
      for (const draws of drawSequences(n)) {
        holds[new ScriptedDraws(draws).shuffle(n)[pick]!]! += 1;
        orders += 1;
      }
      expect(holds.every((count) => count * n === orders)).toBe(true);
    }
    const exact = multipliers.reduce((sum, m) => sum + multiplierCents(m), 0) / (100 * n);
    expect(blindBoxRtp(multipliers)).toBe(exact);
  });

  it.each(SLOTS)('slot, $name: the 21³ stop triples read on 5 lines pay the configured RTP', ({ paytable }) => {
    const { mean } = meanAndVariance(spinPayouts(paytable));
    expect(mean).toBeCloseTo(slotRtp(paytable), 12);
  });

  it('the configured RTPs are the paytables’ exact ones', () => {
    expect(blindBoxRtp(DEFAULT_BLIND_BOX_MULTIPLIERS)).toBe(0.96);
    expect(slotRtp(DEFAULT_SLOT_PAYTABLE)).toBeCloseTo(8885.5 / 9261, 12);
    expect(multiplierCents('26.5')).toBe(2650);
  });
});

describe.each(BLIND_BOXES)('blind box, $name paytable, played through the fair function', ({ multipliers }) => {
  const { variance } = meanAndVariance(multipliers.map((m) => multiplierCents(m) / 100));
  const rounds = roundsFor(variance);
  it(`returns its configured RTP within ±${TOLERANCE * 100} pp over ${rounds.toLocaleString('en')} rounds (σ² ${variance.toFixed(4)})`, () => {
    const configured = blindBoxRtp(multipliers);
    let cents = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      cents += blindBoxOutcome({ serverSeed: key, clientSeed: 'rtp', nonce }, multipliers, nonce % multipliers.length).cents;
    }
    const measured = cents / 100 / rounds;
    expect(Math.abs(measured - configured), `measured ${measured}, configured ${configured}`).toBeLessThanOrEqual(TOLERANCE);
  }, 600_000);
});

describe.each(SLOTS)('slot machine, $name paytable, played through the fair function', ({ paytable }) => {
  const payouts = spinPayouts(paytable);
  const { variance } = meanAndVariance(payouts);
  const rounds = roundsFor(variance);
  const [, second, third] = SLOT_REELS.map((strip) => strip.length) as [number, number, number];
  it(`returns its configured RTP within ±${TOLERANCE * 100} pp over ${rounds.toLocaleString('en')} spins (σ² ${variance.toFixed(4)})`, () => {
    const configured = slotRtp(paytable);
    let cents = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const spin = slotOutcome({ serverSeed: key, clientSeed: 'rtp', nonce }, paytable);
      cents += spin.cents;
      // The enumeration above reads the window as this spin does: the same stops pay the same lines.
      if (nonce < 1_000) expect(spin.cents / 500).toBe(payouts[(spin.stops[0]! * second + spin.stops[1]!) * third + spin.stops[2]!]);
    }
    // Each spin is read across 5 lines of a fifth of the stake.
    const measured = cents / 500 / rounds;
    expect(Math.abs(measured - configured), `measured ${measured}, configured ${configured}`).toBeLessThanOrEqual(TOLERANCE);
  }, 600_000);
});
