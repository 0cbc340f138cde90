/**
 * Bets commit in groups against a sharded house (decision 127). One bet per transaction queued every player on the
 * house account's row, locked from the bet's balance update to its commit's flush, with a dozen round trips in
 * between: 55 bets/s for 100 players. Here bets wait in a lane of the shared group writer (decision 061); a lane's
 * next group is one transaction with a fixed number of statements whatever its size: the group's seeds locked in
 * one read, today's stakes in one, the accounts locked once through a ledger entry batch, each bet decided in
 * memory in arrival order, then the entries, rounds, nonces and events written in one statement each.
 *
 * The house is kept in shards (`game_house`, `game_house:1` …); a player always meets the shard of its user id,
 * and on PostgreSQL each shard is its own lane, so groups of different shards commit side by side and several
 * server processes do not all queue on one row. PGlite runs one transaction at a time, so there every bet shares
 * one lane (bigger groups, one flush for all of them).
 *
 * Each bet is still one balanced journal entry (stake and payout), refused alone with the same errors in the same
 * order as before: the lock-free checks, then under the seed lock the per-day limit, then the balance.
 */
import { fromUnits, toUnits, type BusinessEvent, type GameAsset, type GameKey, type GameRound, type SeedState } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { runsOneTransactionAtATime, type Database, type Transaction } from '../../db/client.js';
import { recordEvents } from '../events/events.service.js';
import { GroupWriter, type GroupOutcome } from '../idempotency/group-writer.js';
import { balanceKey, openEntryBatch, systemShard, type AccountRef, type BatchPosted } from '../ledger/ledger.service.js';
import { checkBet, drawBet, exact, newSeedValues, roundView, seedView, settingsOf, startOfUtcDay, type BetInput } from './game-rules.js';
import * as repo from './games.repository.js';

/** The most bets one transaction carries: the group's accounts stay locked while it runs, so a group stays short. */
export const MAX_BETS_PER_COMMIT = 64;

export interface BetRequest {
  userId: number;
  game: GameKey;
  input: BetInput;
}

export interface BetAnswer {
  round: GameRound;
  balance: string;
  seed: SeedState;
}

/** The house account a player's bets (and raffle prizes) post against. */
export const houseOf = (userId: number) => systemShard('game_house', userId);

export class BetWriter extends GroupWriter<BetRequest, BetAnswer> {
  constructor(db: Database) {
    const oneLane = runsOneTransactionAtATime(db);
    super(db, {
      maxPerCommit: MAX_BETS_PER_COMMIT,
      laneOf: (bet) => (oneLane ? '' : houseOf(bet.userId)),
      userOf: (bet) => bet.userId,
      run: (tx, bets) => runBets(tx, bets, clock.now()),
    });
  }
}

interface Valid {
  index: number;
  bet: BetRequest;
  settings: repo.SettingsRow;
  asset: GameAsset;
  stake: bigint;
}

interface Accepted {
  valid: Valid;
  seed: repo.SeedWithStakes;
  result: repo.RoundRow['result'];
  payout: bigint;
  posted: BatchPosted;
}

const stakedKey = (userId: number, game: string, asset: string) => `${userId}:${game}:${asset}`;

/** The lock-free refusals; the settings are read once for the group. */
async function validBets(tx: Transaction, bets: BetRequest[], outcomes: GroupOutcome<BetAnswer>[]): Promise<Valid[]> {
  const settings = new Map((await repo.allSettings(tx)).map((row) => [row.game, row]));
  for (const game of new Set(bets.map((bet) => bet.game))) if (!settings.has(game)) settings.set(game, await settingsOf(tx, game));
  return bets.flatMap((bet, index) => {
    try {
      const own = settings.get(bet.game)!;
      return [{ index, bet, settings: own, ...checkBet(bet.game, own, bet.input) }];
    } catch (error) {
      outcomes[index] = { error };
      return [];
    }
  });
}

/** The live seeds of the group's players (made on first use), locked in id order, with today's stakes. */
async function lockedSeeds(tx: Transaction, userIds: number[], since: Date): Promise<Map<number, repo.SeedWithStakes>> {
  let seeds = await repo.lockSeedsWithStakes(tx, userIds, since);
  const missing = userIds.filter((id) => !seeds.some((seed) => seed.userId === id));
  if (missing.length) {
    await repo.insertSeeds(
      tx,
      missing.map((id) => newSeedValues(id)),
    );
    seeds = await repo.lockSeedsWithStakes(tx, userIds, since);
  }
  return new Map(seeds.map((seed) => [seed.userId, { ...seed }]));
}

export async function runBets(tx: Transaction, bets: BetRequest[], now: Date): Promise<GroupOutcome<BetAnswer>[]> {
  const outcomes: GroupOutcome<BetAnswer>[] = new Array(bets.length);
  const valid = await validBets(tx, bets, outcomes);
  if (valid.length === 0) return outcomes;

  const userIds = [...new Set(valid.map((v) => v.bet.userId))];
  const seeds = await lockedSeeds(tx, userIds, startOfUtcDay(now));
  const staked = new Map(
    [...seeds.values()].flatMap((seed) => seed.staked.map(([game, asset, total]) => [stakedKey(seed.userId, game, asset), toUnits(total)] as const)),
  );
  const refs: AccountRef[] = valid.flatMap((v) => [
    { userId: v.bet.userId, asset: v.asset },
    { system: houseOf(v.bet.userId), asset: v.asset },
  ]);
  const batch = await openEntryBatch(tx, refs);

  const accepted: Accepted[] = [];
  for (const v of valid) {
    const { userId, game } = v.bet;
    const seed = seeds.get(userId)!;
    const key = stakedKey(userId, game, v.asset);
    const today = staked.get(key) ?? 0n;
    try {
      if (today + v.stake > toUnits(v.settings.dailyLimit)) {
        throw new DomainError('GAME_DAILY_LIMIT', { limit: exact(v.settings.dailyLimit), staked: fromUnits(today) });
      }
      const { result, payout } = drawBet(game, v.settings, seed, v.stake, v.bet.input.box);
      const house = houseOf(userId);
      const posted = batch.post({
        kind: 'game_bet',
        memo: `game ${game} ${seed.serverSeedHash.slice(0, 8)}:${seed.nonce}`,
        actorId: userId,
        postings: [
          { account: { userId, asset: v.asset }, amount: -v.stake, kind: 'game_bet' },
          { account: { system: house, asset: v.asset }, amount: v.stake, kind: 'game_bet' },
          ...(payout > 0n
            ? [
                { account: { userId, asset: v.asset }, amount: payout, kind: 'game_payout' as const },
                { account: { system: house, asset: v.asset }, amount: -payout, kind: 'game_payout' as const },
              ]
            : []),
        ],
      });
      accepted.push({ valid: v, seed: { ...seed }, result, payout, posted });
      seed.nonce += 1;
      staked.set(key, today + v.stake);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes[v.index] = { error };
    }
  }
  if (accepted.length === 0) return outcomes;

  const entryIds = await batch.write();
  const rounds = await repo.insertRounds(
    tx,
    accepted.map((a) => ({
      userId: a.valid.bet.userId,
      seedId: a.seed.id,
      game: a.valid.bet.game,
      asset: a.valid.asset,
      stake: fromUnits(a.valid.stake),
      payout: fromUnits(a.payout),
      nonce: a.seed.nonce,
      clientSeed: a.seed.clientSeed,
      result: a.result,
      entryId: entryIds[a.posted.position]!,
      createdAt: now,
    })),
  );
  const steps = new Map<number, number>();
  for (const a of accepted) steps.set(a.seed.id, (steps.get(a.seed.id) ?? 0) + 1);
  await repo.advanceNonces(
    tx,
    [...steps].map(([seedId, by]) => ({ seedId, by })),
  );
  await recordEvents(
    tx,
    accepted.map((a, i): BusinessEvent => ({
      type: 'game.played',
      user_id: a.valid.bet.userId,
      entry_id: entryIds[a.posted.position]!,
      round_id: rounds[i]!.id,
      game: a.valid.bet.game,
      asset: a.valid.asset,
      stake: fromUnits(a.valid.stake),
      payout: fromUnits(a.payout),
      nonce: a.seed.nonce,
    })),
  );
  accepted.forEach((a, i) => {
    outcomes[a.valid.index] = {
      answer: {
        round: roundView({ ...rounds[i]!, serverSeedHash: a.seed.serverSeedHash, serverSeed: a.seed.serverSeed, revealedAt: null }),
        balance: a.posted.userBalances.get(balanceKey(a.valid.bet.userId, a.valid.asset))!,
        seed: seedView({ ...a.seed, nonce: a.seed.nonce + 1 }),
      },
    };
  });
  return outcomes;
}
