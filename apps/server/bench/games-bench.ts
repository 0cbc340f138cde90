/**
 * The game zone under load (issue 14, decisions 070-071): many signed-in users each betting 1 game point from
 * their own balance, as fast as they are answered, on `POST /api/game/blind-box` and then `POST /api/game/slot`
 * (each bet with its own Idempotency-Key), then the same players betting the goal table's rate together (the p99
 * the goal bounds, decision 126). Reports bets written per second and the p99 of each route, beside one player
 * betting alone (the serial rate). Bets post against the player's shard of `game_house` and the bets waiting
 * for a shard commit together (decision 127; before it every bet of an asset queued on one house row: 55 bets/s).
 * The per-user bet gate (GAME_BETS_PER_SECOND, 5/s) is off here, as the other phases turn the rate limits off.
 * Afterwards the journal must sum to zero per asset and `game_house` (the sum of its shards) must equal stakes minus
 * payouts of the rounds, per asset; the phase fails otherwise. `npm run bench` runs it on PGlite and, with DATABASE_URL, on
 * PostgreSQL; `npm run bench:games` runs only this phase (`BENCH_KINDS=pglite|postgres` picks the databases,
 * BENCH_GAME_USERS the number of players, 100 by default).
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fromUnits, toUnits } from '@reef/contract';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { SHARDED_SYSTEM_ACCOUNTS, journalTotals, postEntry, systemBalanceUnits, type PostingInput } from '../src/modules/ledger/ledger.service.js';
import { goalRate } from './goals.js';
import { benchConfig, benchSignIn, runAlone } from './common.js';

const run = promisify(execFile);
const USERS = Number(process.env.BENCH_GAME_USERS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const FUNDS = '50000';
const ALONE_S = 3;
const GAMES = ['blind_box', 'slot'] as const;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface GameLoad {
  game: (typeof GAMES)[number];
  written: number;
  betsPerSecond: number;
  answeredPerSecond: number;
  p50: number;
  p99: number;
  refusals: Record<string, number>;
  errors: number;
}

export interface GamesResult {
  /** Each game, its players betting as fast as they are answered. */
  loads: GameLoad[];
  /** Each game, its players together betting `rate` a second: the row's goal rate (decision 126). */
  rated: GameLoad[];
  rate: number;
  /** One player alone on the blind box: the serial rate the many players' figure is read against. */
  alone: GameLoad;
  /** Per asset: game_house's balance and the rounds' stakes minus payouts (equal, or the phase has thrown). */
  house: { asset: string; balance: string; stakesMinusPayouts: string; rounds: number }[];
  /** How many rows the house is kept in (decision 127). */
  houseShards: number;
}

async function roundsOf(database: DatabaseHandle, game: string): Promise<number> {
  return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from game_rounds where game = ${game}`))[0]!.n;
}

export async function runGamesBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<GamesResult> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const database = await open();
  const app = await buildApp({ config: benchConfig(adminWallet, { GAME_BETS_PER_SECOND: '0' }), db: database.db });
  try {
    const signIn = benchSignIn(app);
    const admin = await signIn(adminWallet);
    const users: { token: string; uid: number }[] = [];
    for (let i = 0; i < USERS; i += 25) users.push(...(await Promise.all(Array.from({ length: Math.min(25, USERS - i) }, () => signIn()))));
    // Game points credited through the ledger, one adjustment entry for every player (as the cards burst funds).
    await database.db.transaction(async (tx) => {
      const postings: PostingInput[] = users.map((u) => ({ account: { userId: u.uid, asset: 'game' as const }, amount: toUnits(FUNDS), kind: 'adjustment' }));
      postings.push({ account: { system: 'adjustment', asset: 'game' }, amount: -toUnits(FUNDS) * BigInt(users.length), kind: 'adjustment' });
      await postEntry(tx, { kind: 'adjustment', memo: 'bench', actorId: admin.uid, postings });
    });

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const script = path.resolve(import.meta.dirname, 'games-load.mjs');
    const betting = async (game: GameLoad['game'], tokens: string[], duration: number, rate = 0): Promise<GameLoad> => {
      const before = await roundsOf(database, game);
      const config = JSON.stringify({ url: address, tokens, duration, game, rate });
      const { stdout } = await run(process.execPath, [script, config], { maxBuffer: 64 * 1024 * 1024 });
      const r = JSON.parse(stdout);
      const written = (await roundsOf(database, game)) - before;
      return {
        game,
        written,
        betsPerSecond: written / duration,
        answeredPerSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        refusals: r.refusals,
        errors: r.errors + r.non2xx,
      };
    };
    const alone = await betting('blind_box', [users[0]!.token], ALONE_S);
    const loads: GameLoad[] = [];
    const rated: GameLoad[] = [];
    for (const game of GAMES) {
      loads.push(
        await betting(
          game,
          users.map((u) => u.token),
          DURATION_S,
        ),
      );
      // The same players together betting the row's goal rate: the p99 the goal bounds (decision 126).
      rated.push(
        await betting(
          game,
          users.map((u) => u.token),
          DURATION_S,
          goalRate('games', kind),
        ),
      );
    }
    await app.close();

    for (const [asset, total] of await journalTotals(database.db)) {
      if (total !== 0n) throw new Error(`the journal does not sum to zero in ${asset} after the game bench: ${fromUnits(total)}`);
    }
    // A bet the load left in flight may still commit after the app closed: read the house, the rounds and the
    // house again until nothing moved in between, so both figures are of the same moment.
    const readRounds = async () =>
      rowsOf<{ asset: string; house: string; n: number }>(
        await database.db.execute(sql`select asset, sum(stake - payout)::text as house, count(*)::int as n from game_rounds group by asset order by asset`),
      );
    const same = (a: Map<string, bigint>, b: Map<string, bigint>) => a.size === b.size && [...a].every(([asset, units]) => b.get(asset) === units);
    let balances = await systemBalanceUnits(database.db, 'game_house');
    let results = await readRounds();
    for (let again = await systemBalanceUnits(database.db, 'game_house'); !same(again, balances);) {
      balances = again;
      results = await readRounds();
      again = await systemBalanceUnits(database.db, 'game_house');
    }
    const house = results.map((r) => {
      const balance = balances.get(r.asset) ?? 0n;
      if (balance !== toUnits(r.house)) {
        throw new Error(`game_house holds ${fromUnits(balance)} ${r.asset} but the rounds' stakes minus payouts are ${r.house}`);
      }
      return { asset: r.asset, balance: fromUnits(balance), stakesMinusPayouts: fromUnits(toUnits(r.house)), rounds: r.n };
    });
    for (const asset of balances.keys()) {
      if (!results.some((r) => r.asset === asset)) throw new Error(`game_house holds ${asset} without any round in it`);
    }
    for (const load of [alone, ...loads, ...rated]) {
      if (load.errors || Object.keys(load.refusals).length) {
        throw new Error(`${load.game} answered errors or refusals under load: errors ${load.errors}, refusals ${JSON.stringify(load.refusals)}`);
      }
    }
    return { loads, rated, rate: goalRate('games', kind), alone, house, houseShards: SHARDED_SYSTEM_ACCOUNTS.game_house };
  } finally {
    await app.close();
    await database.close();
  }
}

export function gamesLines(kind: string, r: GamesResult): string[] {
  return [
    `Game zone on ${kind}: ${USERS} signed-in users each betting 1 game point from their own balance, ${DURATION_S} s per game`,
    ...r.loads.map(
      (l) =>
        `  ${(l.game === 'slot' ? 'POST /api/game/slot' : 'POST /api/game/blind-box').padEnd(26)} ${l.betsPerSecond.toFixed(0).padStart(6)} bets/s written (${l.written})   answered ${l.answeredPerSecond.toFixed(0)}/s   p50 ${l.p50} ms   p99 ${l.p99} ms`,
    ),
    ...r.rated.map(
      (l) =>
        `  ${(l.game === 'slot' ? 'POST /api/game/slot' : 'POST /api/game/blind-box').padEnd(26)} at the goal rate, ${r.rate} bets/s offered: ${l.betsPerSecond.toFixed(0)} bets/s written (${l.written})   p50 ${l.p50} ms   p99 ${l.p99} ms`,
    ),
    `  one player alone on the blind box: ${r.alone.betsPerSecond.toFixed(0)} bets/s, p50 ${r.alone.p50} ms, p99 ${r.alone.p99} ms (${ALONE_S} s)`,
    `  bets commit in groups against ${r.houseShards} house shards: ${USERS} players reach ${(r.loads[0]!.betsPerSecond / r.alone.betsPerSecond).toFixed(1)}× one player's rate`,
    ...r.house.map((h) => `  checked: journal sums to zero; game_house (all shards) ${h.asset} ${h.balance} = stakes − payouts of ${h.rounds} rounds`),
    '  (measured on whatever else the machine is running at the time: compare runs of the same load)',
  ];
}

await runAlone(import.meta.url, async (kind, open) => {
  for (const line of gamesLines(kind, await runGamesBench(kind, open))) console.log(line);
  console.log('');
});
