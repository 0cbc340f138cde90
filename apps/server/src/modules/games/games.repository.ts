import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { gameFreeSpins, gameRaffle, gameRounds, gameSeeds, gameSettings } from '../../db/schema/index.js';

export type SeedRow = typeof gameSeeds.$inferSelect;
export type RoundRow = typeof gameRounds.$inferSelect;
export type SettingsRow = typeof gameSettings.$inferSelect;
export type RoundWithSeed = RoundRow & { serverSeedHash: string; serverSeed: string; revealedAt: Date | null };

export async function liveSeed(db: Executor, userId: number, lock = false): Promise<SeedRow | undefined> {
  const query = db
    .select()
    .from(gameSeeds)
    .where(and(eq(gameSeeds.userId, userId), isNull(gameSeeds.revealedAt)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** A new live seed, unless another request made one first (the partial unique index decides). */
export async function insertSeed(db: Executor, values: typeof gameSeeds.$inferInsert): Promise<void> {
  await db.insert(gameSeeds).values(values).onConflictDoNothing();
}

export type SeedWithStakes = SeedRow & { staked: [game: string, asset: string, total: string][] };

/**
 * The live seeds of these users, locked in id order, each with what its user staked per game and asset since
 * `since` (today's use of the per-day limits): a group of bets reads both in one statement (decision 127).
 */
export async function lockSeedsWithStakes(db: Executor, userIds: readonly number[], since: Date): Promise<SeedWithStakes[]> {
  const rows = await db
    .select({
      seed: gameSeeds,
      staked: sql<[string, string, string][]>`(select coalesce(json_agg(json_build_array(r.game, r.asset, r.total)), '[]'::json) from (
        select gr.game, gr.asset, sum(gr.stake)::numeric(38, 8)::text as total from ${gameRounds} gr
         where gr.user_id = ${gameSeeds.userId} and gr.created_at >= ${since.toISOString()}::timestamptz
         group by gr.game, gr.asset) r)`,
    })
    .from(gameSeeds)
    .where(and(inArray(gameSeeds.userId, [...userIds]), isNull(gameSeeds.revealedAt)))
    .orderBy(asc(gameSeeds.id))
    .for('update');
  return rows.map((row) => ({ ...row.seed, staked: row.staked }));
}

/** New live seeds, each unless another request made that user's first (the partial unique index decides). */
export async function insertSeeds(db: Executor, values: (typeof gameSeeds.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(gameSeeds).values(values).onConflictDoNothing();
}

/** Moves each seed's nonce on by the bets it carried. */
export async function advanceNonces(db: Executor, steps: readonly { seedId: number; by: number }[]): Promise<void> {
  if (steps.length === 0) return;
  await db.execute(sql`
    update ${gameSeeds} s set nonce = s.nonce + d.by
      from unnest(${`{${steps.map((x) => x.seedId).join(',')}}`}::bigint[], ${`{${steps.map((x) => x.by).join(',')}}`}::int[]) d(id, by)
     where s.id = d.id`);
}

/** Rounds in one statement, returned in the order given. */
export async function insertRounds(db: Executor, values: (typeof gameRounds.$inferInsert)[]): Promise<RoundRow[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(gameRounds).values(values).returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function setClientSeed(db: Executor, seedId: number, clientSeed: string): Promise<void> {
  await db.update(gameSeeds).set({ clientSeed }).where(eq(gameSeeds.id, seedId));
}

export async function advanceNonce(db: Executor, seedId: number): Promise<void> {
  await db
    .update(gameSeeds)
    .set({ nonce: sql`${gameSeeds.nonce} + 1` })
    .where(eq(gameSeeds.id, seedId));
}

export async function reveal(db: Executor, seedId: number, at: Date): Promise<void> {
  await db.update(gameSeeds).set({ revealedAt: at }).where(eq(gameSeeds.id, seedId));
}

export async function insertRound(db: Executor, values: typeof gameRounds.$inferInsert): Promise<RoundRow> {
  const rows = await db.insert(gameRounds).values(values).returning();
  return rows[0]!;
}

/** What the user staked in a game in one asset since `since` (today's use of the per-day limit). */
export async function stakedSince(db: Executor, userId: number, game: string, asset: string, since: Date): Promise<string> {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${gameRounds.stake}), 0)::numeric(38, 8)::text` })
    .from(gameRounds)
    .where(and(eq(gameRounds.userId, userId), eq(gameRounds.game, game), eq(gameRounds.asset, asset), gte(gameRounds.createdAt, since)));
  return rows[0]!.total;
}

const withSeed = {
  round: gameRounds,
  serverSeedHash: gameSeeds.serverSeedHash,
  serverSeed: gameSeeds.serverSeed,
  revealedAt: gameSeeds.revealedAt,
};
const flatten = (row: { round: RoundRow; serverSeedHash: string; serverSeed: string; revealedAt: Date | null }): RoundWithSeed => ({
  ...row.round,
  serverSeedHash: row.serverSeedHash,
  serverSeed: row.serverSeed,
  revealedAt: row.revealedAt,
});

export async function findRound(db: Executor, id: number): Promise<RoundWithSeed | undefined> {
  const rows = await db.select(withSeed).from(gameRounds).innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId)).where(eq(gameRounds.id, id));
  return rows[0] && flatten(rows[0]);
}

export async function roundsOf(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(withSeed)
      .from(gameRounds)
      .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
      .where(eq(gameRounds.userId, userId))
      .orderBy(desc(gameRounds.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(gameRounds).where(eq(gameRounds.userId, userId)),
  ]);
  return { list: rows.map(flatten), total: total!.n };
}

export function totalsOf(db: Executor, userId: number) {
  return db
    .select({
      asset: gameRounds.asset,
      rounds: sql<number>`count(*)::int`,
      staked: sql<string>`sum(${gameRounds.stake})::numeric(38, 8)::text`,
      paid: sql<string>`sum(${gameRounds.payout})::numeric(38, 8)::text`,
      net: sql<string>`sum(${gameRounds.payout} - ${gameRounds.stake})::numeric(38, 8)::text`,
    })
    .from(gameRounds)
    .where(eq(gameRounds.userId, userId))
    .groupBy(gameRounds.asset)
    .orderBy(gameRounds.asset);
}

/** The house result per UTC day, game and asset since `since`, newest day first. */
export function houseByDay(db: Executor, since: Date) {
  const day = sql<string>`to_char(${gameRounds.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      game: gameRounds.game,
      asset: gameRounds.asset,
      rounds: sql<number>`count(*)::int`,
      staked: sql<string>`sum(${gameRounds.stake})::numeric(38, 8)::text`,
      paid: sql<string>`sum(${gameRounds.payout})::numeric(38, 8)::text`,
      house: sql<string>`sum(${gameRounds.stake} - ${gameRounds.payout})::numeric(38, 8)::text`,
    })
    .from(gameRounds)
    .where(gte(gameRounds.createdAt, since))
    .groupBy(day, gameRounds.game, gameRounds.asset)
    .orderBy(desc(day), gameRounds.game, gameRounds.asset);
}

export function allSettings(db: Executor): Promise<SettingsRow[]> {
  return db.select().from(gameSettings).orderBy(gameSettings.game);
}

export async function findSettings(db: Executor, game: string, lock = false): Promise<SettingsRow | undefined> {
  const query = db.select().from(gameSettings).where(eq(gameSettings.game, game));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertSettings(db: Executor, values: (typeof gameSettings.$inferInsert)[]): Promise<void> {
  await db.insert(gameSettings).values(values).onConflictDoNothing();
}

export async function updateSettings(db: Executor, game: string, values: Partial<typeof gameSettings.$inferInsert>): Promise<SettingsRow> {
  const rows = await db.update(gameSettings).set(values).where(eq(gameSettings.game, game)).returning();
  return rows[0]!;
}

export async function raffleRow(db: Executor, lock = false) {
  const query = db.select().from(gameRaffle).where(eq(gameRaffle.id, 1));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertRaffle(db: Executor, values: typeof gameRaffle.$inferInsert): Promise<void> {
  await db.insert(gameRaffle).values(values).onConflictDoNothing();
}

export async function updateRaffle(db: Executor, values: Partial<typeof gameRaffle.$inferInsert>) {
  const rows = await db.update(gameRaffle).set(values).where(eq(gameRaffle.id, 1)).returning();
  return rows[0]!;
}

export async function spinsOf(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ spins: gameFreeSpins.spins }).from(gameFreeSpins).where(eq(gameFreeSpins.userId, userId));
  return rows[0]?.spins ?? 0;
}

export async function grantSpins(db: Executor, userId: number, spins: number, at: Date): Promise<number> {
  const rows = await db
    .insert(gameFreeSpins)
    .values({ userId, spins, updatedAt: at })
    .onConflictDoUpdate({ target: gameFreeSpins.userId, set: { spins: sql`${gameFreeSpins.spins} + ${spins}`, updatedAt: at } })
    .returning({ spins: gameFreeSpins.spins });
  return rows[0]!.spins;
}

/** Uses one free spin if the user has one left: the spins left after it, or null when none was left. */
export async function useSpin(db: Executor, userId: number, at: Date): Promise<number | null> {
  const rows = await db
    .update(gameFreeSpins)
    .set({ spins: sql`${gameFreeSpins.spins} - 1`, updatedAt: at })
    .where(and(eq(gameFreeSpins.userId, userId), gt(gameFreeSpins.spins, 0)))
    .returning({ spins: gameFreeSpins.spins });
  return rows[0]?.spins ?? null;
}
