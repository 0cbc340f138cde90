/**
 * Many players betting at once against the sharded house (decision 127): every bet is answered, each player's
 * nonces run 0 … n − 1 without a gap, the journal sums to zero per asset, the house's shards together hold exactly
 * the negated sum of the players' game lines and the rounds' stakes minus payouts, each shard's balance is the sum
 * of its own postings, and the operators' house figure (GET /api/admin/game/house) is that one sum.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { SHARDED_SYSTEM_ACCOUNTS, journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';

const PLAYERS = 24;
const BETS_EACH = 8;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('game bets against the sharded house (%s)', (kind) => {
  let t: TestApp, players: SignedInUser[];
  withTestApp({ kind, env: { GAME_BETS_PER_SECOND: '0' } }, async (app) => {
    t = app;
    players = [];
    for (let i = 0; i < PLAYERS; i += 1) players.push(await t.signIn());
    for (const player of players) await t.fund(player.uid, 'game', '1000');
  });

  it(`books ${PLAYERS * BETS_EACH} concurrent bets once each, the shards summing to the players' losses`, async () => {
    const answers = await Promise.all(
      players.flatMap((player, p) =>
        Array.from({ length: BETS_EACH }, (_, b) =>
          (b + p) % 2
            ? t.call({ method: 'POST', url: '/api/game/slot', token: player.token, payload: { asset: 'game', amount: '3' } })
            : t.call({ method: 'POST', url: '/api/game/blind-box', token: player.token, payload: { asset: 'game', amount: '2', box: b % 3 } }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.msg)).toEqual([]);
    for (const player of players) {
      const own = rowsOf<{ nonce: number }>(await t.database.db.execute(sql`select nonce from game_rounds where user_id = ${player.uid} order by nonce`));
      expect(own.map((r) => r.nonce)).toEqual(Array.from({ length: BETS_EACH }, (_, i) => i));
    }

    for (const [asset, total] of await journalTotals(t.database.db)) expect(total, asset).toBe(0n);
    const [lines] = rowsOf<{ players: string; house: string; rounds: string }>(
      await t.database.db.execute(sql`
        select (select coalesce(sum(amount), 0)::text from postings where user_id is not null and kind in ('game_bet', 'game_payout') and asset = 'game') as players,
               (select coalesce(sum(p.amount), 0)::text from postings p join ledger_accounts a on a.id = p.account_id
                 where (a.system_key = 'game_house' or a.system_key like 'game!_house:%' escape '!') and p.asset = 'game') as house,
               (select sum(stake - payout)::text from game_rounds where asset = 'game') as rounds`),
    );
    const house = (await systemBalanceUnits(t.database.db, 'game_house')).get('game')!;
    expect(house).toBe(-toUnits(lines!.players));
    expect(house).toBe(toUnits(lines!.house));
    expect(house).toBe(toUnits(lines!.rounds));

    const shards = rowsOf<{ system_key: string; balance: string; posted: string }>(
      await t.database.db.execute(sql`
        select a.system_key, a.balance::text, coalesce((select sum(amount) from postings p where p.account_id = a.id), 0)::text as posted
          from ledger_accounts a where (a.system_key = 'game_house' or a.system_key like 'game!_house:%' escape '!') and a.asset = 'game'`),
    );
    // Players' user ids are consecutive, so 24 of them meet every one of the shards.
    expect(shards.map((s) => s.system_key).sort()).toEqual(
      Array.from({ length: SHARDED_SYSTEM_ACCOUNTS.game_house }, (_, k) => (k === 0 ? 'game_house' : `game_house:${k}`)).sort(),
    );
    for (const shard of shards) expect(toUnits(shard.balance), shard.system_key).toBe(toUnits(shard.posted));

    const figure = await t.call({ method: 'GET', url: '/api/admin/game/house?days=1', token: t.admin.token });
    expect(figure.status, figure.msg).toBe(200);
    const balances = figure.data.balances as { asset: string; balance: string }[];
    expect(balances.map((b) => b.asset)).toEqual(['game']);
    expect(toUnits(balances[0]!.balance)).toBe(house);
  });
});
