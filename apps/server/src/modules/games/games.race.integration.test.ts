/**
 * 200 bets at once from a balance that covers 50 (issue 14): exactly 50 are accepted, the journal sums to zero
 * per asset and the house account holds the sum of the rounds' results. Every accepted bet here loses, so the
 * balance cannot grow and let a 51st through: the operator's blind box holds eight empty boxes and one of 8.64×
 * (RTP 0.96), and the player picks a client seed under which box 0 is empty for nonces 0 … 49 — provable
 * fairness lets anyone compute that in advance, which is exactly what it promises.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blindBoxOutcome, toUnits } from '@reef/contract';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';

const MULTIPLIERS = ['0', '0', '0', '0', '0', '0', '0', '0', '8.64'];
const BETS = 200;
const COVERED = 50;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('game bets racing for one balance (%s)', (kind) => {
  let t: TestApp, dave: SignedInUser;
  withTestApp({ kind, env: { GAME_BETS_PER_SECOND: '0' } }, async (app) => {
    t = app;
    dave = await t.signIn();
    await t.fund(dave.uid, 'game', String(COVERED * 2));
    const set = await t.call({
      method: 'POST',
      url: '/api/admin/game/settings/blind_box',
      token: t.admin.token,
      payload: { multipliers: MULTIPLIERS, rtp: '0.96' },
    });
    expect(set.status, set.msg).toBe(200);
  });

  it(`accepts exactly ${COVERED} of ${BETS} concurrent bets`, async () => {
    await t.call({ method: 'GET', url: '/api/game/seed', token: dave.token });
    const [seed] = rowsOf<{ server_seed: string }>(await t.database.db.execute(sql`select server_seed from game_seeds where user_id = ${dave.uid}`));
    let clientSeed = '';
    for (let i = 0; !clientSeed; i += 1) {
      const candidate = `race-${i}`;
      let empty = true;
      for (let nonce = 0; nonce <= COVERED && empty; nonce += 1) {
        empty = blindBoxOutcome({ serverSeed: seed!.server_seed, clientSeed: candidate, nonce }, MULTIPLIERS, 0).cents === 0;
      }
      if (empty) clientSeed = candidate;
    }
    expect((await t.call({ method: 'POST', url: '/api/game/seed/client', token: dave.token, payload: { client_seed: clientSeed } })).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: BETS }, () =>
        t.call({ method: 'POST', url: '/api/game/blind-box', token: dave.token, payload: { asset: 'game', amount: '2', box: 0 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(COVERED);
    expect(answers.filter((a) => a.data.code === 'INSUFFICIENT_BALANCE')).toHaveLength(BETS - COVERED);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.data.round.nonce)).size).toBe(COVERED);

    const info = await t.call({ method: 'GET', url: '/api/user/info', token: dave.token });
    expect((info.data.balances as { key: string; amount: string }[]).find((b) => b.key === 'game')?.amount).toBe('0.00000000');
    for (const [asset, total] of await journalTotals(t.database.db)) expect(total, asset).toBe(0n);
    const [results] = rowsOf<{ house: string }>(
      await t.database.db.execute(sql`select sum(stake - payout)::text as house from game_rounds where asset = 'game'`),
    );
    expect((await systemBalanceUnits(t.database.db, 'game_house')).get('game')).toBe(toUnits(results!.house));
    expect(toUnits(results!.house)).toBe(toUnits(String(COVERED * 2)));
    expect((await t.call({ method: 'GET', url: '/api/game/seed', token: dave.token })).data.nonce).toBe(COVERED);
  });
});
