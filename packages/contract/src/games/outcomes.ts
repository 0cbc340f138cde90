/**
 * The games on the fair core (decision 070): what a bet's numbers mean, what it pays, and the exact
 * return-to-player (RTP) of a paytable. Pure and synchronous, for the server, the pages and the verify page.
 *
 * Multipliers are decimal strings with at most 2 places ("1.3"), handled as integer hundredths ("cents"), and
 * stakes have at most 2 places, so every payout is exact in the ledger's 8 places: no rounding anywhere.
 */
import { FairStream, type FairSeeds } from './fair.js';

export const GAMES = ['blind_box', 'slot'] as const;
export type GameKey = (typeof GAMES)[number];

/** The house edge an operator may choose: RTP between 90 % and 99 % (edge 1 %–10 %). */
export const GAME_RTP_MIN = 0.9;
export const GAME_RTP_MAX = 0.99;
/** How far a stated RTP may be from the paytable's exact one. */
export const GAME_RTP_TOLERANCE = 0.0005;
/** Stakes carry at most this many decimal places. */
export const GAME_STAKE_DECIMALS = 2;

export const MULTIPLIER_PATTERN = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;

/** "1.3" → 130. Throws on anything else than a multiplier (0 … 9999.99, at most 2 places). */
export function multiplierCents(multiplier: string): number {
  if (!MULTIPLIER_PATTERN.test(multiplier)) throw new RangeError(`not a multiplier: ${multiplier}`);
  const [whole, part = ''] = multiplier.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

// ---- blind box ------------------------------------------------------------------------------------------

export const BLIND_BOX_MIN = 2;
export const BLIND_BOX_MAX = 9;
export const DEFAULT_BLIND_BOX_MULTIPLIERS = ['0', '0.5', '1', '1.3', '2'] as const;

export interface BlindBoxOutcome {
  /** box i holds multipliers[arrangement[i]]: the boxes as they open. */
  arrangement: number[];
  /** The multiplier in the chosen box. */
  multiplier: string;
  cents: number;
}

const boxCents = new Map<string, number>();

/** The boxes are a uniform shuffle of the multipliers; the player gets the one in the box they chose. */
export function blindBoxOutcome(seeds: FairSeeds, multipliers: readonly string[], pick: number): BlindBoxOutcome {
  if (!Number.isInteger(pick) || pick < 0 || pick >= multipliers.length) throw new RangeError(`no box ${pick}`);
  const arrangement = new FairStream(seeds).shuffle(multipliers.length);
  const multiplier = multipliers[arrangement[pick]!]!;
  let cents = boxCents.get(multiplier);
  if (cents === undefined) boxCents.set(multiplier, (cents = multiplierCents(multiplier)));
  return { arrangement, multiplier, cents };
}

/** Each box holds each multiplier with probability 1/N, so the RTP is their mean: Σ cents / (100 N). */
export function blindBoxRtp(multipliers: readonly string[]): number {
  return multipliers.reduce((sum, m) => sum + multiplierCents(m), 0) / (100 * multipliers.length);
}

// ---- slot machine ---------------------------------------------------------------------------------------

/** Red Sea creatures, top symbol first: the tiger (shark) is the game's name and its best line. */
export const SLOT_SYMBOLS = ['tiger', 'dolphin', 'turtle', 'manta', 'lionfish', 'clownfish'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

const [T, D, U, M, L, C] = SLOT_SYMBOLS;
/** Three fixed reel strips, 21 stops each: tiger 1, dolphin 2, turtle 3, manta 4, lionfish 5, clownfish 6. */
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  [T, C, L, M, C, U, L, C, D, M, L, C, U, M, C, L, D, M, C, U, L],
  [C, M, T, L, C, U, M, C, L, D, C, M, L, U, C, L, M, D, C, U, L],
  [L, C, U, M, C, D, L, M, C, T, L, C, M, U, L, C, D, M, C, U, L],
];
export const SLOT_ROWS = 3;
/** Row (0 top, 1 middle, 2 bottom) read on each reel: middle, top, bottom, and the two diagonals. */
export const SLOT_PAYLINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/**
 * Per line, in multiples of the line's stake (the stake ÷ the number of lines): three of a kind; otherwise two
 * tigers or one tiger anywhere on the line. A line pays its one matching rule.
 */
export interface SlotPaytable {
  three: Record<SlotSymbol, string>;
  tiger_two: string;
  tiger_one: string;
}

export const DEFAULT_SLOT_PAYTABLE: SlotPaytable = {
  three: { tiger: '100', dolphin: '50', turtle: '26.5', manta: '15', lionfish: '10', clownfish: '10' },
  tiger_two: '15',
  tiger_one: '2',
};

interface PaytableCents {
  three: Map<SlotSymbol, number>;
  tigerTwo: number;
  tigerOne: number;
}
const compiled = new WeakMap<SlotPaytable, PaytableCents>();
function centsOf(paytable: SlotPaytable): PaytableCents {
  let table = compiled.get(paytable);
  if (!table) {
    table = {
      three: new Map(SLOT_SYMBOLS.map((s) => [s, multiplierCents(paytable.three[s])])),
      tigerTwo: multiplierCents(paytable.tiger_two),
      tigerOne: multiplierCents(paytable.tiger_one),
    };
    compiled.set(paytable, table);
  }
  return table;
}

export function slotLineCents(symbols: readonly SlotSymbol[], paytable: SlotPaytable): number {
  const table = centsOf(paytable);
  const [a, b, c] = symbols;
  if (a === b && b === c) return table.three.get(a!)!;
  const tigers = (a === 'tiger' ? 1 : 0) + (b === 'tiger' ? 1 : 0) + (c === 'tiger' ? 1 : 0);
  if (tigers === 2) return table.tigerTwo;
  if (tigers === 1) return table.tigerOne;
  return 0;
}

export interface SlotOutcome {
  /** Each reel's stop: the index on its strip shown in the middle row. */
  stops: number[];
  /** The 3 × 3 window, [row][reel]. */
  window: SlotSymbol[][];
  /** Hundredths of the line stake won on each payline. */
  lines: number[];
  /** Σ lines: the payout is stake × cents ÷ (100 × lines). */
  cents: number;
}

export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) => SLOT_REELS.map((strip, reel) => strip[(stops[reel]! + row - 1 + strip.length) % strip.length]!));
}

/** Each reel stops at a uniform index of its strip, reel 1 first. */
export function slotOutcome(seeds: FairSeeds, paytable: SlotPaytable): SlotOutcome {
  const stream = new FairStream(seeds);
  const stops = SLOT_REELS.map((strip) => stream.nextInt(strip.length));
  const window = slotWindow(stops);
  const lines = SLOT_PAYLINES.map((rows) =>
    slotLineCents(
      rows.map((row, reel) => window[row]![reel]!),
      paytable,
    ),
  );
  return { stops, window, lines, cents: lines.reduce((sum, c) => sum + c, 0) };
}

/**
 * The exact RTP: every row of a reel shows each stop of its strip with probability 1/len, and the reels are
 * independent, so every payline has the same distribution and the RTP is one line's mean pay over all
 * len³ symbol triples.
 */
export function slotRtp(paytable: SlotPaytable): number {
  let total = 0;
  for (const a of SLOT_REELS[0]!) for (const b of SLOT_REELS[1]!) for (const c of SLOT_REELS[2]!) total += slotLineCents([a, b, c], paytable);
  const combos = SLOT_REELS.reduce((n, strip) => n * strip.length, 1);
  return total / (100 * combos);
}

// ---- money ----------------------------------------------------------------------------------------------

/** Payout in ledger units (10^-8) of a stake in units for a result in hundredths over `parts` (1, or the lines). */
export function payoutUnits(stakeUnits: bigint, cents: number, parts = 1): bigint {
  return (stakeUnits * BigInt(cents)) / BigInt(100 * parts);
}

/** A stated RTP fits its paytable and the bounds. */
export function rtpFits(stated: number, exact: number): boolean {
  return exact >= GAME_RTP_MIN - 1e-12 && exact <= GAME_RTP_MAX + 1e-12 && Math.abs(stated - exact) <= GAME_RTP_TOLERANCE;
}

// ---- raffle (the lucky wheel of ss-raffle-demo) ---------------------------------------------------------

/** Prizes carry at most 2 places, like stakes; "0" is a segment that wins nothing. */
export const PRIZE_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
export const RAFFLE_SEGMENTS_MIN = 2;
export const RAFFLE_SEGMENTS_MAX = 12;
export const RAFFLE_WEIGHT_MAX = 10_000;

export interface RaffleSegment {
  asset: 'game' | 'coin';
  amount: string;
  /** How many of the wheel's chances this segment holds (its probability is weight ÷ Σ weights). */
  weight: number;
}

export const DEFAULT_RAFFLE_SEGMENTS: readonly RaffleSegment[] = [
  { asset: 'game', amount: '0', weight: 40 },
  { asset: 'game', amount: '1', weight: 30 },
  { asset: 'game', amount: '5', weight: 18 },
  { asset: 'game', amount: '20', weight: 8 },
  { asset: 'coin', amount: '1', weight: 4 },
];

/** One draw in [0, Σ weights) by rejection sampling, then the segment whose cumulative weights hold it. */
export function raffleOutcome(seeds: FairSeeds, segments: readonly RaffleSegment[]): { segment: number } {
  const total = segments.reduce((sum, s) => sum + s.weight, 0);
  let draw = new FairStream(seeds).nextInt(total);
  for (let segment = 0; segment < segments.length; segment += 1) {
    draw -= segments[segment]!.weight;
    if (draw < 0) return { segment };
  }
  throw new RangeError('raffle: weights must be positive integers');
}
