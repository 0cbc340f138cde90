/**
 * What a bet is, before and after the database (decisions 071, 127): the settings a game starts with, the refusals
 * that need no lock, the outcome drawn from the contract's fair function, the seed a player's bets use and the
 * views of a round and a seed. Shared by the bet writer and the service's other paths (the raffle, the seeds).
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_BLIND_BOX_MULTIPLIERS,
  DEFAULT_SLOT_PAYTABLE,
  GAME_ASSETS,
  GAME_STAKE_DECIMALS,
  SLOT_PAYLINES,
  blindBoxOutcome,
  fromUnits,
  payoutUnits,
  serverSeedHash,
  slotOutcome,
  toUnits,
  type GameAsset,
  type GameKey,
  type GameResult,
  type GameRound,
  type SeedState,
  type SlotPaytable,
} from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import type { Executor } from '../../db/client.js';
import * as repo from './games.repository.js';

const STAKE_PATTERN = new RegExp(`^\\d{1,12}(\\.\\d{1,${GAME_STAKE_DECIMALS}})?$`);
const DEFAULT_CLIENT_SEED_BYTES = 8;

const DEFAULTS: Record<GameKey, Omit<repo.SettingsRow, 'game' | 'updatedBy' | 'updatedAt'>> = {
  blind_box: {
    enabled: true,
    assets: ['game'],
    minStake: '1',
    maxStake: '1000',
    dailyLimit: '100000',
    rtp: '0.9600',
    paytable: [...DEFAULT_BLIND_BOX_MULTIPLIERS],
  },
  slot: {
    enabled: true,
    assets: ['game'],
    minStake: '1',
    maxStake: '1000',
    dailyLimit: '100000',
    rtp: '0.9595',
    paytable: DEFAULT_SLOT_PAYTABLE,
  },
};

export const exact = (amount: string) => fromUnits(toUnits(amount));
export const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A game's settings, written with the defaults on first use; locked when `lock`. */
export async function settingsOf(db: Executor, game: GameKey, lock = false): Promise<repo.SettingsRow> {
  let row = await repo.findSettings(db, game, lock);
  if (!row) {
    await repo.insertSettings(db, [{ game, ...DEFAULTS[game] }]);
    row = await repo.findSettings(db, game, lock);
  }
  return row!;
}

/** The values of a new live seed for `userId` (a new server seed; the client seed given or a random one). */
export function newSeedValues(userId: number, clientSeed?: string) {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    userId,
    serverSeed,
    serverSeedHash: serverSeedHash(serverSeed),
    clientSeed: clientSeed ?? randomBytes(DEFAULT_CLIENT_SEED_BYTES).toString('hex'),
  };
}

/** The player's live seed (made on first use), locked when `lock`. */
export async function liveSeed(db: Executor, userId: number, lock: boolean, clientSeed?: string): Promise<repo.SeedRow> {
  const found = await repo.liveSeed(db, userId, lock);
  if (found) return found;
  await repo.insertSeed(db, newSeedValues(userId, clientSeed));
  return (await repo.liveSeed(db, userId, lock))!;
}

export const seedView = (seed: repo.SeedRow): SeedState => ({ server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce });

export interface BetInput {
  asset?: string | undefined;
  amount?: string | undefined;
  box?: number | undefined;
}

/** The refusals that need no lock, in the order a player meets them. */
export function checkBet(game: GameKey, settings: repo.SettingsRow, input: BetInput): { asset: GameAsset; stake: bigint } {
  if (!settings.enabled) throw new DomainError('GAME_DISABLED');
  const asset = input.asset?.trim();
  const amount = input.amount?.trim();
  if (!asset || !amount) throw new DomainError('GAME_BET_REQUIRED');
  if (!(GAME_ASSETS as readonly string[]).includes(asset) || !(settings.assets as string[]).includes(asset)) {
    throw new DomainError('GAME_PAYMENT_METHOD_OFF', { assets: settings.assets });
  }
  if (!STAKE_PATTERN.test(amount)) throw new DomainError('GAME_STAKE_INVALID');
  const stake = toUnits(amount);
  if (stake === 0n) throw new DomainError('GAME_STAKE_INVALID');
  if (stake < toUnits(settings.minStake)) throw new DomainError('GAME_STAKE_BELOW_MINIMUM', { min: exact(settings.minStake) });
  if (stake > toUnits(settings.maxStake)) throw new DomainError('GAME_STAKE_ABOVE_LIMIT', { max: exact(settings.maxStake) });
  if (game === 'blind_box' && (input.box === undefined || input.box >= (settings.paytable as string[]).length)) {
    throw new DomainError('GAME_BOX_UNKNOWN');
  }
  return { asset: asset as GameAsset, stake };
}

/** The bet's outcome under the seed's current nonce, from the contract's fair functions, and what it pays. */
export function drawBet(game: GameKey, settings: repo.SettingsRow, seed: repo.SeedRow, stake: bigint, box: number | undefined) {
  const seeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce };
  if (game === 'blind_box') {
    const multipliers = settings.paytable as string[];
    const outcome = blindBoxOutcome(seeds, multipliers, box!);
    const result: GameResult = { game, box: box!, arrangement: outcome.arrangement, multipliers };
    return { result, payout: payoutUnits(stake, outcome.cents) };
  }
  const paytable = settings.paytable as SlotPaytable;
  const outcome = slotOutcome(seeds, paytable);
  const result: GameResult = { game, stops: outcome.stops, lines: outcome.lines, paytable };
  return { result, payout: payoutUnits(stake, outcome.cents, SLOT_PAYLINES.length) };
}

export function roundView(row: repo.RoundWithSeed): GameRound {
  return {
    id: row.id,
    game: row.game as GameRound['game'],
    asset: row.asset as GameAsset,
    stake: row.stake,
    payout: row.payout,
    nonce: row.nonce,
    client_seed: row.clientSeed,
    server_seed_hash: row.serverSeedHash,
    server_seed: row.revealedAt ? row.serverSeed : null,
    result: row.result as GameResult,
    created_at: row.createdAt.toISOString(),
  };
}
