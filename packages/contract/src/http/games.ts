/**
 * The game zone (spec §1, §2 game/index, game/tiger/tiger, user/gameRoom; §5 'Game: bet quantity and payment
 * method required'; issue 14; decisions 070, 071): provably fair blind-box guessing and the slot machine, the
 * player's seeds, the game room, the verify view, and the operators' settings and house result.
 */
import * as z from 'zod/mini';
import { amountString, endpoint, freeText, idParams, isoTime, pagedList, pageQuery, uid } from '../common.js';
import {
  BLIND_BOX_MAX,
  BLIND_BOX_MIN,
  GAMES,
  MULTIPLIER_PATTERN,
  PRIZE_PATTERN,
  RAFFLE_SEGMENTS_MAX,
  RAFFLE_SEGMENTS_MIN,
  RAFFLE_WEIGHT_MAX,
  SLOT_SYMBOLS,
} from '../games/outcomes.js';

export const game = z.enum(GAMES);
/** What a round was: a bet in one of the games, or a raffle draw (a free spin granted by an operator). */
export const ROUND_KINDS = [...GAMES, 'raffle'] as const;
export const roundKind = z.enum(ROUND_KINDS);
/** Payment methods (spec §5): game points or the platform coin; the operator chooses which are on. */
export const GAME_ASSETS = ['game', 'coin'] as const;
export type GameAsset = (typeof GAME_ASSETS)[number];
export const gameAsset = z.enum(GAME_ASSETS);
export const CLIENT_SEED_MAX = 64;

export const multiplier = z.string().check(z.regex(MULTIPLIER_PATTERN));
/** A limit as the operator sets it: at most 2 places like a stake. */
const limitAmount = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/));

export const slotPaytable = z.object({
  three: z.object(Object.fromEntries(SLOT_SYMBOLS.map((s) => [s, multiplier])) as Record<(typeof SLOT_SYMBOLS)[number], typeof multiplier>),
  tiger_two: multiplier,
  tiger_one: multiplier,
});

/** What the player's bets are drawn from: the server seed's SHA-256 (the seed itself stays hidden until rotated). */
export const seedState = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce of the next bet. */
  nonce: z.int(),
});
export type SeedState = z.infer<typeof seedState>;

export const gameSeed = endpoint('GET /api/game/seed', 'user', { response: seedState });

export const setClientSeed = endpoint('POST /api/game/seed/client', 'user', {
  body: z.strictObject({ client_seed: freeText(CLIENT_SEED_MAX) }),
  response: seedState,
});

export const rotateSeed = endpoint('POST /api/game/seed/rotate', 'user', {
  body: z.strictObject({ client_seed: z.optional(freeText(CLIENT_SEED_MAX)) }),
  response: z.object({
    /** The seed just retired, revealed: every round under it can now be recomputed by anyone. */
    previous: z.object({ server_seed: z.string(), server_seed_hash: z.string(), client_seed: z.string(), bets: z.int() }),
    current: seedState,
  }),
});

/** One game's terms as players see them (the paytable read endpoint). */
export const gameTerms = z.object({
  game,
  enabled: z.boolean(),
  assets: z.array(gameAsset),
  min_stake: amountString,
  max_stake: amountString,
  /** Stakes a player may place in this game per UTC day, in each payment method. */
  daily_limit: amountString,
  /** Configured return to player, e.g. "0.9600". */
  rtp: z.string(),
  /** Blind box: the multiplier in each box before shuffling (N = its length). */
  multipliers: z.nullable(z.array(multiplier)),
  /** Slot machine: per-line multipliers, the reel strips and the paylines (rows read per reel). */
  paytable: z.nullable(slotPaytable),
  reels: z.nullable(z.array(z.array(z.enum(SLOT_SYMBOLS)))),
  paylines: z.nullable(z.array(z.array(z.int()))),
});
export type GameTerms = z.infer<typeof gameTerms>;

export const gameTermsList = endpoint('GET /api/game/paytable', 'none', {
  response: z.object({ list: z.array(gameTerms) }),
});

export const blindBoxResult = z.object({
  game: z.literal('blind_box'),
  box: z.int(),
  /** box i held multipliers[arrangement[i]]. */
  arrangement: z.array(z.int()),
  multipliers: z.array(multiplier),
});
export const slotResult = z.object({
  game: z.literal('slot'),
  stops: z.array(z.int()),
  /** Hundredths of a line's stake won on each payline. */
  lines: z.array(z.int()),
  paytable: slotPaytable,
});
export const raffleSegment = z.object({
  asset: z.enum(['game', 'coin']),
  amount: z.string().check(z.regex(PRIZE_PATTERN)),
  weight: z.int().check(z.gte(1)).check(z.lte(RAFFLE_WEIGHT_MAX)),
});
export const raffleResult = z.object({
  game: z.literal('raffle'),
  /** The segment the wheel stopped on, among the segments in force. */
  segment: z.int(),
  segments: z.array(raffleSegment),
});
export const gameResult = z.discriminatedUnion('game', [blindBoxResult, slotResult, raffleResult]);
export type GameResult = z.infer<typeof gameResult>;

export const gameRound = z.object({
  id: z.int(),
  game: roundKind,
  asset: gameAsset,
  stake: amountString,
  payout: amountString,
  nonce: z.int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** Null until the player rotates the seed the round was played with. */
  server_seed: z.nullable(z.string()),
  result: gameResult,
  created_at: isoTime,
});
export type GameRound = z.infer<typeof gameRound>;

/**
 * A bet. Both fields are optional in the schema so a missing one is the spec's own refusal
 * (GAME_BET_REQUIRED), not a generic parameter error; the service checks the stake's form and bounds.
 */
const betFields = {
  asset: z.optional(z.string().check(z.maxLength(16))),
  amount: z.optional(z.string().check(z.maxLength(40))),
};

const betAnswer = z.object({ round: gameRound, balance: amountString, seed: seedState });

export const playBlindBox = endpoint('POST /api/game/blind-box', 'user', {
  body: z.strictObject({
    ...betFields,
    box: z.optional(
      z
        .int()
        .check(z.gte(0))
        .check(z.lte(BLIND_BOX_MAX * 10)),
    ),
  }),
  response: betAnswer,
});

export const playSlot = endpoint('POST /api/game/slot', 'user', {
  body: z.strictObject(betFields),
  response: betAnswer,
});

export const gameTotals = z.object({ asset: gameAsset, rounds: z.int(), staked: amountString, paid: amountString, net: amountString });

/** The game room: the player's rounds, newest first, and totals per payment method. */
export const gameRounds = endpoint('GET /api/game/rounds', 'user', {
  query: pageQuery,
  response: z.extend(pagedList(gameRound), { totals: z.array(gameTotals) }),
});

/** One round to verify: the owner's at any time (seed hidden until rotated), anyone else's once its seed is revealed. */
export const verifyRound = endpoint('GET /api/game/rounds/:id', 'user', {
  params: idParams,
  response: gameRound,
});

// ---- operators (admin, audited as `game.settings_changed`) ----------------------------------------------

export const gameSettingsBody = z
  .strictObject({
    enabled: z.optional(z.boolean()),
    assets: z.optional(z.array(gameAsset).check(z.maxLength(GAME_ASSETS.length))),
    min_stake: z.optional(limitAmount),
    max_stake: z.optional(limitAmount),
    daily_limit: z.optional(limitAmount),
    /** The RTP the operator states; it must match the paytable within 0.0005 and lie in [0.90, 0.99]. */
    rtp: z.optional(z.string().check(z.regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/))),
    multipliers: z.optional(z.array(multiplier).check(z.minLength(BLIND_BOX_MIN)).check(z.maxLength(BLIND_BOX_MAX))),
    paytable: z.optional(slotPaytable),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' }));

export const adminGameSettings = endpoint('GET /api/admin/game/settings', 'admin', {
  response: z.object({ list: z.array(gameTerms) }),
});

export const adminSetGameSettings = endpoint('POST /api/admin/game/settings/:game', 'admin', {
  params: z.object({ game }),
  body: gameSettingsBody,
  response: gameTerms,
});

export const houseDay = z.object({
  day: z.string(),
  game: roundKind,
  asset: gameAsset,
  rounds: z.int(),
  staked: amountString,
  paid: amountString,
  /** staked − paid: what the house kept (negative when players won). */
  house: amountString,
});

/** What the house account holds now, per asset: one figure, the sum of its shards (decision 127). */
export const houseBalance = z.object({ asset: gameAsset, balance: amountString });

export const adminHouseResult = endpoint('GET /api/admin/game/house', 'admin', {
  query: z.object({ days: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(366)), 30) }),
  response: z.object({ list: z.array(houseDay), balances: z.array(houseBalance) }),
});

// ---- raffle (ss-raffle-demo): free spins granted by operators, prizes as ledger credits ------------------

export const raffleState = z.object({
  enabled: z.boolean(),
  segments: z.array(raffleSegment),
  spins_left: z.int(),
});
export type RaffleState = z.infer<typeof raffleState>;

export const raffle = endpoint('GET /api/game/raffle', 'user', { response: raffleState });

export const drawRaffle = endpoint('POST /api/game/raffle', 'user', {
  response: z.object({ round: gameRound, spins_left: z.int(), seed: seedState }),
});

export const adminSetRaffle = endpoint('POST /api/admin/game/raffle', 'admin', {
  body: z
    .strictObject({
      enabled: z.optional(z.boolean()),
      segments: z.optional(z.array(raffleSegment).check(z.minLength(RAFFLE_SEGMENTS_MIN)).check(z.maxLength(RAFFLE_SEGMENTS_MAX))),
    })
    .check(z.refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })),
  response: z.object({ enabled: z.boolean(), segments: z.array(raffleSegment) }),
});

export const adminGrantSpins = endpoint('POST /api/admin/game/raffle/spins', 'admin', {
  body: z.strictObject({ uid, spins: z.int().check(z.gte(1)).check(z.lte(1000)) }),
  response: z.object({ uid: z.int(), spins_left: z.int() }),
});
