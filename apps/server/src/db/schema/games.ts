import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * The game zone (issue 14, decisions 070, 071). A player's server seeds: the live one (revealed_at null, one per
 * user) draws every bet; only its SHA-256 is shown until the player rotates it, which stamps revealed_at and
 * lets anyone read it. `nonce` is the next bet's nonce, advanced under the seed's row lock (which also orders a
 * player's bets, so the per-day limit is read and kept under it).
 */
export const gameSeeds = pgTable(
  'game_seeds',
  {
    id: bigId(),
    userId: userRef('user_id'),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    createdAt: createdAt(),
    revealedAt: timestamptz('revealed_at'),
  },
  (t) => [
    uniqueIndex('game_seeds_live')
      .on(t.userId)
      .where(sql`${t.revealedAt} is null`),
    index('game_seeds_user').on(t.userId, t.id),
    check('game_seeds_nonce', sql`${t.nonce} >= 0`),
  ],
);

/** One bet (or raffle draw, stake 0): its seed and nonce, what it staked and paid, and the outcome drawn (with the paytable in force). */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigId(),
    userId: userRef('user_id'),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => gameSeeds.id),
    game: text('game').notNull(),
    asset: text('asset').notNull(),
    stake: exactAmount('stake').notNull(),
    payout: exactAmount('payout').notNull(),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    result: jsonb('result').notNull(),
    /** Null only for a raffle draw that won nothing (no money moved). */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('game_rounds_user').on(t.userId, t.id),
    index('game_rounds_created').on(t.createdAt),
    uniqueIndex('game_rounds_seed_nonce').on(t.seedId, t.nonce),
    check('game_rounds_game', sql`${t.game} in ('blind_box', 'slot', 'raffle')`),
    check('game_rounds_amounts', sql`${t.payout} >= 0 and (${t.stake} > 0 or (${t.game} = 'raffle' and ${t.stake} = 0))`),
    check('game_rounds_entry', sql`${t.entryId} is not null or (${t.game} = 'raffle' and ${t.payout} = 0)`),
  ],
);

/** Each game's operator settings (decision 071); the service writes the defaults on first use. */
export const gameSettings = pgTable(
  'game_settings',
  {
    game: text('game').primaryKey(),
    enabled: boolean('enabled').notNull(),
    assets: jsonb('assets').$type<string[]>().notNull(),
    minStake: exactAmount('min_stake').notNull(),
    maxStake: exactAmount('max_stake').notNull(),
    dailyLimit: exactAmount('daily_limit').notNull(),
    rtp: numeric('rtp', { precision: 6, scale: 4 }).notNull(),
    /** Blind box: the multipliers; slot: the paytable. */
    paytable: jsonb('paytable').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('game_settings_game', sql`${t.game} in ('blind_box', 'slot')`),
    check('game_settings_stakes', sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake} and ${t.dailyLimit} >= ${t.maxStake}`),
    check('game_settings_rtp', sql`${t.rtp} between 0.9 and 0.99`),
  ],
);

/** The lucky wheel of ss-raffle-demo (one row): its segments (prize, asset, weight) and whether it is on. */
export const gameRaffle = pgTable(
  'game_raffle',
  {
    id: integer('id').primaryKey(),
    enabled: boolean('enabled').notNull(),
    segments: jsonb('segments').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('game_raffle_one_row', sql`${t.id} = 1`)],
);

/** Free raffle spins an operator granted a user and not yet used. */
export const gameFreeSpins = pgTable(
  'game_free_spins',
  {
    userId: userRef('user_id').primaryKey(),
    spins: integer('spins').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('game_free_spins_spins', sql`${t.spins} >= 0`)],
);
