import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_PAYTABLE, blindBoxOutcome, raffleOutcome, serverSeedHash, slotOutcome, toUnits, type RaffleSegment } from '@reef/contract';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function balance(t: TestApp, user: SignedInUser, asset: string) {
  const res = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
  return (res.data.balances as { key: string; amount: string }[]).find((b) => b.key === asset)?.amount;
}

const box = (t: TestApp, user: SignedInUser, payload: Record<string, unknown>, key?: string) =>
  t.call({ method: 'POST', url: '/api/game/blind-box', token: user.token, payload, headers: key ? { 'idempotency-key': key } : {} });
const spin = (t: TestApp, user: SignedInUser, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/game/slot', token: user.token, payload });
const settings = (t: TestApp, game: string, payload: Record<string, unknown>, token = t.admin.token) =>
  t.call({ method: 'POST', url: `/api/admin/game/settings/${game}`, token, payload });

describe.each(databaseKinds)('game zone (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, env: { GAME_BETS_PER_SECOND: '0' } }, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
    await t.fund(alice.uid, 'game', '1000');
    await t.fund(bob.uid, 'game', '1000');
    await t.fund(alice.uid, 'coin', '100');
  });

  it('commits to the server seed, plays both games from it, and reveals it on rotation so anyone can recompute', async () => {
    const seed = (await t.call({ method: 'GET', url: '/api/game/seed', token: alice.token })).data;
    expect(seed).toMatchObject({ nonce: 0 });
    expect(seed.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call({ method: 'POST', url: '/api/game/seed/client', token: alice.token, payload: { client_seed: '  my seed 🐯 ' } })).data).toMatchObject({
      client_seed: 'my seed 🐯',
      server_seed_hash: seed.server_seed_hash,
    });

    for (const client_seed of ['a\u0000b', '', 'x'.repeat(65)]) {
      expect((await t.call({ method: 'POST', url: '/api/game/seed/client', token: alice.token, payload: { client_seed } })).data.code).toBe('PARAMETER_ERROR');
    }

    const before = toUnits((await balance(t, alice, 'game'))!);
    const played = await box(t, alice, { asset: 'game', amount: '10', box: 2 });
    expect(played.status, played.msg).toBe(200);
    const round = played.data.round;
    expect(round).toMatchObject({ game: 'blind_box', nonce: 0, client_seed: 'my seed 🐯', server_seed: null, stake: '10.00000000' });
    expect(played.data.seed.nonce).toBe(1);
    expect(toUnits(played.data.balance)).toBe(before - toUnits('10') + toUnits(round.payout));

    const spun = await spin(t, alice, { asset: 'game', amount: '5' });
    expect(spun.status, spun.msg).toBe(200);
    expect(spun.data.round).toMatchObject({ game: 'slot', nonce: 1 });

    // The owner sees the round at once (seed hidden); someone else only after the seed is revealed.
    expect((await t.call({ method: 'GET', url: `/api/game/rounds/${round.id}`, token: alice.token })).data.server_seed).toBeNull();
    expect((await t.call({ method: 'GET', url: `/api/game/rounds/${round.id}`, token: bob.token })).data.code).toBe('GAME_SEED_NOT_REVEALED');
    expect((await t.call({ method: 'GET', url: '/api/game/rounds/999999999', token: bob.token })).data.code).toBe('NOT_FOUND');

    const rotated = await t.call({ method: 'POST', url: '/api/game/seed/rotate', token: alice.token, payload: {} });
    expect(rotated.status, rotated.msg).toBe(200);
    const revealed = rotated.data.previous.server_seed as string;
    expect(serverSeedHash(revealed)).toBe(seed.server_seed_hash);
    expect(rotated.data.previous.bets).toBe(2);
    expect(rotated.data.current).toMatchObject({ nonce: 0, client_seed: 'my seed 🐯' });
    expect(rotated.data.current.server_seed_hash).not.toBe(seed.server_seed_hash);

    const seen = await t.call({ method: 'GET', url: `/api/game/rounds/${round.id}`, token: bob.token });
    expect(seen.status, seen.msg).toBe(200);
    expect(seen.data.server_seed).toBe(revealed);
    const recomputed = blindBoxOutcome({ serverSeed: revealed, clientSeed: 'my seed 🐯', nonce: 0 }, seen.data.result.multipliers, 2);
    expect(recomputed.arrangement).toEqual(seen.data.result.arrangement);
    expect(toUnits(round.payout)).toBe((toUnits('10') * BigInt(recomputed.cents)) / 100n);
    const slotRound = (await t.call({ method: 'GET', url: `/api/game/rounds/${spun.data.round.id}`, token: alice.token })).data;
    expect(slotOutcome({ serverSeed: revealed, clientSeed: 'my seed 🐯', nonce: 1 }, DEFAULT_SLOT_PAYTABLE).stops).toEqual(slotRound.result.stops);

    // The game room: newest first, with totals per payment method.
    const room = (await t.call({ method: 'GET', url: '/api/game/rounds', token: alice.token })).data;
    expect(room.total).toBe(2);
    expect(room.list.map((r: { game: string }) => r.game)).toEqual(['slot', 'blind_box']);
    expect(room.totals).toEqual([expect.objectContaining({ asset: 'game', rounds: 2, staked: '15.00000000' })]);
    expect((await t.call({ method: 'GET', url: '/api/game/rounds', token: bob.token })).data.total).toBe(0);

    const events = rowsOf<{ type: string }>(
      await t.database.db.execute(sql`select type from business_events where user_id = ${alice.uid} and type like 'game.%' order by id`),
    );
    expect(events.map((e) => e.type)).toEqual(['game.played', 'game.played', 'game.seed_rotated']);
  });

  it('refuses bad bets with the spec’s and the game’s own reasons, changing nothing', async () => {
    const before = await balance(t, bob, 'game');
    const cases: [Record<string, unknown>, string][] = [
      [{ box: 0 }, 'GAME_BET_REQUIRED'],
      [{ asset: 'game', box: 0 }, 'GAME_BET_REQUIRED'],
      [{ amount: '1', box: 0 }, 'GAME_BET_REQUIRED'],
      [{ asset: 'game', amount: '0', box: 0 }, 'GAME_STAKE_INVALID'],
      [{ asset: 'game', amount: '0.00', box: 0 }, 'GAME_STAKE_INVALID'],
      [{ asset: 'game', amount: '-1', box: 0 }, 'GAME_STAKE_INVALID'],
      [{ asset: 'game', amount: '1.001', box: 0 }, 'GAME_STAKE_INVALID'],
      [{ asset: 'game', amount: '1e3', box: 0 }, 'GAME_STAKE_INVALID'],
      [{ asset: 'game', amount: '0.5', box: 0 }, 'GAME_STAKE_BELOW_MINIMUM'],
      [{ asset: 'game', amount: '1000.01', box: 0 }, 'GAME_STAKE_ABOVE_LIMIT'],
      [{ asset: 'game', amount: '1', box: 5 }, 'GAME_BOX_UNKNOWN'],
      [{ asset: 'coin', amount: '1', box: 0 }, 'GAME_PAYMENT_METHOD_OFF'],
      [{ asset: 'usdt', amount: '1', box: 0 }, 'GAME_PAYMENT_METHOD_OFF'],
    ];
    for (const [payload, code] of cases) expect((await box(t, bob, payload)).data.code, JSON.stringify(payload)).toBe(code);
    expect((await box(t, bob, { asset: 'game', amount: '1' })).data.code).toBe('GAME_BOX_UNKNOWN');
    expect((await box(t, bob, { asset: 'game', amount: 1, box: 0 })).data.code).toBe('PARAMETER_ERROR');
    expect((await spin(t, bob, { asset: 'game', amount: '1', extra: true })).data.code).toBe('PARAMETER_ERROR');
    // More than the balance: the ledger refuses the entry.
    const poor = await t.signIn();
    expect((await spin(t, poor, { asset: 'game', amount: '1' })).data.code).toBe('INSUFFICIENT_BALANCE');

    expect((await settings(t, 'slot', { enabled: false })).status).toBe(200);
    expect((await spin(t, bob, { asset: 'game', amount: '1' })).data.code).toBe('GAME_DISABLED');
    expect((await settings(t, 'slot', { enabled: true })).status).toBe(200);
    expect(await balance(t, bob, 'game')).toBe(before);
    expect((await t.call({ method: 'GET', url: '/api/game/seed', token: bob.token })).data.nonce).toBe(0);
  });

  it('lets operators choose payment methods, limits and paytables within the RTP bounds, audited', async () => {
    const forbidden = await settings(t, 'blind_box', { enabled: false }, alice.token);
    expect(forbidden.http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/game/settings', token: alice.token })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/game/house', token: alice.token })).http).toBe(403);

    // Mean 0.8: an edge of 20 % is outside the bounds; stated 0.96 for a paytable worth 0.98 does not match.
    expect((await settings(t, 'blind_box', { multipliers: ['0', '1.6'], rtp: '0.8' })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'blind_box', { rtp: '1.5' })).data.code).toBe('PARAMETER_ERROR');
    expect((await settings(t, 'blind_box', { multipliers: ['0', '1.6'] })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'blind_box', { multipliers: ['0', '1.96'] })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'blind_box', { multipliers: ['0', '1.98'], rtp: '0.99' })).status).toBe(200);
    expect((await settings(t, 'blind_box', { multipliers: ['0', '2'], rtp: '1' })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'slot', { paytable: { ...DEFAULT_SLOT_PAYTABLE, tiger_one: '3' } })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'slot', { multipliers: ['1', '1'] })).data.code).toBe('GAME_SETTINGS_INVALID');
    expect((await settings(t, 'slot', { min_stake: '10', max_stake: '5' })).data.code).toBe('GAME_SETTINGS_INVALID');

    const changed = await settings(t, 'blind_box', {
      multipliers: ['0', '0.5', '1', '1.3', '2'],
      rtp: '0.96',
      assets: ['game', 'coin'],
      max_stake: '20',
      daily_limit: '30',
    });
    expect(changed.status, changed.msg).toBe(200);
    expect(changed.data).toMatchObject({ rtp: '0.9600', assets: ['game', 'coin'], max_stake: '20.00000000', daily_limit: '30.00000000' });
    const terms = (await t.call({ method: 'GET', url: '/api/game/paytable' })).data.list;
    expect(terms.map((g: { game: string }) => g.game)).toEqual(['blind_box', 'slot']);
    expect(terms[1].reels).toHaveLength(3);

    const coin = await box(t, alice, { asset: 'coin', amount: '20', box: 1 });
    expect(coin.status, coin.msg).toBe(200);
    expect((await box(t, alice, { asset: 'coin', amount: '11', box: 1 })).data.code).toBe('GAME_DAILY_LIMIT');
    expect((await box(t, alice, { asset: 'coin', amount: '10', box: 1 })).status).toBe(200);
    // The limit is per payment method: game points still have room today.
    expect((await box(t, alice, { asset: 'game', amount: '10', box: 1 })).status).toBe(200);

    const audit = rowsOf<{ user_id: number; payload: { game: string; before: { multipliers: string[] }; after: { multipliers: string[] } } }>(
      await t.database.db.execute(sql`select user_id, payload from business_events where type = 'game.settings_changed' order by id`),
    );
    expect(audit.at(-1)).toMatchObject({ user_id: t.admin.uid, payload: { game: 'blind_box', after: { multipliers: ['0', '0.5', '1', '1.3', '2'] } } });
    expect(audit.at(-1)!.payload.before.multipliers).toEqual(['0', '1.98']);
    await settings(t, 'blind_box', { max_stake: '1000', daily_limit: '100000', assets: ['game'] });
  });

  it('replays a bet sent twice with one Idempotency-Key and books it once', async () => {
    const before = await t.call({ method: 'GET', url: '/api/game/rounds', token: bob.token });
    const first = await box(t, bob, { asset: 'game', amount: '3', box: 1 }, 'game-bet-key-1');
    const again = await box(t, bob, { asset: 'game', amount: '3', box: 1 }, 'game-bet-key-1');
    expect(first.status, first.msg).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await box(t, bob, { asset: 'game', amount: '4', box: 1 }, 'game-bet-key-1')).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.call({ method: 'GET', url: '/api/game/rounds', token: bob.token })).data.total).toBe(before.data.total + 1);
  });

  it('draws the raffle on free spins an operator granted, crediting prizes from the house, verifiable like a bet', async () => {
    const raffle = (user: SignedInUser) => t.call({ method: 'POST', url: '/api/game/raffle', token: user.token });
    const grant = (uid: number, spins: number, token = t.admin.token) =>
      t.call({ method: 'POST', url: '/api/admin/game/raffle/spins', token, payload: { uid, spins } });
    expect((await raffle(bob)).data.code).toBe('GAME_NO_FREE_SPINS');
    expect((await grant(bob.uid, 3, bob.token)).http).toBe(403);
    expect((await grant(999_999_999, 3)).data.code).toBe('USER_NOT_FOUND');
    expect((await grant(bob.uid, 0)).data.code).toBe('PARAMETER_ERROR');
    expect((await grant(bob.uid, 3)).data).toEqual({ uid: bob.uid, spins_left: 3 });
    const wheel = [
      { asset: 'game', amount: '2', weight: 3 },
      { asset: 'coin', amount: '0.5', weight: 1 },
    ];
    expect((await t.call({ method: 'POST', url: '/api/admin/game/raffle', token: t.admin.token, payload: { segments: wheel } })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/game/raffle', token: bob.token })).data).toEqual({ enabled: true, segments: wheel, spins_left: 3 });

    const before = { game: toUnits((await balance(t, bob, 'game'))!), coin: toUnits((await balance(t, bob, 'coin')) ?? '0') };
    const draws = [];
    for (let i = 0; i < 3; i += 1) {
      const drawn = await raffle(bob);
      expect(drawn.status, drawn.msg).toBe(200);
      expect(drawn.data.spins_left).toBe(2 - i);
      draws.push(drawn.data.round);
    }
    expect((await raffle(bob)).data.code).toBe('GAME_NO_FREE_SPINS');
    const won = { game: 0n, coin: 0n };
    for (const round of draws) won[round.asset as 'game' | 'coin'] += toUnits(round.payout);
    expect(toUnits((await balance(t, bob, 'game'))!)).toBe(before.game + won.game);
    expect(toUnits((await balance(t, bob, 'coin')) ?? '0')).toBe(before.coin + won.coin);

    const revealed = (await t.call({ method: 'POST', url: '/api/game/seed/rotate', token: bob.token, payload: {} })).data.previous.server_seed;
    for (const round of draws) {
      const { segment } = raffleOutcome({ serverSeed: revealed, clientSeed: round.client_seed, nonce: round.nonce }, wheel as RaffleSegment[]);
      expect(round.result.segment).toBe(segment);
      expect(round.payout).toBe(`${wheel[segment]!.amount}${wheel[segment]!.amount.includes('.') ? '0000000' : '.00000000'}`);
    }

    // An empty segment moves no money but is still a round; a wheel that is off refuses.
    await t.call({
      method: 'POST',
      url: '/api/admin/game/raffle',
      token: t.admin.token,
      payload: {
        segments: [
          { asset: 'game', amount: '0', weight: 1 },
          { asset: 'game', amount: '0', weight: 2 },
        ],
      },
    });
    await grant(bob.uid, 1);
    const empty = await raffle(bob);
    expect(empty.status, empty.msg).toBe(200);
    expect(empty.data.round).toMatchObject({ game: 'raffle', payout: '0.00000000', stake: '0.00000000' });
    await t.call({ method: 'POST', url: '/api/admin/game/raffle', token: t.admin.token, payload: { enabled: false } });
    await grant(bob.uid, 1);
    expect((await raffle(bob)).data.code).toBe('GAME_DISABLED');
    const audit = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from business_events where type = 'game.raffle_changed'`));
    expect(audit[0]!.n).toBe(6);
  });

  it('shows the house result per day, equal to the house account, with the journal balanced', async () => {
    const house = (await t.call({ method: 'GET', url: '/api/admin/game/house?days=1', token: t.admin.token })).data.list as {
      asset: string;
      house: string;
      rounds: number;
    }[];
    expect(house.length).toBeGreaterThan(0);
    const byAsset = new Map<string, bigint>();
    for (const row of house) byAsset.set(row.asset, (byAsset.get(row.asset) ?? 0n) + toUnits(row.house));
    const account = await systemBalanceUnits(t.database.db, 'game_house');
    for (const [asset, units] of byAsset) expect(account.get(asset) ?? 0n, asset).toBe(units);
    for (const [asset, total] of await journalTotals(t.database.db)) expect(total, asset).toBe(0n);
  });
});

describe('game zone burst limit', () => {
  let t: TestApp, carol: SignedInUser;
  withTestApp({ kind: 'pglite', env: { GAME_BETS_PER_SECOND: '2' } }, async (app) => {
    t = app;
    carol = await t.signIn();
    await t.fund(carol.uid, 'game', '100');
  });

  it("answers 'Do not operate frequently' beyond the bets allowed per second", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => spin(t, carol, { asset: 'game', amount: '1' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.data.code === 'TOO_FREQUENT')).toHaveLength(3);
  });
});
