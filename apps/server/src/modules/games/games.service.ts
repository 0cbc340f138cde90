/**
 * The game zone (issue 14; decisions 070, 071): provably fair blind-box guessing and the slot machine.
 *
 * A bet, in one transaction: the player's live seed under its row lock (it orders the player's bets, so the
 * nonce and the per-day limit are read and advanced without a race), the outcome from the contract's pure
 * fair function, then one journal entry against the player's shard of `game_house` in the bet's asset: the stake
 * debited and the payout credited together, the round, the next nonce and a `game.played` event. Bets waiting for
 * the same shard commit together (`bet-writer.ts`, decision 127).
 */
import {
  DEFAULT_RAFFLE_SEGMENTS,
  GAME_ASSETS,
  SLOT_PAYLINES,
  SLOT_REELS,
  blindBoxRtp,
  fromUnits,
  raffleOutcome,
  rtpFits,
  slotRtp,
  toUnits,
  type GameAsset,
  type GameKey,
  type GameResult,
  type GameRound,
  type GameTerms,
  type SeedState,
  type SlotPaytable,
  type RaffleSegment,
} from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database, Executor } from '../../db/client.js';
import { recordEvent } from '../events/events.service.js';
import { checkKey } from '../idempotency/idempotency.service.js';
import { postEntry, systemBalanceUnits } from '../ledger/ledger.service.js';
import { findPublicUser } from '../users/users.service.js';
import { BetWriter, houseOf } from './bet-writer.js';
import { exact, liveSeed, roundView, seedView, settingsOf, startOfUtcDay, type BetInput } from './game-rules.js';
import * as repo from './games.repository.js';

export type { BetInput } from './game-rules.js';

// ---- settings -------------------------------------------------------------------------------------------

function termsView(row: repo.SettingsRow): GameTerms {
  const game = row.game as GameKey;
  return {
    game,
    enabled: row.enabled,
    assets: row.assets as GameAsset[],
    min_stake: exact(row.minStake),
    max_stake: exact(row.maxStake),
    daily_limit: exact(row.dailyLimit),
    rtp: Number(row.rtp).toFixed(4),
    multipliers: game === 'blind_box' ? (row.paytable as string[]) : null,
    paytable: game === 'slot' ? (row.paytable as SlotPaytable) : null,
    reels: game === 'slot' ? SLOT_REELS.map((strip) => [...strip]) : null,
    paylines: game === 'slot' ? SLOT_PAYLINES.map((line) => [...line]) : null,
  };
}

export async function listTerms(db: Database) {
  return { list: [termsView(await settingsOf(db, 'blind_box')), termsView(await settingsOf(db, 'slot'))] };
}

// ---- seeds ----------------------------------------------------------------------------------------------

export async function seedState(db: Database, userId: number): Promise<SeedState> {
  return seedView(await liveSeed(db, userId, false));
}

export async function setClientSeed(db: Database, userId: number, clientSeed: string): Promise<SeedState> {
  return db.transaction(async (tx) => {
    const seed = await liveSeed(tx, userId, true);
    await repo.setClientSeed(tx, seed.id, clientSeed);
    return seedView({ ...seed, clientSeed });
  });
}

/** Retires the live seed (revealing it) and starts a new one at nonce 0, with the client seed given or the old one. */
export async function rotateSeed(db: Database, userId: number, clientSeed: string | undefined, now = clock.now()) {
  return db.transaction(async (tx) => {
    const old = await liveSeed(tx, userId, true);
    await repo.reveal(tx, old.id, now);
    const current = await liveSeed(tx, userId, true, clientSeed ?? old.clientSeed);
    await recordEvent(tx, { type: 'game.seed_rotated', user_id: userId, seed_id: old.id, server_seed_hash: old.serverSeedHash, bets: old.nonce });
    return {
      previous: { server_seed: old.serverSeed, server_seed_hash: old.serverSeedHash, client_seed: old.clientSeed, bets: old.nonce },
      current: seedView(current),
    };
  });
}

// ---- bets -----------------------------------------------------------------------------------------------

const betWriters = new WeakMap<Database, BetWriter>();

/** A bet (decisions 071, 127): it joins its lane's next group and is answered once that group committed. */
export function play(db: Database, userId: number, game: GameKey, input: BetInput, idempotencyKey: string | undefined) {
  if (idempotencyKey !== undefined) checkKey(idempotencyKey);
  let writer = betWriters.get(db);
  if (!writer) betWriters.set(db, (writer = new BetWriter(db)));
  return writer.submit({ input: { userId, game, input }, key: idempotencyKey, request: ['game_bet', game, input.asset, input.amount, input.box] });
}

// ---- game room and verification -------------------------------------------------------------------------

export async function rounds(db: Database, userId: number, page: number, limit: number) {
  const [{ list, total }, totals] = await Promise.all([repo.roundsOf(db, userId, limit, (page - 1) * limit), repo.totalsOf(db, userId)]);
  return {
    list: list.map(roundView),
    page,
    limit,
    total,
    totals: totals.map((t) => ({ ...t, asset: t.asset as GameAsset })),
  };
}

/** The owner's round at any time (its seed hidden until rotated); anyone else's only once the seed is revealed. */
export async function verifyRound(db: Database, userId: number, roundId: number) {
  const row = await repo.findRound(db, roundId);
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.userId !== userId && row.revealedAt === null) throw new DomainError('GAME_SEED_NOT_REVEALED');
  return roundView(row);
}

// ---- operators ------------------------------------------------------------------------------------------

export interface SettingsInput {
  enabled?: boolean | undefined;
  assets?: GameAsset[] | undefined;
  min_stake?: string | undefined;
  max_stake?: string | undefined;
  daily_limit?: string | undefined;
  rtp?: string | undefined;
  multipliers?: string[] | undefined;
  paytable?: SlotPaytable | undefined;
}

function exactRtp(game: GameKey, paytable: unknown): number {
  return game === 'blind_box' ? blindBoxRtp(paytable as string[]) : slotRtp(paytable as SlotPaytable);
}

/**
 * Changes a game's settings; the paytable and the stated RTP must agree (within 0.0005) and the RTP stay in
 * [0.90, 0.99], so the house edge is always what the operator says and within bounds.
 */
export async function setSettings(db: Database, operatorId: number, game: GameKey, input: SettingsInput, now = clock.now()) {
  if ((game === 'blind_box' && input.paytable) || (game === 'slot' && input.multipliers)) throw new DomainError('GAME_SETTINGS_INVALID');
  return db.transaction(async (tx) => {
    const before = await settingsOf(tx, game, true);
    const merged = {
      enabled: input.enabled ?? before.enabled,
      assets: input.assets ? [...new Set(input.assets)] : before.assets,
      minStake: input.min_stake ?? before.minStake,
      maxStake: input.max_stake ?? before.maxStake,
      dailyLimit: input.daily_limit ?? before.dailyLimit,
      rtp: input.rtp ?? before.rtp,
      paytable: input.multipliers ?? input.paytable ?? before.paytable,
    };
    const stakesFit =
      toUnits(merged.minStake) > 0n && toUnits(merged.maxStake) >= toUnits(merged.minStake) && toUnits(merged.dailyLimit) >= toUnits(merged.maxStake);
    if (!stakesFit || !rtpFits(Number(merged.rtp), exactRtp(game, merged.paytable))) {
      throw new DomainError('GAME_SETTINGS_INVALID', { rtp: exactRtp(game, merged.paytable).toFixed(6) });
    }
    const after = await repo.updateSettings(tx, game, { ...merged, updatedBy: operatorId, updatedAt: now });
    await recordEvent(tx, { type: 'game.settings_changed', user_id: operatorId, game, before: termsView(before), after: termsView(after) });
    return termsView(after);
  });
}

export async function adminSettings(db: Database) {
  return listTerms(db);
}

/** The house result per day from the rounds, and what the house account holds now (its shards summed, decision 127). */
export async function houseResult(db: Database, days: number, now = clock.now()) {
  const since = new Date(startOfUtcDay(now).getTime() - (days - 1) * 86_400_000);
  const [rows, balances] = await Promise.all([repo.houseByDay(db, since), systemBalanceUnits(db, 'game_house')]);
  return {
    list: rows.map((r) => ({ ...r, game: r.game as GameRound['game'], asset: r.asset as GameAsset })),
    balances: [...balances]
      .filter(([asset]) => (GAME_ASSETS as readonly string[]).includes(asset))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asset, units]) => ({ asset: asset as GameAsset, balance: fromUnits(units) })),
  };
}

// ---- raffle (ss-raffle-demo) ----------------------------------------------------------------------------

async function raffleOf(db: Executor, lock = false) {
  let row = await repo.raffleRow(db, lock);
  if (!row) {
    await repo.insertRaffle(db, { id: 1, enabled: true, segments: [...DEFAULT_RAFFLE_SEGMENTS] });
    row = await repo.raffleRow(db, lock);
  }
  return row!;
}

export async function raffleState(db: Database, userId: number) {
  const [row, spins] = await Promise.all([raffleOf(db), repo.spinsOf(db, userId)]);
  return { enabled: row.enabled, segments: row.segments as RaffleSegment[], spins_left: spins };
}

/**
 * One free spin of the lucky wheel on the same fair core as the bets (the live seed's next nonce): the spin is
 * used, the segment drawn, and its prize credited from the player's `game_house` shard in one entry (none for an empty segment).
 */
export async function drawRaffle(db: Database, userId: number, now = clock.now()) {
  return db.transaction(async (tx) => {
    const wheel = await raffleOf(tx);
    if (!wheel.enabled) throw new DomainError('GAME_DISABLED');
    const left = await repo.useSpin(tx, userId, now);
    if (left === null) throw new DomainError('GAME_NO_FREE_SPINS');
    const seed = await liveSeed(tx, userId, true);
    const segments = wheel.segments as RaffleSegment[];
    const { segment } = raffleOutcome({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }, segments);
    const prize = segments[segment]!;
    const units = toUnits(prize.amount);
    const posted =
      units > 0n
        ? await postEntry(tx, {
            kind: 'game_prize',
            memo: `game raffle ${seed.serverSeedHash.slice(0, 8)}:${seed.nonce}`,
            actorId: userId,
            postings: [
              { account: { userId, asset: prize.asset }, amount: units, kind: 'game_prize' },
              { account: { system: houseOf(userId), asset: prize.asset }, amount: -units, kind: 'game_prize' },
            ],
          })
        : null;
    const result: GameResult = { game: 'raffle', segment, segments };
    const round = await repo.insertRound(tx, {
      userId,
      seedId: seed.id,
      game: 'raffle',
      asset: prize.asset,
      stake: '0',
      payout: fromUnits(units),
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      result,
      entryId: posted?.entryId ?? null,
      createdAt: now,
    });
    await repo.advanceNonce(tx, seed.id);
    await recordEvent(tx, {
      type: 'game.raffle_drawn',
      user_id: userId,
      entry_id: posted?.entryId ?? null,
      round_id: round.id,
      asset: prize.asset,
      prize: fromUnits(units),
      nonce: seed.nonce,
    });
    return {
      round: roundView({ ...round, serverSeedHash: seed.serverSeedHash, serverSeed: seed.serverSeed, revealedAt: null }),
      spins_left: left,
      seed: seedView({ ...seed, nonce: seed.nonce + 1 }),
    };
  });
}

export async function setRaffle(
  db: Database,
  operatorId: number,
  input: { enabled?: boolean | undefined; segments?: RaffleSegment[] | undefined },
  now = clock.now(),
) {
  return db.transaction(async (tx) => {
    const before = await raffleOf(tx, true);
    const after = await repo.updateRaffle(tx, {
      enabled: input.enabled ?? before.enabled,
      segments: input.segments ?? before.segments,
      updatedBy: operatorId,
      updatedAt: now,
    });
    const view = (row: typeof before) => ({ enabled: row.enabled, segments: row.segments as RaffleSegment[] });
    await recordEvent(tx, {
      type: 'game.raffle_changed',
      user_id: operatorId,
      action: 'set_wheel',
      target_uid: null,
      spins: null,
      before: view(before),
      after: view(after),
    });
    return view(after);
  });
}

export async function grantSpins(db: Database, operatorId: number, uid: number, spins: number, now = clock.now()) {
  return db.transaction(async (tx) => {
    if (!(await findPublicUser(tx, { id: uid }))) throw new DomainError('USER_NOT_FOUND');
    const left = await repo.grantSpins(tx, uid, spins, now);
    await recordEvent(tx, {
      type: 'game.raffle_changed',
      user_id: operatorId,
      action: 'grant_spins',
      target_uid: uid,
      spins,
      before: null,
      after: { spins_left: left },
    });
    return { uid, spins_left: left };
  });
}
